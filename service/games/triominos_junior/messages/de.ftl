# Die Texte von Triominos Junior auf Deutsch (Regeln TJ-1…TJ-17, docs/rules/triominos-junior.de.md,
# mit deren Begriffen: Stein, Joker, Bänkchen, Pool, Auslage, Münze, Vorrat, Münz-Stufe,
# Punkte-Stufe). Die Ids bleiben stabil: Clients übersetzen nach ihnen. Ein Stein steht in
# Notation da („1-3-5“, „J“ der Joker), ein Platz als „Spalte,Reihe“. Zahlen in einem
# Spielstand-Dokument (toMove) und im Feld player zählen ab 0, Namen ab 1.
# Spieler heißen, wo ein Mensch sie liest, mit ihrem Namen: triominos-junior-player
# („Spieler 1“ für player 0), nie „Spieler“ mit der Nummer der Schnittstelle. Wo die Nummer der
# Anfrage zählt (das Feld player, das ein Client geschickt hat, oder ein Feld eines Spielstands),
# steht sie als Feld in Code-Schreibweise hinter dem Namen („Spieler 1 (player 0)“) oder allein,
# wenn sie niemanden nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player
# bleibt englisch.

## Namen

triominos-junior-player = { $player ->
    [0] Spieler 1
    [1] Spieler 2
    [2] Spieler 3
   *[3] Spieler 4
 }
triominos-junior-two-players = { $first } und { $second }
triominos-junior-three-players = { $first }, { $second } und { $third }
triominos-junior-four-players = { $first }, { $second }, { $third } und { $fourth }
# Eigenschaftswörter zu „die … Ecke“
triominos-junior-corner-top = obere
triominos-junior-corner-bottom-right = rechte untere
triominos-junior-corner-bottom-left = linke untere
triominos-junior-corner-bottom = untere
triominos-junior-corner-top-left = linke obere
triominos-junior-corner-top-right = rechte obere
triominos-junior-pointing-up = Spitze nach oben
triominos-junior-pointing-down = Spitze nach unten

## Optionen

triominos-junior-option-level = Stufe
    .description = Münzen (ab 5 Jahren): Jeder gelegte Stein bringt eine Münze, die meisten Münzen gewinnen; Punkte (ab 6 Jahren): Die Werte der gelegten Steine zählen, am Ende werden die Werte auf dem Bänkchen abgezogen.
triominos-junior-option-tiles = Steinsatz
    .description = Ein anderer Satz aus 35 Zahlensteinen und einem Joker statt jeder Kombination dreier Zahlen von 1 bis 5.

## Züge und Ereignisse

triominos-junior-place-coin = { triominos-junior-player } legt { $tile ->
    [J] den Joker
   *[other] den Stein { $tile }
 } auf den Platz { $at } und { $coins ->
    [0] bekommt keine Münze, denn der Vorrat ist leer
   *[other] nimmt sich eine Münze
 }
triominos-junior-place-points = { triominos-junior-player } legt { $tile ->
    [J] den Joker
   *[other] den Stein { $tile }
 } auf den Platz { $at } und bekommt { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
 }
triominos-junior-swap = { triominos-junior-player } tauscht den Joker auf dem Platz { $at } gegen den Stein { $tile } und nimmt den Joker auf sein Bänkchen
triominos-junior-draw = { triominos-junior-player } zieht einen Stein nach
triominos-junior-draw-coin = { triominos-junior-player } zieht einen Stein nach { $paid ->
    [0] und zahlt nichts, denn er hat keine Münze mehr
   *[other] und zahlt dafür eine Münze
 }
triominos-junior-pass = { triominos-junior-player } passt: er kann weder legen noch tauschen noch nachziehen
triominos-junior-game-started = Eine neue Partie für { $count } Spieler: Jeder bekommt 5 Steine (TJ-4), der Startstein wird ausgelegt (TJ-6) und { triominos-junior-player } beginnt (TJ-7)
triominos-junior-dealt = { triominos-junior-player } bekommt einen Stein auf sein Bänkchen
triominos-junior-start-tile = Der Startstein { $tile } beginnt die Auslage auf dem Platz { $at }
triominos-junior-tile-drawn = { triominos-junior-player } stellt den gezogenen Stein auf sein Bänkchen; { $count ->
    [0] der Pool ist jetzt leer
    [one] im Pool liegt noch ein Stein
   *[other] im Pool liegen noch { $count } Steine
 }
triominos-junior-bonus-coin = { triominos-junior-player } bekommt eine Extramünze, weil sein Bänkchen leer ist (TJ-14)
triominos-junior-chance-sampled = Der Dienst zieht zufällig einen Stein aus dem Pool
triominos-junior-chance-given = Ein Stein verlässt den Pool
triominos-junior-game-over = Spielende ({ $why }): { $winners } { $count ->
    [one] gewinnt mit { $best }
   *[other] gewinnen gemeinsam mit je { $best }
 }
triominos-junior-end-rack-emptied = jemand hat seinen letzten Stein gelegt
triominos-junior-end-pool-emptied = der Pool ist leer
triominos-junior-end-blocked = niemand kann mehr einen Stein legen oder tauschen

## Die Stellung

triominos-junior-prompt-deal = Vorbereitung: { triominos-junior-player } bekommt den nächsten Stein
triominos-junior-prompt-start = Vorbereitung: Der Startstein wird aus dem Pool gezogen
triominos-junior-prompt-play = { triominos-junior-player } ist am Zug: { $actions }
triominos-junior-prompt-draw = { triominos-junior-player } zieht nach: Ein Stein aus dem Pool kommt auf sein Bänkchen
triominos-junior-prompt-over-coins = Spielende ({ $why }): { $winners } { $count ->
    [one] gewinnt mit { $best ->
        [one] einer Münze
       *[other] { $best } Münzen
    }
   *[other] gewinnen gemeinsam mit je { $best ->
        [one] einer Münze
       *[other] { $best } Münzen
    }
 }
triominos-junior-prompt-over-points = Spielende ({ $why }): { $winners } { $count ->
    [one] gewinnt mit { $best ->
        [one] einem Punkt
       *[other] { $best } Punkten
    }
   *[other] gewinnen gemeinsam mit je { $best ->
        [one] einem Punkt
       *[other] { $best } Punkten
    }
 }
triominos-junior-end-rack-emptied-by = { triominos-junior-player } hat seinen letzten Stein gelegt
triominos-junior-action-place = einen Stein anlegen
triominos-junior-action-swap = den Joker tauschen
triominos-junior-action-draw = nachziehen
triominos-junior-action-draw-coin = { $paid ->
    [0] kostenlos nachziehen (keine Münze mehr)
   *[other] für eine Münze nachziehen
 }
triominos-junior-action-pass = passen, denn kein Stein passt und der Pool ist leer
triominos-junior-or-two = { $first } oder { $second }
triominos-junior-or-three = { $first }, { $second } oder { $third }

## Abgelehnte Züge (TJ-4 bis TJ-14)

triominos-junior-game-finished = die Partie ist zu Ende; es kann kein Zug mehr gespielt werden
# $to_move ist am Zug; $player ist die Nummer, die der Zug in player nennt.
triominos-junior-not-your-turn = { $to_move ->
    [0] Spieler 1
    [1] Spieler 2
    [2] Spieler 3
   *[3] Spieler 4
 } (player { $to_move }) ist am Zug{ $player ->
    [0] , nicht Spieler 1 (player 0)
    [1] , nicht Spieler 2 (player 1)
    [2] , nicht Spieler 3 (player 2)
    [3] , nicht Spieler 4 (player 3)
   *[other] ; player { NUMBER($player, useGrouping: 0) } gibt es in dieser Partie nicht
 }
triominos-junior-no-chance-pending = „{ $move }“ ist ein Zufallsereignis, aber { triominos-junior-player } ist am Zug
triominos-junior-tile-being-drawn = gerade wird ein Stein gezogen: Bis er zugeteilt ist, kann niemand etwas tun
triominos-junior-deal-first = zuerst muss ein Stein gezogen werden („deal 1-3-5“), nicht „{ $move }“
triominos-junior-tile-not-in-pool = im Pool liegt { $tile ->
    [J] kein Joker
   *[other] kein Stein { $tile }
 } ({ $count ->
    [0] er ist leer
    [one] dort liegt nur ein Stein
   *[other] dort liegen { $count } Steine
 })
triominos-junior-joker-as-start-tile = der Startstein ist nie der Joker: Er kommt zurück in den Pool, und ein anderer Stein wird gezogen
triominos-junior-tile-not-in-rack = { triominos-junior-player } hat { $tile ->
    [J] keinen Joker
   *[other] keinen Stein { $tile }
 } auf seinem Bänkchen
triominos-junior-far-from-layout = der Platz { $at } liegt weit ab von der Auslage
triominos-junior-position-occupied = der Platz { $at } ist schon belegt
triominos-junior-no-shared-side = der Platz { $at } hat mit keinem Stein der Auslage eine ganze Seite gemeinsam
triominos-junior-corner-mismatch = der Stein { $tile } passt nicht auf den Platz { $at } ({ $shape }): { $count ->
    [1] { $first }
    [2] { $first } und { $second }
   *[other] { $first }, { $second } und { $third }
 }
triominos-junior-corner-clash = die { $corner } Ecke zeigt { $shows }, trifft aber auf eine { $touches }
triominos-junior-no-joker-there = auf dem Platz { $at } liegt kein Joker
triominos-junior-joker-for-joker = ein Joker lässt sich nur gegen einen Zahlenstein tauschen
triominos-junior-pool-empty = der Pool ist leer
triominos-junior-pass-not-allowed = passen darf nur, wer weder legen noch tauschen noch nachziehen kann

## Notation und Zugdokumente

triominos-junior-move-not-a-string = ein Zug von Triominos Junior ist ein Text wie „3-5-1@1,0“, „swap 1-1-2@2,0“, „draw“ oder „pass“
triominos-junior-not-notation = { $text } ist keine Notation von Triominos Junior: { $why }
triominos-junior-notation-expected = erwartet wird ein Legezug („3-5-1@1,0“, „J@1,0“), „swap 3-5-1@1,0“, „draw“, „pass“ oder ein Zufallsereignis („deal 1-3-5“, „deal J“)
triominos-junior-not-a-position = { $text } ist kein Platz: erwartet wird „Spalte,Reihe“, etwa „1,0“
triominos-junior-tile-not-a-string = ein Stein ist ein Text wie „1-3-5“ oder „J“
triominos-junior-not-a-tile = { $text } ist kein Stein: erwartet werden drei Zahlen von 0 bis 9 wie „1-3-5“ oder „J“
triominos-junior-document-field = Zugdokument: { $field }: { $why }
triominos-junior-bad-document = ein Zugdokument von Triominos Junior ist {"{"}kind: place|swap, tile, at{"}"} | {"{"}kind: draw{"}"} | {"{"}kind: pass{"}"} | {"{"}kind: deal, tile{"}"}; place und swap wahlweise mit den abgeleiteten Feldern player, col, row, orientation, corners und rackTile, draw und pass mit player

## Der Steinsatz (Option tiles, TJ-1)

triominos-junior-tile-set-not-a-list = muss eine Liste von 36 Steinen sein: 35 wie „1-3-5“ (Zahlen im Uhrzeigersinn) und ein „J“
triominos-junior-tile-set-item = Eintrag { $item }: { $why }
triominos-junior-tile-set-item-then = Eintrag { $item }: { $why }; { $then }
triominos-junior-tile-set-more = { $count ->
    [one] ein weiterer Eintrag ist kein Stein
   *[other] { $count } weitere Einträge sind keine Steine
 }
triominos-junior-tile-set-count = ein Satz hat 35 Zahlensteine und einen Joker (TJ-1), hier sind es { $numbered } und { $jokers }

## Das Spielstand-Dokument

triominos-junior-tiles-list = muss eine Liste von Steinen wie „1-3-5“ oder „J“ sein
triominos-junior-racks-list = muss eine Liste von 2 bis 4 Bänkchen sein, eines je Spieler
triominos-junior-counts-list = muss eine Liste nicht negativer ganzer Zahlen sein, eine je Spieler
triominos-junior-not-schema-form = { $text } hat nicht die Form, die das Schema des Spielstands vorgibt
triominos-junior-layout-item-form = muss {"{"}"at": "Spalte,Reihe", "tile": "1-3-5"{"}"} sein (der Stein so gedreht, wie er liegt)
triominos-junior-layout-form = muss eine Liste von {"{"}"at": "Spalte,Reihe", "tile": "1-3-5"{"}"} sein
triominos-junior-one-of = muss einer dieser Werte sein: { $values }
triominos-junior-null-or-one-of = muss null oder einer dieser Werte sein: { $values }
triominos-junior-to-move-range = muss eine Spielernummer von 0 bis 3 oder null sein
triominos-junior-supply-range = muss eine nicht negative ganze Zahl sein
triominos-junior-off-grid = { $at } liegt weiter draußen, als eine Auslage je reicht (TJ-8)
triominos-junior-covered-twice = { $at } ist doppelt belegt (auch in Eintrag { $item }) (TJ-8)
triominos-junior-too-many-tiles = mehr Steine, als der Satz hat: { $tiles } (TJ-1)
triominos-junior-tiles-missing = fehlen in Auslage, Bänkchen und Pool: { $tiles } (TJ-1)
triominos-junior-layout-before-start = muss leer sein, bevor der Startstein liegt (TJ-6)
triominos-junior-start-tile-missing = der Startstein auf 0,0 fehlt (TJ-6)
triominos-junior-start-joker = der Startstein ist nie der Joker (TJ-6)
triominos-junior-start-orientation = der Startstein liegt mit seiner kleinsten Zahl an der Spitze: { $tile } (TJ-6)
triominos-junior-not-joined = { $at } ist nicht über gemeinsame Seiten mit dem Startstein verbunden (TJ-9)
triominos-junior-corner-conflict = die { $corner } Ecke ({ $number }) trifft auf eine andere Zahl des Steins auf { $at } (TJ-9)
triominos-junior-counts-per-player = muss eine Liste von { $count } nicht negativen ganzen Zahlen sein, eine je Spieler (TJ-3)
triominos-junior-coin-level-only = nur in der Münz-Stufe (options.level ist points) (TJ-3)
triominos-junior-points-level-only = nur in der Punkte-Stufe (options.level ist coins) (TJ-3)
triominos-junior-points-before-play = muss vor dem ersten Zug überall 0 sein (TJ-10)
triominos-junior-supply-missing = muss eine nicht negative ganze Zahl sein (TJ-2)
triominos-junior-coins-do-not-add-up = Münzen { $coins } und Vorrat { $supply } ergeben { $sum }, nicht { $total } (TJ-2)
triominos-junior-coins-before-play = vor dem ersten Zug hat jeder Spieler { $count } Münzen (TJ-5)
triominos-junior-too-many-points = die Punkte ergeben zusammen { $sum }, mehr als die nach dem Startstein gelegten Steine wert sind ({ $placed }) (TJ-10)
triominos-junior-to-move-at-phase = muss in der Phase { $phase } eine Spielernummer von 0 bis { $last } sein (TJ-7)
triominos-junior-to-move-null = muss in der Phase { $phase } null sein (TJ-4, TJ-14, TJ-15)
triominos-junior-end-reason-too-early = muss null sein, solange die Partie läuft
triominos-junior-end-reason-once-over = muss nach Spielende einer dieser Werte sein: { $values }
triominos-junior-no-rack-empty = ist rackEmptied, aber kein Bänkchen ist leer (TJ-14, TJ-15)
triominos-junior-pool-not-empty = ist poolEmptied, aber der Pool ist nicht leer (TJ-14, TJ-15)
triominos-junior-deal-order = beim Verteilen werden die Bänkchen nacheinander mit je { $size } Steinen gefüllt (TJ-4), die Größen sind aber { $sizes }
triominos-junior-racks-at-start = wenn der Startstein gezogen wird, stehen auf jedem Bänkchen { $size } Steine
triominos-junior-empty-rack-in-play = ein leeres Bänkchen beendet die Partie (TJ-14, TJ-15)
triominos-junior-pool-empty-at-draw = ist in der Phase draw leer: Es gibt nichts nachzuziehen
triominos-junior-pool-empty-at-points = ist in der Phase play leer: Dann endet die Punkte-Stufe (TJ-15)
triominos-junior-no-start-tile-in-pool = enthält keinen Stein, mit dem die Auslage beginnen kann (TJ-6)

## Was ein Spieler sieht (TJ-17)

triominos-junior-viewer = player muss 0 bis { $last } oder null (Zuschauer) sein
triominos-junior-viewer-got = muss 0 bis { $last } oder null sein, nicht { $got }

## Das Bild (render)
triominos-junior-svg-headline = Triominos Junior ({ $level ->
    [coins] Münz-Stufe
   *[points] Punkte-Stufe
 }) · { $prompt }
triominos-junior-svg-empty = noch kein Stein gelegt
# Der Tooltip eines freien Dreiecks ($at: wie ein Zug es nennt, "1,0").
triominos-junior-svg-open = frei: { $at }
triominos-junior-svg-rack = Bänkchen von { triominos-junior-player }
# Eine Zahl je Spieler nach dessen Kurznamen (S1 für Spieler 0), aufgezählt.
triominos-junior-svg-count = { $player ->
    [0] S1
    [1] S2
    [2] S3
   *[3] S4
 } { $count }
triominos-junior-svg-counts-list = { $count ->
    [1] { $a }
    [2] { $a }, { $b }
    [3] { $a }, { $b }, { $c }
   *[other] { $a }, { $b }, { $c }, { $d }
 }
triominos-junior-svg-counts = Bänkchen: { $counts }
triominos-junior-svg-coins = Münzen: { $coins }; Vorrat { $supply } · { $racks } · Pool { $pool }
triominos-junior-svg-points = Punkte: { $points } · { $racks } · Pool { $pool }

## Die Punkte erklärt (texts.py: score_lines)
triominos-junior-score-coins = { triominos-junior-player }: { $coins ->
    [one] 1 Münze
   *[other] { $coins } Münzen
 } in der Hand
triominos-junior-score-laid = { triominos-junior-player }: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
 } für die gelegten Steine
triominos-junior-score-rack = { triominos-junior-player }: minus { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
 } für die Steine, die am Ende noch auf dem Bänkchen liegen
