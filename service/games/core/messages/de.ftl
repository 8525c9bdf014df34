# Die Texte des Engine-Kerns auf Deutsch: was an den Feldern eines Dokuments falsch ist, und
# was der Treiber ablehnt. Die Ids bleiben stabil: Clients übersetzen nach ihnen. Ein Wert des
# Clients ($value, $got, $players) ist Text, so wie der Dienst ihn zeigt; eine Grenze, die der
# Code festlegt ($low, $high, $version), ist eine Zahl (nach ihr richtet sich der Plural).
#
# Menschen werden mit ihrem Namen genannt: dem <spiel>-player des Spiels („Weiß“, „Spieler 1“
# für player 0), hier als Argument $name; nie als „Spieler“ mit der Nummer der Schnittstelle.
# Wo die Nummer der Anfrage zählt (das Feld player, das ein Client geschickt hat), steht sie als
# Feld in Code-Schreibweise hinter dem Namen („Weiß (player 0)“) oder allein, wenn sie niemanden
# nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player bleibt englisch.

## Arten von Werten: was ein Feld sein muss („muss eine ganze Zahl sein“) …
type-integer = eine ganze Zahl
type-string = eine Zeichenkette
type-object = ein Objekt
type-list = eine Liste
type-boolean = true oder false

## … und der JSON-Typ dessen, was ein Client stattdessen geschickt hat („ist aber null“)
type-got-null = der Wert null
type-got-boolean = ein Wahrheitswert
type-got-integer = { type-integer }
type-got-number = eine Kommazahl
type-got-string = { type-string }
type-got-array = { type-list }
type-got-object = { type-object }
# Ein Wert eines anderen Typs von einem Python-Aufrufer, mit dem Namen des Typs.
type-got-other = ein Wert vom Typ { $name }

## Der Wert eines Felds
field-must-be = muss { $kind } sein, ist aber { $got }
field-required = ist Pflicht
field-unknown = unbekanntes Feld
field-one-of = muss einer der Werte { $choices } sein, ist aber { $value }
field-one-of-or-null = muss einer der Werte { $choices } oder null sein, ist aber { $value }
field-const = muss { $expected } sein, ist aber { $value }
field-pattern = muss dem Muster { $pattern } entsprechen, ist aber { $value }
field-not-known = ist keiner der bekannten Werte, sondern { $value }

## Der Bereich einer ganzen Zahl: beide Grenzen, ein einziger Wert, Minimum, Maximum
field-int-between = muss zwischen { $low } und { $high } liegen, ist aber { $value }
field-int-exactly = muss { $low } sein, ist aber { $value }
field-int-at-least = muss mindestens { $low } sein, ist aber { $value }
field-int-at-most = darf höchstens { $high } sein, ist aber { $value }

## Die Länge einer Zeichenkette
field-length-between = muss { $low } bis { $high } Zeichen lang sein
field-length-exactly = muss genau { $low } Zeichen lang sein
field-length-at-least = muss mindestens { $low } Zeichen lang sein
field-length-at-most = darf höchstens { $high } Zeichen lang sein

## Die Länge einer Liste und ihre Einträge
field-items-between = muss { $low } bis { $high } Einträge enthalten, hat aber { $got }
field-items-exactly = muss genau { $low } { $low ->
        [one] Eintrag
       *[other] Einträge
    } enthalten, hat aber { $got }
field-items-at-least = muss mindestens { $low } { $low ->
        [one] Eintrag
       *[other] Einträge
    } enthalten, hat aber { $got }
field-items-at-most = darf höchstens { $high } { $high ->
        [one] Eintrag
       *[other] Einträge
    } enthalten, hat aber { $got }
field-holds = enthält { $value }: { $why }
field-twice = darf keinen Eintrag doppelt enthalten

## Ein Spielstand als Ganzes und die Felder, die jeder Spielstand hat
field-state-is-answer = das ist eine ganze Antwort (eine Position), kein Spielstand-Dokument: zu schicken ist ihr Feld "state"
field-state-not-object = der Spielstand muss ein JSON-Objekt sein
field-version = Version { $value } wird nicht unterstützt; dieser Dienst liest Version { $version }
field-seed = muss null oder eine Zeichenkette aus { $low } bis { $high } Zeichen sein
field-contribution = muss null (kein Beitrag) oder eine Zeichenkette aus { $low } bis { $high } Zeichen sein
field-non-negative-integer = muss eine ganze Zahl ab 0 sein

## Optionen
options-unknown = unbekannte Option; bekannt sind: { $known }
options-unknown-none = unbekannte Option; dieses Spiel hat keine Optionen
options-null = muss ein Objekt sein (weglassen für die Voreinstellungen)

## Die Zahl der Spieler ($game ist der Name des Spiels)
players-not-integer = die Spielerzahl (players) muss eine ganze Zahl sein
players-integer = muss eine ganze Zahl sein
players-count = { $game } spielt man mit { $low } { $low ->
        [one] Person
       *[other] Personen
    }, nicht mit { $players }
players-count-range = { $game } spielt man mit { $low } bis { $high } Personen, nicht mit { $players }

## Was der Treiber ablehnt
driver-game-over = die Partie ist beendet; es kann kein Zug mehr gespielt werden
# $name: der Name des Spielers, den player ($player) nennt; $movers: die Namen derer am Zug.
driver-player-not-to-move = { $name } (player { $player }) ist gerade nicht am Zug; am Zug: { $movers }
driver-player-not-to-move-chance = { $name } (player { $player }) ist gerade nicht am Zug; als Nächstes entscheidet der Zufall
driver-not-a-player = player { NUMBER($player, useGrouping: 0) } gibt es in dieser Partie nicht
# Namen aufgezählt: zwei ($a und $b), oder der erste ($a) vor der Aufzählung der übrigen ($rest).
driver-players-two = { $a } und { $b }
driver-players-more = { $a }, { $rest }
driver-chance-is-sampled = diese Partie hat einen Seed, deshalb lost der Dienst ihren Zufall selbst aus: es darf kein Ergebnis geschickt werden (mit autoChance spielen, mit oder ohne Zug, um einen offenen Zufallsknoten auszulosen)
driver-chance-differs = die Partieliste nennt hier { $sent }, der hinterlegte Seed hat aber { $drawn } gezogen
driver-document-mismatch = das Feld { $field } des Zugdokuments passt nicht zum Zug in dieser Stellung (abgeleitete Felder sind freiwillig; wenn sie mitgeschickt werden, müssen sie so lauten, wie legal-moves sie aufführt)
# Die Ablehnung eines Zugs aus einer Liste, mit seinem Index ab 0.
driver-ply = Zug { $move }: { $error }
# Ein Zug, Schritt für Schritt zusammengestellt (next-steps), an einem Zufallsknoten.
steps-chance-node = ein Zufallsknoten: hier stellt niemand einen Zug zusammen; zuerst entscheidet der Zufall
field-refused = ist kein Wert dieses Feldes
