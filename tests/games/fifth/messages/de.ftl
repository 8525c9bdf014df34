# Die Texte des fünften Spiels (docs/adding-a-game.md: ein Spiel bringt seinen Katalog mit).
# Spieler heißen, wo ein Mensch sie liest, mit ihrem Namen: tic-tac-toe-player („Kreuz“ für
# player 0), nie „Spieler“ mit der Nummer der Schnittstelle. Wo die Nummer der Anfrage zählt (das
# Feld player, das ein Client geschickt hat, oder ein Feld eines Spielstands), steht sie als Feld
# in Code-Schreibweise hinter dem Namen („Kreuz (player 0)“) oder allein, wenn sie niemanden
# nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player bleibt englisch.
tic-tac-toe-player = { $player ->
    [0] Kreuz
   *[other] Kreis
 }
tic-tac-toe-option-firstPlayer = Wer beginnt
    .description = Wer als Erstes ein Feld markiert (XO-1).
tic-tac-toe-over = die Partie ist beendet
tic-tac-toe-turn = { tic-tac-toe-player } (player { $player }) ist am Zug
tic-tac-toe-taken = { $square } ist schon belegt
tic-tac-toe-document = ein Zugdokument lautet {"{"}"kind": "mark", "square": "b2"{"}"}
tic-tac-toe-not-a-square = kein Feld von a1 bis c3: { $given }
tic-tac-toe-counts = { tic-tac-toe-player } beginnt (XO-1): diese Anzahlen sind unmöglich
tic-tac-toe-turn-field = muss auf diesem Brett { $expected } sein (XO-1, XO-3, XO-4)
tic-tac-toe-score = { tic-tac-toe-player }: { $points ->
    [one] 1 Punkt für drei in einer Reihe
   *[other] { $points } Punkte, keine drei in einer Reihe
 }
