# Die Texte von Mixtour auf Deutsch: Ablehnungen, Probleme eines Spielstands, die Wörter des
# Bildes und erzählte Züge, Ereignisse und Stellungen (texts.py). Die Begriffe sind die von
# docs/rules/mixtour.de.md: Stein, Stapel, Vorrat, einsetzen, ziehen, passen, Fünferstapel.
# Die Ids bleiben stabil; Regelkennungen (MX-7) bleiben, wie sie sind.
# Spieler heißen, wo ein Mensch sie liest, mit ihrem Namen: mixtour-player („Weiß“ für
# player 0), nie „Spieler“ mit der Nummer der Schnittstelle. Wo die Nummer der Anfrage zählt (das
# Feld player, das ein Client geschickt hat, oder ein Feld eines Spielstands), steht sie als Feld
# in Code-Schreibweise hinter dem Namen („Weiß (player 0)“) oder allein, wenn sie niemanden
# nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player bleibt englisch.

-white = Weiß
-blue = Blau

## Spieler und Optionen
mixtour-player = { $player ->
    [0] { -white }
   *[other] { -blue }
 }
mixtour-colour = { $player ->
    [0] { -white }
   *[other] { -blue }
 }
mixtour-option-piecesPerPlayer = Steine je Spieler
    .description = Wie viele Steine jede Seite in ihrem Vorrat hat (MX-2).
mixtour-option-pointsToWin = Punkte zum Sieg
    .description = Wer zuerst so viele Punkte hat, gewinnt sofort (MX-3, MX-10).

## Ablehnungen: was die Regeln jetzt verbieten
mixtour-game-finished = die Partie ist beendet; es kann kein Zug mehr gespielt werden
# $player ist am Zug; $asked ist die Nummer, die der Zug in player nennt.
mixtour-not-your-turn = { mixtour-player } (player { $player }) ist am Zug{ $asked ->
    [0] , nicht { -white } (player 0)
    [1] , nicht { -blue } (player 1)
   *[other] ; player { NUMBER($asked, useGrouping: 0) } gibt es in dieser Partie nicht
 }
mixtour-pass-not-allowed = passen darf nur, wer weder einsetzen noch ziehen kann
mixtour-no-supply = { mixtour-player } hat keinen Stein mehr im Vorrat
mixtour-square-occupied = { $square } ist nicht leer
mixtour-empty-source = auf { $source } steht kein Stapel
mixtour-not-enough-pieces = der Stapel auf { $source } hat { $height ->
    [one] nur einen Stein
   *[other] nur { $height } Steine
 }, nicht { $taken }
mixtour-not-a-line = { $source } und { $target } liegen nicht auf einer geraden Linie
mixtour-empty-target = { $target } ist leer; ein Zug muss auf einem Stapel enden
mixtour-wrong-distance = der Stapel auf { $target } ist { $height } hoch, also muss der Zug genau { $height ->
    [one] ein Feld
   *[other] { $height } Felder
 } weit gehen, nicht { $distance }
mixtour-path-blocked = der Weg von { $source } nach { $target } ist versperrt
mixtour-take-back = { $move } würde den letzten Zug des Gegners umkehren

## Ablehnungen: was kein Mixtour-Zug ist ($given: der gesendete Text in Anführungszeichen)
mixtour-not-a-string = ein Mixtour-Zug ist ein Text wie 'b2', 'a1-b2' oder 'pass'
mixtour-bad-count = { $given }: ein Zug bewegt mindestens einen Stein
mixtour-off-board = { $given } liegt außerhalb des Bretts: { $square } ist kein Feld des 5 × 5-Bretts (a1 bis e5)
mixtour-unparsable = { $given } ist keine Mixtour-Notation: erwartet wird ein Feld ('b2'), ein Zug ('a1-b2', 'c4:3-d3') oder 'pass'
mixtour-document-square = Zugdokument: '{ $field }' muss ein Feld von a1 bis e5 sein
mixtour-document-count = Zugdokument: 'count' muss eine positive ganze Zahl sein
mixtour-document-shape = ein Mixtour-Zugdokument ist {"{"}kind: place, square{"}"} | {"{"}kind: shift, from, count, to{"}"} | {"{"}kind: pass{"}"}

## Probleme eines Spielstands ($got, $board, $supply, $height: Zahlen, wie das Dokument sie hat)
mixtour-state-pair = muss eine Liste aus zwei ganzen Zahlen sein [{ -white }, { -blue }]
mixtour-state-square = kein Feld des 5 × 5-Bretts (a1..e5) (MX-1)
mixtour-state-board = muss ein Objekt sein, das Feldern ihre Stapel zuordnet, z. B. {"{"}"c3": "wb"{"}"}
mixtour-state-stack-type = ein Stapel ist ein Text aus Farben von unten nach oben, z. B. "wwb"
mixtour-state-stack-colours = { $count ->
    [one] unbekannte Farbe
   *[other] unbekannte Farben
 } { $letters }: w ist { -white }, b ist { -blue }
mixtour-state-stack-height = ein Stapel aus { $height } Steinen kann nicht stehen: Stapel aus fünf oder mehr Steinen gehen sofort vom Brett (MX-9)
mixtour-state-twice = dasselbe Feld ist zweimal angegeben (Groß- und Kleinschreibung zählen nicht) (MX-1)
mixtour-state-supply = { mixtour-player } hat { $board } auf dem Brett und { $supply } im Vorrat, piecesPerPlayer ist aber { $total } (MX-2)
mixtour-state-range = muss zwischen 0 und { $limit } liegen ({ $option }), ist aber { $got } ({ $rule })
mixtour-state-both-won = es können nicht beide Seiten pointsToWin erreicht haben (MX-10)
mixtour-state-to-move = muss 0 ({ -white }) oder 1 ({ -blue }) sein, oder null, wenn die Partie vorbei ist
mixtour-state-over-won = muss null sein: die Partie ist vorbei ({ mixtour-player } hat gewonnen) (MX-10)
mixtour-state-over-drawn = muss null sein: die Partie ist vorbei (beide Seiten haben gepasst) (MX-10)
mixtour-state-not-over = ist null, aber niemand hat gewonnen, und die Partie ist nicht unentschieden (MX-8, MX-10)
mixtour-state-passes = muss 0, 1 oder 2 sein (MX-8)
mixtour-state-won-and-drawn = eine nach Punkten gewonnene Partie kann nicht zugleich durch zweimaliges Passen enden (MX-8, MX-10)
mixtour-state-last-move = muss ein Zug in Notation sein, etwa 'c3-d3'
mixtour-state-pass-expected = muss nach einem Passen 'pass' sein (MX-8)
mixtour-state-pass-unexpected = ist 'pass', aber passes ist 0 (MX-8)
mixtour-state-pass-needed = muss 'pass' sein, wenn passes nicht 0 ist (MX-8)
mixtour-state-placed = nach dem Einsetzen auf { $square } liegt dort genau ein Stein, und zwar einer der Seite, die eingesetzt hat (MX-4)
mixtour-state-placed-by = nach dem Einsetzen auf { $square } liegt dort genau ein Stein, und zwar einer von { mixtour-player } (MX-4)
mixtour-state-not-a-line = die Felder liegen nicht auf einer geraden Linie (MX-5)
mixtour-state-not-after = das Brett kann nicht die Stellung direkt nach diesem Zug sein: die Höhe des Empfängerstapels oder der Weg passt nicht (MX-5, MX-6)

## Das Bild (render.py)
mixtour-svg-title = Mixtour: { -white } { $white }, { -blue } { $blue }
mixtour-score = { -white } { $white } – { -blue } { $blue }
mixtour-svg-to-move = { $score } · { mixtour-player } ist am Zug
mixtour-svg-won = { $score } · { mixtour-player } gewinnt
mixtour-svg-drawn = { $score } · unentschieden
mixtour-svg-goal = Sieg mit { $points ->
    [one] einem Punkt
   *[other] { $points } Punkten
 }
mixtour-svg-supply = Vorrat { mixtour-player }: { $count }

## Erzählte Züge und Ereignisse (texts.py); $stack nennt den Stapel, der vom Brett geht
mixtour-stack-of = { $pieces ->
    [5] der Fünferstapel
    [6] der Sechserstapel
    [7] der Siebenerstapel
    [8] der Achterstapel
   *[other] der Stapel aus { $pieces } Steinen
 }
mixtour-place = { mixtour-player } setzt einen Stein auf { $square }
mixtour-shift = { mixtour-player } zieht { $count ->
    [one] einen Stein
   *[other] { $count } Steine
 } von { $source } nach { $target }
mixtour-shift-scores = { mixtour-shift }; { $stack } geht vom Brett, und { $scorer } bekommt einen Punkt
mixtour-shift-wins = { mixtour-shift }; { $stack } geht vom Brett, und { $scorer } gewinnt
mixtour-pass = { mixtour-player } passt
mixtour-pass-draw = { mixtour-player } passt ebenfalls; nach zweimaligem Passen endet die Partie unentschieden
mixtour-stack-removed = { mixtour-player } bekommt einen Punkt: { $stack } auf { $square } geht vom Brett ({ $score })
mixtour-game-started = Eine neue Partie: { mixtour-player } beginnt
mixtour-game-won = { mixtour-player } gewinnt
mixtour-game-drawn = Die Partie endet unentschieden: beide Seiten haben nacheinander gepasst

## Erzählte Stellungen (texts.py)
mixtour-prompt-place-or-move = { mixtour-player } ist am Zug: einen Stein einsetzen oder einen Stapel ziehen
mixtour-prompt-place = { mixtour-player } ist am Zug: einen Stein einsetzen
mixtour-prompt-move = { mixtour-player } ist am Zug: einen Stapel ziehen
mixtour-prompt-pass = { mixtour-player } ist am Zug und muss passen: weder Einsetzen noch Ziehen ist möglich
mixtour-prompt-won = { mixtour-player } hat mit { $points } zu { $other } Punkten gewonnen

## Die Punkte erklärt (texts.py: score_lines)
mixtour-score-stacks = { mixtour-player }: { $stacks ->
    [0] 0 Punkte, noch kein Stapel vom Brett gegangen
    [one] 1 Punkt für einen Stapel aus fünf oder mehr Steinen, der mit eigenem Stein oben vom Brett ging
   *[other] { $stacks } Punkte für { $stacks } Stapel aus fünf oder mehr Steinen, die mit eigenem Stein oben vom Brett gingen
 }
