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
