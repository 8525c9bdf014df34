# Die eigenen Texte des Dienstes auf Deutsch: Fehler in Anfragen und Dokumenten und was alle
# Spiele gemeinsam sagen. Die Texte jedes Spiels stehen in service/games/<Spiel>/messages/de.ftl.
# Die Ids bleiben stabil: Clients übersetzen nach ihnen (messageId und args in jeder Antwort).
# Mengen (Byte, Einheiten) mit Tausenderpunkt, Nummern (Zeile, Zug, Spieler) ohne. Ein Wert des
# Clients ($game, $notation) kommt so, wie der Dienst ihn zeigt (in Anführungszeichen); ein
# JSON-Typ ($type) in JSONs eigenen Wörtern (array, object, string).


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
error-at-move = Zug { NUMBER($move, useGrouping: 0) }: { $error }
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
request-mark = muss ein Zug sein: seine Notation (Zeichenkette) oder sein Zugdokument, nicht { $type }
request-not-a-move-item = ein Zug ist eine Notation (Zeichenkette), ein Zugdokument oder {"{"}"player": int, "move": string{"}"}, nicht { $type }
request-not-a-move = kein Zug ({ $type })
request-move-document = Zugdokument: { $problem }
request-steps-array = muss ein Array von Schritten sein (Notationen oder Zugdokumente), nicht { $type }
request-not-a-step = ein Schritt ist eine Notation (Zeichenkette) oder ein Zugdokument, nicht { $type }
request-steps-at-most = höchstens { $limit ->
    [one] ein Schritt
   *[other] { $limit } Schritte
 } (die Schritte eines Zuges)

## Der Inhalt einer Anfrage als Ganzes
error-malformed-json = der Anfrageinhalt ist kein gültiges JSON: { $detail } (Zeile { NUMBER($line, useGrouping: 0) }, Spalte { NUMBER($column, useGrouping: 0) }, Zeichen { NUMBER($char, useGrouping: 0) })
error-empty-body = der Anfrageinhalt ist leer; senden Sie ein JSON-Objekt
error-options-not-object = options muss ein Objekt sein
http-body-too-large = der Anfrageinhalt ist größer als { $limit } Byte

## Partieprotokolle in Textform
error-record-line = Partieprotokoll, Zeile { NUMBER($line, useGrouping: 0) }: { $error }
error-not-utf8 = kein UTF-8-Text: { $detail }
# Jede dieser Meldungen ist der $error von error-record-line (die Zeile, in der es steht).
record-none = kein Partieprotokoll: ein Protokoll beginnt mit Tag-Zeilen wie [Game "mixtour"]
record-second = hier beginnt ein zweites Partieprotokoll; senden Sie nur eines
record-none-sent = kein Partieprotokoll: es beginnt mit einem Tag, [Game "mixtour"]
record-second-sent = hier beginnt ein zweites Partieprotokoll: senden Sie nur eines
record-other-game = das Protokoll gehört zum Spiel { $record }, dieser Aufruf zum Spiel { $game }
record-tags-first = Tag-Zeilen stehen vor den Zügen
record-tag-line = eine Tag-Zeile lautet [Name "Wert"]
record-tag-twice = das Tag { $tag } kommt zweimal vor (zuerst in Zeile { NUMBER($first, useGrouping: 0) })
record-escape = in einem Tag-Wert sind nur \" und \\ Escape-Sequenzen, nicht \{ $char }
record-no-game = das Protokoll hat kein Tag [Game "..."]
record-move-line = eine Zugzeile lautet 'N. Notation' oder 'N. P: Notation' (P: der Spieler)
record-move-number = Zugnummer { $got }, erwartet war { NUMBER($expected, useGrouping: 0) }
record-player-range = eine Spielernummer liegt zwischen 0 und { $max }
record-players = Players ist die Zahl der Spieler (1 oder mehr), nicht { $got }
record-options-object = Options ist ein JSON-Objekt, z. B. {"{"}"pointsToWin":3{"}"}
record-fair-contributions = FairContributions ist ein JSON-Array, ein Text oder null je Spieler, z. B. ["anna",null]
record-fair-tag = Tag { $tag }: { $error }
record-options = Options: { $problem }
record-result = Result lautet 'scores 5 3', 'winners 0' (oder 'winners none') oder beides, verbunden durch '; '
record-scores-finite = Punktzahlen sind endliche Zahlen
record-score = eine Punktzahl ist eine Dezimalzahl oder eine ganze Zahl innerhalb von 64 Bit
# Was ein Protokoll nicht fassen kann, in einer Zeile oder in den Feldern einer Anfrage
record-tag-is-a-field = das Tag { $tag } ist ein Feld des Protokolls, kein freies Tag
record-tag-once = ein Tag darf nur einmal vorkommen
record-tag-name = ein Tag-Name besteht aus einem Buchstaben, dann Buchstaben, Ziffern oder _: { $name }
record-tag-control = Tag { $tag }: keine Steuerzeichen (Zeilenumbrüche, Tabulatoren) in einem Wert
record-notation-blanks = ein Zug ist Notation auf einer Zeile, ohne Leerraum davor oder danach: { $notation }
record-notation-start = ein Zug darf nicht mit ';', '[' oder 'N:' beginnen: { $notation }
record-players-range = Players ist eine Zahl von 1 bis { $max }
record-scores = Punktzahlen sind endliche Zahlen, ganze Zahlen innerhalb von 64 Bit
record-winners = Gewinner sind Spielernummern (0 bis { $max })

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
error-too-many-steps = ein Zug in { $game } hat höchstens { $limit ->
    [one] einen Schritt
   *[other] { $limit } Schritte
 }, gesendet: { NUMBER($count, useGrouping: 0) }
# Die Ablehnung eines gewählten Schritts (next-steps), ab 1 gezählt (details.step: sein Index ab 0).
error-at-step = Schritt { NUMBER($step, useGrouping: 0) }: { $error }
error-chance-node = ein Zufallsknoten: hier entscheidet niemand (spielen Sie mit autoChance oder senden Sie das Zufallsergebnis)

## Ein Spielstand-Dokument, das der Dienst nicht annehmen kann
error-state-not-object = der Spielstand muss ein JSON-Objekt sein
request-json-object = muss ein JSON-Objekt sein
# $detail: die Worte der JSON-Bibliothek dafür, warum sich das Dokument nicht schreiben lässt
error-state-unencodable = das Dokument kann kein Spielstand sein: { $detail }
request-not-a-state = kein gültiges Spielstand-Dokument: { $detail }
error-state-unsigned = dieser Dienst nimmt nur Spielstände an, die er selbst signiert hat (der Spielstand hat kein 'sig')
error-unknown-key = die Signatur des Spielstands nennt keinen Schlüssel dieses Dienstes: ein anderer Dienst hat ihn signiert, oder er wurde mit einem inzwischen ausgemusterten Geheimnis signiert
error-bad-signature = die Signatur des Spielstands stimmt nicht: er wurde nach dem Signieren verändert
request-unknown-key-id = keine Schlüssel-ID eines Geheimnisses dieses Dienstes

## Das Arbeitsbudget (MAX_WORK): wofür die Anfrage es brauchte, ist $what, eine der error-work-*
error-work-budget = diese Anfrage braucht mehr Arbeit, als eine einzelne Anfrage leisten darf ({ $what }); teilen Sie sie auf (das Budget beträgt { $limit ->
    [one] eine Einheit
   *[other] { $limit } Einheiten
 }: ein Zug kostet 1, eine Stellung { $position })
error-work-moves = Züge
error-work-legal-moves = erlaubte Züge
error-work-next-steps = mögliche nächste Schritte
error-work-position = eine Stellung
error-work-prompt = eine Aufforderung
error-work-score = eine Wertung
error-work-view = eine Ansicht
error-work-picture = ein Bild
error-work-suggestion = ein Zugvorschlag
error-work-evaluation = eine Bewertung
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
error-budget-ms = budgetMs muss zwischen 1 und { $limit } Millisekunden liegen ({ $setting })
request-budget-range = 1 bis { $limit }
error-level-and-budget = senden Sie entweder budget oder level, nicht beides
request-excludes-budget = schließt budget aus
error-unknown-level = level muss einer der Werte { $levels } sein, nicht { $level }
request-one-of = einer der Werte { $choices }

## Die HTTP-Schicht
# GET / : was der Dienst ist und wo seine Teile liegen.
http-index = Regelwerk-Regeldienst: GraphQL unter /graphql, REST unter /v1, OpenAPI unter /openapi.json, die Spielregeln unter /v1/games/{"{"}game{"}"}/rules, eine Beispiel-Oberfläche zum Spielen unter /play
http-no-route = keine Route { $path }
http-method-not-allowed = { $method } ist auf { $path } nicht erlaubt
# Ein Anfragekopf, der ungelesen abgelehnt wird (HEADERS_TOO_LARGE): stets auf Englisch, da
# eben der Kopf abgelehnt wird, der die Sprache wählen würde.
http-too-many-headers = der Anfragekopf hat mehr als { $limit } Header-Felder
http-head-too-large = der Anfragekopf ist größer als { $limit } Byte
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

## Anfragen an verify und record: der Grund jedes Problems
request-record-alone = das Protokoll enthält die Partie: senden Sie 'record' allein
request-text-record = muss ein Partieprotokoll in Textform sein, nicht { $type }
request-must-be-string = muss eine Zeichenkette sein
request-claimed-scores = muss ein Array von Zahlen sein (ganze Zahlen innerhalb von 64 Bit)
request-claimed-winners = muss ein Array von Spielernummern sein (>= 0, innerhalb von 64 Bit)
request-certificate-required = erforderlich: das Zertifikat-Objekt, das verify ausgestellt hat
request-not-certificate-field = kein Feld eines Zertifikats
request-certificate-game = muss eine Spiel-ID sein
request-certificate-scores = muss ein Array ganzer Zahlen sein (64 Bit)
request-certificate-winners = muss ein Array von Spielernummern sein (64 Bit)
request-not-a-game = kein Spiel dieses Dienstes
# Eine Zeile eines Stapels (POST /v1/verify)
request-line-not-object = eine Zeile ist ein JSON-Objekt, nicht { $type }
request-game-required = erforderlich: die Spiel-ID

## Die Probleme eines Urteils (problems[].message): was mit der Partie nicht stimmt
verify-rules-version = die Partie wurde nach Regelversion { $claimed } gespielt; dieser Dienst kennt Version { $version }
# $move zählt ab 1 (die Zugnummer eines Protokolls); $error ist die Ablehnung durch die Regeln
verify-at-move = Zug { NUMBER($move, useGrouping: 0) } ({ $notation }): { $error }
verify-not-finished = das Protokoll endet vor dem Spiel: das Ergebnis steht nicht fest
verify-scores-differ = angegebene Punktzahlen { $claimed }, laut Protokoll { $computed }
verify-winners-differ = angegebene Gewinner { $claimed }, laut Protokoll { $computed }
# Eine Zeile eines Stapels, die sich nicht prüfen ließ
verify-line-not-json = die Zeile ist kein gültiges JSON: { $detail } (Zeile { NUMBER($line, useGrouping: 0) }, Spalte { NUMBER($column, useGrouping: 0) }, Zeichen { NUMBER($char, useGrouping: 0) })
verify-line-too-long = die Zeile ist länger als { $limit } Byte
verify-line-failed = die Prüfung dieser Zeile ist fehlgeschlagen (ein Fehler im Dienst, protokolliert)
analyze-line-failed = die Analyse dieser Zeile ist fehlgeschlagen (ein Fehler des Dienstes, protokolliert)
# Die Prüfung eines Zertifikats
verify-no-secret = dieser Dienst hat kein RULES_SECRET: er stellt keine Zertifikate aus und prüft keine
verify-unknown-key = das Zertifikat nennt keinen Schlüssel dieses Dienstes: ein anderer Dienst hat es ausgestellt, oder sein Geheimnis wurde ausgemustert
verify-bad-signature = die Signatur des Zertifikats stimmt nicht: es wurde verändert
verify-digest-differs = der Hashwert des Protokolls ist { $found }, der des Zertifikats { $claimed }: es bescheinigt ein anderes Protokoll

## Die Kommandozeile (regelwerk verify)
cli-cannot-read = regelwerk: { $file } lässt sich nicht lesen: { $reason }
cli-bad-jobs = --jobs erwartet eine Zahl von Prozessen (0: einer je Kern), nicht { $value }
# --format text: eine Zeile je Protokoll ($problems: Code, Regel und Meldung jedes Problems)
cli-valid = Zeile { NUMBER($line, useGrouping: 0) }: gültig, { $game }, { $plies ->
    [one] 1 Zug
   *[other] { $plies } Züge
 }, Punkte { $scores }, Gewinner { $winners }
cli-no-winners = keine
cli-invalid = Zeile { NUMBER($line, useGrouping: 0) }: UNGÜLTIG, { $game }: { $problems }
# der Zähler des Fortschrittsbalkens
cli-progress = { $records ->
    [one] 1 Protokoll
   *[other] { $records } Protokolle
 }, { $invalid } ungültig
cli-analysis-progress = Partie { NUMBER($record, useGrouping: 0) }: Zug { NUMBER($done, useGrouping: 0) } von { NUMBER($total, useGrouping: 0) }
cli-no-review = ; Zeile { NUMBER($line, useGrouping: 0) }: keine Analyse: { $error }

## JSON eines Clients, das der Dienst nicht zurückgeben kann
json-too-deep = tiefer als { $depth } Ebenen verschachtelt
json-integer-too-big = enthält eine ganze Zahl jenseits von 64 Bit

## Reference page
# Die Wörter der Referenzseite /play (service/web/): Knöpfe, Überschriften und Hinweise, die
# ihr /play/texts.json in der Sprache ihres Umschalters liefert. Ein Argument erreicht die
# Seite als Platzhalter, den sie selbst füllt; daher wählt keine dieser Nachrichten eine
# Variante nach einem Argument.
play-language = Deutsch
play-language-label = Sprache
play-title = Regelwerk · spielen
play-game = Spiel
play-players = Spielerzahl
play-seed = Startwert
play-seed-help = Daraus würfelt und zieht der Dienst; leer: du gibst Würfe und gezogene Steine selbst ein. Jede neue Partie bekommt einen neuen, außer er wird behalten.
play-seed-keep = für die nächste Partie behalten
play-new-game = Neue Partie
# Auf dem Telefon: der Knopf, der die eingeklappte Einrichtung (Spiel, Spielerzahl, Startwert, Optionen) aufklappt und wieder einklappt.
play-setup-more = Einstellungen ▾
play-setup-less = Einstellungen ▴
play-options = Optionen
play-undo = Zurücknehmen
play-verify = Durch Nachspielen prüfen
play-record = Partieverlauf
play-copy = Verlauf kopieren
play-download = Verlauf herunterladen
play-record-json = Verlauf als JSON (zum Nachspielen)
play-rules = Regeln
play-winner = Sieger
play-to-move = am Zug
play-seat = Wer { $name } spielt
play-seat-human = Mensch
play-seat-easy = Bot, leicht
play-seat-medium = Bot, mittel
play-seat-strong = Bot, stark
play-record-bot = vom Bot gespielt
play-cover = Gib das Gerät an { $name } weiter; die anderen Bänkchen bleiben verdeckt.
play-reveal = Ich bin { $name }: mein Bänkchen zeigen
play-hint-chance = Zufall: Gib ein, was die Würfel zeigen oder welcher Stein gezogen wurde.
play-replay-same = Von vorn nachgespielt, erreicht der Verlauf genau diesen Spielstand (nachgespielte Züge: { $plies }).
play-replay-differs = Von vorn nachgespielt, erreicht der Verlauf einen anderen Spielstand (nachgespielte Züge: { $plies })!
play-enter-outcome = Dieses Ergebnis eintragen
play-copied = Verlauf kopiert (JSON zum Nachspielen).
play-copy-by-hand = Markiere das JSON unten und kopiere es.
play-step-first = Zum Anfang
play-step-back = Einen Zug zurück
play-step-forward = Einen Zug vor
play-step-last = Zum letzten Zug
play-step-ply = Zug
play-step-of = von { $n }
play-share-link = Link zu dieser Stellung
play-link-copied = Link kopiert: Er öffnet diese Partie bei diesem Zug.
play-load-record = Partieverlauf laden
play-load-help = Füge einen Verlauf ein, wie „Verlauf kopieren“ ihn liefert (JSON), oder ein Partieprotokoll als Text (Tag-Zeilen, dann nummerierte Züge).
play-load = Laden
play-record-unknown-game = Der Verlauf nennt ein Spiel, das dieser Dienst nicht kennt: { $game }
play-error-network = Der Dienst ist nicht erreichbar; die Partie bleibt, wie sie war.
play-retry = Noch einmal versuchen
play-error-not-json = Der Dienst hat mit einem Fehler geantwortet (HTTP { $status }); die Partie bleibt, wie sie war.
play-error-options = Einige Optionen sind kein JSON:
play-error-option-not-json = kein JSON
play-error-board-missing = kein Brettmodul für { $game }: { $error }
play-error-board-misfit = Das Brettmodul von { $game } passt nicht: { $problems }
play-place-source = { $place } (wählbar)
play-place-target = { $place } (Ziel)
play-place-picked = { $place } (gewählt)
play-outcome = Ergebnis
play-last-move = Zuletzt: { $what }
play-mixtour-place-or-pick = Wähle ein leeres Feld, um einen Stein einzusetzen, oder einen Stapel, um ihn zu ziehen.
play-mixtour-where-to = Wohin? ({ $from } ist gewählt; noch einmal darauf legt den Stapel zurück.)
play-mixtour-how-many = Wie viele Steine von { $from } nach { $to }?
play-mixtour-square-empty = { $square }, leer
play-mixtour-square-stack = { $square }, Stapel aus { $height }, { $top } oben
play-tric-trac-pick-stone = Wähle einen Stein, den du ziehen willst.
play-tric-trac-next-step = Nächster Schritt: Wähle einen Stein (gespielte Schritte: { $played }).
play-tric-trac-where-to = Wohin von { $from } aus?
play-tric-trac-take-back = Schritte zurücknehmen
play-tric-trac-point-empty = Spitze { $point }, leer
play-tric-trac-point-stones = Spitze { $point }, { $stones }
play-tric-trac-point-caption = { $point }, { $caption }
play-tric-trac-point-many = Spitze { $point }, { $count } Steine, { $player }
play-tric-trac-off = { $player }, { $tray }
play-tric-trac-die-1 = eine Eins
play-tric-trac-die-2 = eine Zwei
play-tric-trac-die-3 = eine Drei
play-tric-trac-die-4 = eine Vier
play-tric-trac-die-5 = eine Fünf
play-tric-trac-die-6 = eine Sechs
play-te-trix-choose = { $name }: Wähle eine Form für die gewürfelten Symbole.
play-te-trix-choose-symbols = Form { $shape }: Wähle, wie die gewürfelten Symbole darauf liegen.
play-te-trix-shape = Form { $shape }
play-te-trix-other-shape = Andere Form
play-te-trix-point = { $name }: Zeige auf ein Kästchen deines Blatts, um zu sehen, wohin die Form käme.
play-te-trix-point-touch = { $name }: Tippe auf ein Kästchen deines Blatts, um zu sehen, wohin die Form käme.
play-te-trix-enter = Klick: { $move }. R oder ⟳ für eine andere Lage.
play-te-trix-enter-touch = Noch einmal tippen: { $move }. ⟳ für eine andere Lage.
play-te-trix-another-fit = ⟳ andere Lage ({ $k }/{ $n })
play-te-trix-symbol-o = ein Kreis
play-te-trix-symbol-x = ein Kreuz
play-te-trix-symbol-s = ein Quadrat
play-te-trix-cell-empty = { $name }, Kästchen { $cell }, leer
play-te-trix-cell-filled = { $name }, Kästchen { $cell }: { $symbol }
play-triominos-junior-pick-tile = { $name }: Wähle einen Stein deines Bänkchens.
play-triominos-junior-point = Zeige auf einen grünen Platz, um den Stein dort zu sehen.
play-triominos-junior-point-touch = Tippe auf einen grünen Platz, um den Stein dort zu sehen.
play-triominos-junior-lay = Klick: { $move }. R oder ⟳ dreht den Stein.
play-triominos-junior-lay-touch = Noch einmal tippen: { $move }. ⟳ dreht den Stein.
play-triominos-junior-turn = ⟳ Stein drehen ({ $k }/{ $n })
play-triominos-junior-open = freier Platz { $at }
play-triominos-junior-tile = Stein { $tile } auf Platz { $at }
play-triominos-junior-rack-tile = Stein { $tile } auf dem Bänkchen von { $name }

## analyze: the annotated record's comments
analysis-decision = { $name }: { $before } -> { $after }, abgegeben { $givenUp }
analysis-mark = { $mark ->
    [inaccuracy] Ungenauigkeit
    [mistake] Fehler
   *[blunder] grober Fehler
}
analysis-best = am besten { $moves }
analysis-chance = Zufall { $outcome }: Glück { $luck }

# fair chance (core/fair.py)
request-fair-needs-secret = fairer Zufall braucht einen Dienst mit RULES_SECRET: er erzeugt den Server-Seed, den erst das Ende der Partie offenlegt
request-fair-needs-seed = eine faire Partie braucht einen Seed: ihren Namen, der in jedes Ergebnis eingeht
request-fair-contributions = höchstens ein Beitrag je Spieler ({ $players })
request-fair-start = newGame nimmt nur contributions und open an: die Verpflichtung erzeugt der Dienst
error-fair-needs-secret = dies ist eine faire Partie, und dieser Dienst hat kein Geheimnis, um für sie zu würfeln
error-fair-commitment = die faire Verpflichtung des Zustands ist nicht die dieses Dienstes für diese Partie (verändert oder von einem anderen Dienst)
fair-reveal-differs = der offengelegte Server-Seed passt nicht zur Verpflichtung
fair-commitment-differs = die Verpflichtung ist nicht die, die dieser Dienst für diese Partie erzeugt hat (Seed oder Optionen weichen ab)
fair-unrevealed = der Server-Seed ist nicht offengelegt (eine unbeendete Partie): ohne das Geheimnis lässt sich ihr Zufall nicht prüfen
request-fair-awaiting = erwartete Plätze müssen Plätze dieser Partie ohne Beitrag sein, und nur zu ihrem Beginn, vor ihrem ersten Zufallsereignis
request-fair-awaited = eine nachgespielte Partie hat jeden Beitrag, den sie haben wird: awaiting weglassen
error-fair-awaiting = fair.awaiting des Spielstands ist hier unmöglich
error-fair-unsigned = ein fairer Spielstand muss die Signatur dieses Dienstes tragen: nur so binden seine Beiträge, Halbzüge und sein Vorgänger
error-contribution-not-awaited = { $name } (player { NUMBER($player, useGrouping: 0) }) hat hier keinen Beitrag zu geben: die Partie wartet auf keinen von diesem Platz
error-awaiting-contributions = { $seats ->
    [one] die Partie wartet vor ihrem ersten Zufallsereignis auf 1 Beitrag (contribute)
   *[other] die Partie wartet vor ihrem ersten Zufallsereignis auf { $seats } Beiträge (contribute)
 }
request-history-array = muss ein Array von Spielstand-Dokumenten sein, nicht { $type }
request-history-fair = nur die Spielstände einer fairen Partie zählen ihre Halbzüge und nennen ihren Vorgänger: ein Verlauf braucht fair
request-history-at-most = höchstens { $limit } Spielstände
request-history-state = muss ein Spielstand dieser fairen Partie sein, der seine Halbzüge zählt (so hat der Dienst ihn beantwortet)
verify-forked = Spielstand { $index } des Verlaufs (Halbzug { $ply }) liegt nicht auf der Linie des Protokolls: die Partie hat sich verzweigt, ein Spielstand hatte einen anderen Nachfolger
