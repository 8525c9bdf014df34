# Die eigenen Texte des Dienstes auf Deutsch: Fehler in Anfragen und Dokumenten und was alle
# Spiele gemeinsam sagen. Die Texte jedes Spiels stehen in service/games/<Spiel>/messages/de.ftl.
# Die Ids bleiben stabil: Clients übersetzen nach ihnen (messageId und args in jeder Antwort).

## Übergangsweise: ein Text, den eine Engine noch selbst schreibt.
untranslated = { $text }

## Dokumente
error-invalid-state = ungültiger Spielstand: { $count ->
    [one] ein Problem
   *[other] { $count } Probleme
 }
error-invalid-options = ungültige Optionen: { $count ->
    [one] ein Problem
   *[other] { $count } Probleme
 }

## Anfragen
error-at-move = Zug { $move }: { $error }
error-invalid-request = { $path }: { $reason }{ $more ->
    [0] {""}
    [one] {" "}(und ein weiteres Problem)
   *[other] {" "}(und { $more } weitere Probleme)
 }

## Der Inhalt einer Anfrage: der Grund jedes Problems (details.problems[].reason)
# $type ist der JSON-Typ des Gesendeten (array, object, string ...): JSONs eigene Wörter.
request-body-not-object = der Anfrageinhalt muss ein JSON-Objekt sein, nicht { $type }
request-unknown-field = unbekanntes Feld; erlaubt sind: { $allowed }
request-required = erforderlich
request-state-required = erforderlich: das Spielstand-Dokument
request-state-not-object = muss ein Objekt sein (ein Spielstand-Dokument), nicht { $type }
request-integer = muss eine ganze Zahl sein, nicht { $type }
request-boolean = muss true oder false sein, nicht { $type }
request-string = muss eine Zeichenkette sein, nicht { $type }
request-object = muss ein Objekt sein, nicht { $type }
request-move-and-moves = geben Sie entweder 'move' oder 'moves' an, nicht beides
request-moves-array = muss ein Array von Zügen sein, nicht { $type }
request-move-required = erforderlich: 'move' (eine Zeichenkette) oder 'moves' (ein Array)
request-moves-required = erforderlich: ein Array von Zügen
request-not-a-move-item = ein Zug ist eine Notation (Zeichenkette), ein Zugdokument oder {"{"}"player": int, "move": string{"}"}, nicht { $type }
request-not-a-move = kein Zug ({ $type })
request-move-document = Zugdokument: { $problem }

## Der Inhalt einer Anfrage als Ganzes
error-malformed-json = der Anfrageinhalt ist kein gültiges JSON: { $detail } (Zeile { NUMBER($line, useGrouping: 0) }, Spalte { NUMBER($column, useGrouping: 0) }, Zeichen { NUMBER($char, useGrouping: 0) })
error-empty-body = der Anfrageinhalt ist leer; senden Sie ein JSON-Objekt
error-options-not-object = options muss ein Objekt sein
http-body-too-large = der Anfrageinhalt ist größer als { $limit } Byte

## Partieprotokolle in Textform
error-record-line = Partieprotokoll, Zeile { NUMBER($line, useGrouping: 0) }: { $error }
record-not-utf8 = kein UTF-8-Text: { $detail }

## Ablehnungen der Operationen (error.message)
error-unknown-game = unbekanntes Spiel { $game }
error-player-range = player muss zwischen 0 und { NUMBER($high, useGrouping: 0) } liegen, nicht { NUMBER($player, useGrouping: 0) }
error-seed-length = seed muss eine Zeichenkette aus { $low } bis { $high } Zeichen sein
request-characters = { $low } bis { $high } Zeichen
error-too-many-moves = höchstens { $limit ->
    [one] ein Zug
   *[other] { $limit } Züge
 } pro Anfrage, gesendet: { NUMBER($count, useGrouping: 0) }
error-too-many-moves-per-record = höchstens { $limit ->
    [one] ein Zug
   *[other] { $limit } Züge
 } pro Partieprotokoll, gesendet: { NUMBER($count, useGrouping: 0) }
error-chance-node = ein Zufallsknoten: hier entscheidet niemand (spielen Sie mit autoChance oder senden Sie das Zufallsergebnis)

## Ein Spielstand-Dokument, das der Dienst nicht annehmen kann
error-state-not-object = der Spielstand muss ein JSON-Objekt sein
request-json-object = muss ein JSON-Objekt sein
# $detail: die Worte der JSON-Bibliothek dafür, warum sich das Dokument nicht schreiben lässt
error-state-unencodable = das ist kein möglicher Spielstand: { $detail }
request-not-a-state = kein gültiges Spielstand-Dokument: { $detail }
error-state-unsigned = dieser Dienst nimmt nur Spielstände an, die er selbst signiert hat (der Spielstand hat kein 'sig')
error-unknown-key = die Signatur des Spielstands nennt keinen Schlüssel dieses Dienstes: ein anderer Dienst hat ihn signiert, oder er wurde mit einem inzwischen ausgemusterten Geheimnis signiert
error-bad-signature = die Signatur des Spielstands stimmt nicht: er wurde nach dem Signieren verändert
request-unknown-key-id = keine Schlüssel-ID der Geheimnisse dieses Dienstes

## Das Arbeitsbudget (MAX_WORK): wofür die Anfrage es brauchte, ist $what, eine der error-work-*
error-work-budget = diese Anfrage braucht mehr Arbeit, als eine einzelne Anfrage leisten darf ({ $what }); teilen Sie sie auf (das Budget beträgt { $limit ->
    [one] eine Einheit
   *[other] { $limit } Einheiten
 }: ein Zug kostet 1, eine Stellung { $position })
error-work-moves = Züge
error-work-legal-moves = erlaubte Züge
error-work-position = eine Stellung
error-work-score = eine Wertung
error-work-view = eine Ansicht
error-work-picture = ein Bild
error-work-suggestion = ein Zugvorschlag
error-work-result = das Ergebnis
error-work-search = eine Suche mit { $iterations ->
    [one] einer Iteration
   *[other] { $iterations } Iterationen
 }, bis zu { $plies ->
    [one] einem Halbzug
   *[other] { $plies } Halbzügen
 }

## Budget und Stufe des Referenz-Bots (suggest)
error-suggest-budget = budget muss zwischen 1 und { $limit } Iterationen liegen ({ $setting })
request-budget-range = 1 bis { $limit }
error-level-and-budget = senden Sie entweder budget oder level, nicht beides
request-excludes-budget = schließt budget aus
error-unknown-level = level muss einer der Werte { $levels } sein, nicht { $level }
request-one-of = einer der Werte { $choices }

## Die HTTP-Schicht
http-no-route = keine Route { $path }
http-method-not-allowed = { $method } ist auf { $path } nicht erlaubt
# Jede andere Ablehnung der HTTP-Schicht (heute nie): Starlettes Worte für den Status.
http-error = HTTP-Fehler { $status }: { $detail }
error-internal = interner Fehler; er wurde protokolliert

## GraphQL über HTTP: eine Anfrage, die sich nicht ausführen lässt (errors[].message)
graphql-media-type = senden Sie die Anfrage als application/json
graphql-not-acceptable = dieser Endpunkt antwortet mit { $media } oder { $legacy }
graphql-body-not-json = der Anfrageinhalt ist kein JSON: { $detail } (Zeile { NUMBER($line, useGrouping: 0) }, Spalte { NUMBER($column, useGrouping: 0) }, Zeichen { NUMBER($char, useGrouping: 0) })
graphql-batch = gebündelte Anfragen werden nicht unterstützt: senden Sie ein einzelnes Objekt
graphql-body-not-object = der Anfrageinhalt muss ein JSON-Objekt sein
graphql-param-not-json = der Parameter { $name } ist kein JSON
graphql-must-be-string = '{ $key }' muss eine Zeichenkette sein
graphql-must-be-object = '{ $key }' muss ein Objekt sein
graphql-no-query = keine Abfrage: senden Sie 'query' (oder den Hash einer gespeicherten Abfrage)
graphql-persisted-query-invalid = persistedQuery braucht version 1 und einen sha256Hash
graphql-hash-mismatch = der angegebene sha256Hash passt nicht zur Abfrage
graphql-operation-not-found = keine Operation namens { $name } im Dokument
graphql-several-operations = das Dokument enthält mehrere Operationen: nennen Sie eine in operationName
graphql-only-queries = es werden nur Abfragen (query) ausgeführt

## Grenzen eines GraphQL-Dokuments (extensions.limit und extensions.setting nennen die Grenze)
graphql-too-large = das Dokument ist größer als { $limit } Byte
graphql-too-many-tokens = das Dokument hat mehr als { $limit } Token
graphql-too-many-aliases = das Dokument verwendet { $count ->
    [one] einen Alias
   *[other] { $count } Aliasse
 }; höchstens { $limit } sind erlaubt
graphql-too-many-root-fields = die Operation fragt { $count ->
    [one] ein Wurzelfeld
   *[other] { $count } Wurzelfelder
 } ab; höchstens { $limit } sind erlaubt
graphql-too-deep = die Operation ist { $count } Felder tief verschachtelt; höchstens { $limit } sind erlaubt
