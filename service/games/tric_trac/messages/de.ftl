# Die Texte von Tric Trac (de), mit den Wörtern der Spielregel (docs/rules/tric-trac.de.md):
# Spitze, Startfeld, Zielfeld, Hucke, Blot, Pasch, Augenzahl, schlagen, hinausspielen.
# $player 0 ist Rot, 1 Schwarz (TT-1); eine Spitze ist eine Zahl von 1 bis 24, ein Schritt
# oder Zug steht in Notation da („1/4“, „6/9*/14“, „20/off“), ein Wurf als „3-5“.
# Spieler heißen, wo ein Mensch sie liest, mit ihrem Namen: tric-trac-player („Rot“ für
# player 0), nie „Spieler“ mit der Nummer der Schnittstelle. Wo die Nummer der Anfrage zählt (das
# Feld player, das ein Client geschickt hat, oder ein Feld eines Spielstands), steht sie als Feld
# in Code-Schreibweise hinter dem Namen („Rot (player 0)“) oder allein, wenn sie niemanden
# nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player bleibt englisch.

## Spieler und Optionen (Ids, die der Dienst aus der Beschreibung des Spiels ableitet)

tric-trac-player = { $player ->
    [0] Rot
   *[1] Schwarz
 }
tric-trac-colour = { $player ->
    [0] Rot
   *[1] Schwarz
 }
tric-trac-option-mustPlayLarger = Höhere Zahl hat Vorrang
    .description = Lässt sich von einem Wurf nur eine Zahl ziehen, muss es die höhere sein (TT-8).
tric-trac-option-homeBeforeBearOff = Erst alle Steine ins letzte Viertel
    .description = Hinausspielen wie beim Backgammon: erst alle Steine im letzten Viertel, und eine höhere Zahl als nötig spielt nur den hintersten Stein hinaus (TT-13).
tric-trac-option-hucke = Lage der Hucken
    .description = Die Spitzen der beiden Hucken, {"{"}"red": 13, "black": 12{"}"} oder [13, 12]: zwei verschiedene Spitzen von 2 bis 23 (TT-11).
tric-trac-option-pointsToWin = Punkte zum Sieg
    .description = Wer so viele Punkte hat, gewinnt sofort (TT-15); höchstens 15, damit das Hinausspielen aller Steine immer gewinnt.

## Abgelehnte Optionen (TT-11)

tric-trac-hucke-shape = muss {"{"}"red": Spitze, "black": Spitze{"}"} oder [Rot, Schwarz] sein
tric-trac-hucke-point = { $key } muss eine Spitze von 2 bis 23 sein (1 und 24 sind Startfelder)
tric-trac-hucke-same-point = die rote und die schwarze Hucke müssen auf verschiedenen Spitzen liegen (TT-11)

## Abgelehnte Züge: wer am Zug ist, welche Art Zug jetzt kommt (TT-4, TT-5, TT-15)

tric-trac-game-finished = die Partie ist zu Ende; es kann kein Zug mehr gespielt werden
tric-trac-chance-node = jetzt wird gewürfelt; kein Spieler ist am Zug
# $player ist am Zug; $asked ist die Nummer, die der Zug in player nennt.
tric-trac-not-to-move = { tric-trac-player } (player { $player }) ist am Zug{ $asked ->
    [0] , nicht Rot (player 0)
    [1] , nicht Schwarz (player 1)
   *[other] ; player { NUMBER($asked, useGrouping: 0) } gibt es in dieser Partie nicht
 }
tric-trac-must-play-throw = der Wurf ist gefallen ({ $dice }); { tric-trac-player } muss ihn ziehen
tric-trac-expected-opening = die Partie beginnt damit, dass beide Spieler würfeln: nötig ist ein Eröffnungswurf wie 'red 3-5'
tric-trac-impossible-opening = 1-1 ist die niedrigste Augensumme und gewinnt den Eröffnungswurf nie
tric-trac-expected-throw = wer am Zug ist, wirft jetzt zwei Würfel: nötig ist ein Wurf wie '3-5'
tric-trac-no-turn-to-describe = gerade wird kein Wurf gezogen, also gibt es keinen Zug zu beschreiben

## Abgelehnte Züge: ein Schritt oder Zug, den die Regeln verbieten ($player zieht, $step ist ein Schritt)

tric-trac-game-won-before = Die Partie war schon mit dem Schritt vor { $step } gewonnen
tric-trac-no-number-left = Für { $step } ist keine Augenzahl mehr übrig
tric-trac-no-stone = { tric-trac-player } hat keinen Stein auf Spitze { $source }
tric-trac-start-first = { tric-trac-player } hat noch Steine auf dem Startfeld, also muss { $step } einen von dort ziehen
tric-trac-blocked = Spitze { $to } ist mit zwei oder mehr { $player ->
    [0] schwarzen
   *[1] roten
 } Steinen besetzt
tric-trac-opponent-hucke = Spitze { $to } ist die { $player ->
    [0] schwarze
   *[1] rote
 } Hucke, die { tric-trac-player } nie betreten darf
tric-trac-not-all-home = Mit homeBeforeBearOff muss jeder { $player ->
    [0] rote
   *[1] schwarze
 } Stein im letzten Viertel stehen, bevor hinausgespielt wird
tric-trac-not-rearmost = Mit homeBeforeBearOff spielt eine höhere Augenzahl als nötig nur den hintersten Stein hinaus
# $to ist die Spitze, die der Schritt nennt, 0 beim Hinausspielen.
tric-trac-no-hit = { $step } gibt einen Schlag an, aber { $to ->
    [0] beim Hinausspielen wird nicht geschlagen
   *[other] auf Spitze { $to } steht kein Blot
 }
tric-trac-bear-off-needs = Um von { $source } hinauszuspielen, braucht es eine { $need } oder mehr
tric-trac-wrong-direction = { tric-trac-player } zieht { $player ->
    [0] aufwärts, von 1 nach 24
   *[1] abwärts, von 24 nach 1
 }; { $step } geht in die andere Richtung
# Noch $count Augenzahlen sind zu ziehen: $first, oder $first und $second.
tric-trac-wrong-number = { $step } geht { $distance ->
    [one] eine Spitze
   *[other] { $distance } Spitzen
 } weit, es muss aber { $count ->
    [one] die { $first }
   *[other] die { $first } oder die { $second }
 } sein
tric-trac-pass-not-allowed = { tric-trac-player } kann diesen Wurf ziehen, z. B. { $example }; aussetzen darf nur, wer keine Augenzahl ziehen kann
tric-trac-hucke-needs-pair = Die leere { $player ->
    [0] rote
   *[1] schwarze
 } Hucke darf nur mit zwei Steinen im selben Wurf betreten werden
tric-trac-hucke-last-pair = die letzten beiden Steine müssen die { $player ->
    [0] rote
   *[1] schwarze
 } Hucke im selben Wurf verlassen
tric-trac-must-play-both = beide Augenzahlen lassen sich ziehen (z. B. { $example }), also müssen beide gezogen werden (TT-8)
tric-trac-must-play-larger = nur eine Augenzahl lässt sich ziehen, und mit mustPlayLarger muss es die { $number } sein
tric-trac-not-legal = { $turn } ist hier kein regelgerechter Zug
# Ein Zug, Stein für Stein zusammengestellt (next-steps): jeder Schritt zieht einen Stein um eine Augenzahl.
tric-trac-not-one-step = { $text } ist kein einzelner Schritt: ein Schritt zieht einen Stein um eine Augenzahl (z. B. 1/4)

## Abgelehnte Notation ($text ist der gesendete Text, in Anführungszeichen)

tric-trac-notation-not-a-string = ein Tric-Trac-Zug ist ein Text wie '1/4 1/6', '1/4/9', '3-5' oder 'pass'
tric-trac-notation-too-long = { $text }: länger als { $limit } Zeichen
tric-trac-notation-unparsable = { $text }: erwartet werden Schritte wie '1/4 1/6', '1/4/9', '9/12*' oder '20/off', ein Wurf wie '3-5', ein Eröffnungswurf wie 'red 5-3' oder 'pass'
tric-trac-notation-too-many-steps = { $text }: ein Zug hat höchstens zwei Schritte, einen je Augenzahl (TT-6, TT-7)
tric-trac-notation-off-not-last = { $text }: ein hinausgespielter Stein kann nicht weiterziehen
tric-trac-notation-no-such-point = { $text }: es gibt keine Spitze { $point }; die Spitzen reichen von 1 bis 24

## Abgelehnte Zugdokumente ($shape, $shapes: die Form des Dokuments, als Notation)

tric-trac-document-dice = Zugdokument: 'dice' muss aus zwei Zahlen von 1 bis 6 bestehen
tric-trac-document-player = Zugdokument: 'player' muss 0 (Rot) oder 1 (Schwarz) sein
tric-trac-document-steps = Zugdokument: 'steps' muss eine Liste mit einem oder zwei Schritten sein
tric-trac-document-step = Zugdokument: ein Schritt hat die Form { $shape }
tric-trac-document-from = Zugdokument: 'from' muss eine Spitze von 1 bis 24 sein
tric-trac-document-to = Zugdokument: 'to' muss eine Spitze von 1 bis 24 oder 'off' sein
tric-trac-document-hit = Zugdokument: 'hit' muss true oder false sein
tric-trac-document-kind = Zugdokument: erwartet wird { $shapes }

## Abgelehnte Spielstände (jedes Problem an einem JSON-Pfad)

tric-trac-state-not-a-point = keine Spitze von 2 bis 23 (die Startfelder stehen in $.start) (TT-1, TT-2)
tric-trac-state-stones = die Zahl der Steine muss eine ganze Zahl von 1 bis { $limit } sein
tric-trac-state-stones-by-point = muss Spitzen ihre Steinzahl zuordnen, z. B. {"{"}"4": 2{"}"}
tric-trac-state-pair = muss eine Liste aus zwei ganzen Zahlen sein [Rot, Schwarz]
tric-trac-state-unknown-colour = unbekannte Farbe; erwartet werden red und black
tric-trac-state-points = muss {"{"}"red": {"{"}Spitze: Steine{"}"}, "black": {"{"}Spitze: Steine{"}"}{"}"} sein
tric-trac-state-phase = muss eines von { $phases } sein
tric-trac-state-to-move = muss 0 (Rot), 1 (Schwarz) oder null sein
tric-trac-state-dice = muss null oder ein Wurf sein: zwei Zahlen von 1 bis 6
tric-trac-state-stone-count = { tric-trac-player } hat { $stones } auf den Spitzen, { $start } auf dem Startfeld und { $off } hinausgespielt: { $count } Steine, nicht { $total } (TT-2)
tric-trac-state-score-sum = muss hits + borneOff = { $expected } sein, ist aber { $got } (TT-14)
tric-trac-state-chances = muss nach dem Eröffnungswurf mindestens 1 sein (TT-4)
tric-trac-state-two-colours = auf Spitze { $point } stehen auch { $player ->
    [0] schwarze
   *[1] rote
 } Steine; eine Spitze trägt nur Steine einer Farbe (TT-9)
tric-trac-state-opponent-hucke = Spitze { $point } ist die { $player ->
    [0] schwarze
   *[1] rote
 } Hucke, die { tric-trac-player } nie betreten darf (TT-11)
tric-trac-state-single-in-hucke = in der { $player ->
    [0] roten
   *[1] schwarzen
 } Hucke kann kein einzelner Stein stehen (TT-11)
tric-trac-state-to-move-needed = muss in der Phase { $phase } 0 (Rot) oder 1 (Schwarz) sein (TT-5)
tric-trac-state-to-move-null = muss in der Phase { $phase } null sein (TT-4, TT-15)
tric-trac-state-dice-null = muss null sein, solange kein Wurf gezogen wird (Phase move) (TT-5)
tric-trac-state-dice-needed = muss in der Phase move der Wurf sein, der gerade gezogen wird (TT-5)
tric-trac-state-score-over-goal = die Partie endet bei { $goal } Punkten (TT-15), hier sind es { $got }
tric-trac-state-both-won = es können nicht beide Spieler pointsToWin erreicht haben (TT-15)
tric-trac-state-must-be-over = muss over sein: { tric-trac-player } hat { $goal } Punkte (TT-15)
tric-trac-state-over-without-winner = ist over, aber niemand hat { $goal } Punkte (TT-15)
tric-trac-state-opening-moved = der Eröffnungswurf kommt, bevor sich ein Stein bewegt (TT-2, TT-4)

## Das Bild (render.py): Titel, Kopfzeile und Beschriftungen

tric-trac-picture-title = Tric Trac: Rot { $red }, Schwarz { $black }
tric-trac-picture-scores = Rot { $red } – Schwarz { $black }
# $scores ist tric-trac-picture-scores.
tric-trac-picture-won = { $scores } · { tric-trac-player } gewinnt
tric-trac-picture-opening = { $scores } · Eröffnungswurf
tric-trac-picture-to-play = { $scores } · { tric-trac-player } zieht { $dice }
tric-trac-picture-to-throw = { $scores } · { tric-trac-player } würfelt
tric-trac-picture-details = Sieg bei { $goal } Punkten · geschlagen: Rot { $red_hits }, Schwarz { $black_hits } · hinausgespielt: Rot { $red_off }, Schwarz { $black_off }
tric-trac-picture-hucke = Hucke { tric-trac-player }
tric-trac-picture-start = Start { tric-trac-player }
# Schmal gezeichnet: die Notiz eines Punkts ($note: tric-trac-picture-hucke oder -start) in der Legende.
tric-trac-picture-at = { $note }: Punkt { $point }
tric-trac-picture-stones = { tric-trac-player }: { $count } { $count ->
    [one] Stein
   *[other] Steine
 }
tric-trac-picture-borne-off = { tric-trac-player } hat { $count } hinausgespielt
tric-trac-picture-off = hinaus

## Züge in Worten (texts.py): $player zieht; $source ist, wo ein Stein losgeht

tric-trac-opening = { tric-trac-player } gewinnt den Eröffnungswurf mit { $low } und { $high } und beginnt
tric-trac-throw = { tric-trac-player } würfelt { $low } und { $high }
tric-trac-throw-double = { tric-trac-player } würfelt einen Pasch: { $number } und { $number }
tric-trac-passes = { tric-trac-player } kann mit { $dice } nichts ziehen und setzt aus
tric-trac-from-start = vom Startfeld
tric-trac-from-point = von { $point }
# Ein Stein um beide Zahlen (TT-7), mit dem Zwischenpunkt $via.
tric-trac-turn-via = { tric-trac-player } zieht einen Stein { $source } über { $via } auf { $to }
tric-trac-turn-via-off = { tric-trac-player } spielt einen Stein { $source } über { $via } hinaus
# Zwei Steine von derselben Spitze: auf $near und $far (das nähere Ziel zuerst), beide auf $to oder beide hinaus.
tric-trac-turn-pair = { tric-trac-player } zieht zwei Steine { $source } auf { $near } und { $far }
tric-trac-turn-pair-same = { tric-trac-player } zieht zwei Steine { $source } auf { $to }
tric-trac-turn-pair-off = { tric-trac-player } spielt zwei Steine { $source } hinaus
# Zwei Steine von zwei Spitzen.
tric-trac-turn-two-moves = { tric-trac-player } zieht einen Stein { $source } auf { $to } und einen { $other_source } auf { $other_to }
tric-trac-turn-two-off = { tric-trac-player } spielt zwei Steine hinaus, einen { $source } und einen { $other_source }
# $first, $second: Schritte (die beiden unten); ein Zug aus einem Schritt, oder ein Zug und ein Hinausspielen.
tric-trac-turn-one = { tric-trac-player } { $first }
tric-trac-turn-two = { tric-trac-player } { $first } und { $second }
tric-trac-step = zieht einen Stein { $source } auf { $to }
tric-trac-step-off = spielt einen Stein { $source } hinaus
# Ein Zug ($turn, einer der obigen), der schlägt (TT-12): auf $first, oder auf $first und $second.
tric-trac-turn-hits = { $turn } und schlägt { $count ->
    [one] { $player ->
        [0] einen schwarzen Stein
       *[1] einen roten Stein
    } auf { $first }
   *[other] { $player ->
        [0] schwarze Steine
       *[1] rote Steine
    } auf { $first } und { $second }
 }

## Ereignisse in Worten (texts.py)

tric-trac-event-stepped = { tric-trac-player } zieht mit der { $die } einen Stein { $source } auf { $to }
tric-trac-event-stepped-off = { tric-trac-player } spielt mit der { $die } einen Stein { $source } hinaus
# $stone: die Farbe des geschlagenen Steins.
tric-trac-event-hit = { tric-trac-player } schlägt auf { $point } einen { $stone ->
    [0] roten
   *[1] schwarzen
 } Stein; er kehrt auf sein Startfeld zurück
tric-trac-event-borne-off = Der { $player ->
    [0] rote
   *[1] schwarze
 } Stein { $source } verlässt das Brett
# $what: hit oder borneOff.
tric-trac-event-scored = { tric-trac-player } bekommt einen Punkt für { $what ->
    [hit] den Schlag
   *[borneOff] den hinausgespielten Stein
 }: Rot { $red }, Schwarz { $black }
tric-trac-event-forfeited = { tric-trac-player } kann die { $number } nicht ziehen; sie verfällt
tric-trac-event-extra-throw = { tric-trac-player } würfelt nach dem Pasch noch einmal
tric-trac-event-game-over = { tric-trac-player } gewinnt mit { $points } zu { $other } Punkten
tric-trac-event-chance-throw = Der Dienst würfelt: { $low } und { $high }
tric-trac-event-game-started = Eine neue Partie: der Eröffnungswurf entscheidet, wer beginnt (TT-4)
tric-trac-event-chance-opening = Der Dienst würfelt die Eröffnung aus: { tric-trac-player } beginnt mit { $low } und { $high }

## Aufforderungen (texts.py): wer was tun muss, oder wie die Partie ausging

tric-trac-prompt-opening = Eröffnungswurf: Beide Spieler würfeln, die höhere Augensumme beginnt
tric-trac-prompt-throw = { tric-trac-player } ist am Zug: würfeln
tric-trac-prompt-move = { tric-trac-player } ist am Zug: { $low } und { $high } ziehen
tric-trac-prompt-pass = { tric-trac-player } ist am Zug: Mit { $dice } lässt sich nichts ziehen, also aussetzen
tric-trac-prompt-over = Partie beendet: { tric-trac-player } hat mit { $points } zu { $other } Punkten gewonnen

## Die Punkte erklärt (texts.py: score_lines), beide nach TT-14
tric-trac-score-hits = { tric-trac-player }: { $stones ->
    [0] 0 Punkte, noch kein gegnerischer Stein geschlagen
    [one] 1 Punkt für einen geschlagenen gegnerischen Stein
   *[other] { $stones } Punkte für { $stones } geschlagene gegnerische Steine
 }
tric-trac-score-off = { tric-trac-player }: { $stones ->
    [0] 0 Punkte, noch kein eigener Stein hinausgespielt
    [one] 1 Punkt für einen hinausgespielten eigenen Stein
   *[other] { $stones } Punkte für { $stones } hinausgespielte eigene Steine
 }
