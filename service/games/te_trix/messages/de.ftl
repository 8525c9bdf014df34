# Die Texte von Te-Trix auf Deutsch, mit den Wörtern von docs/rules/te-trix.de.md: Blatt,
# Kästchen, Form, Wurf, Lage, Leiste, vorgedruckt, eintragen.
# Spieler heißen, wo ein Mensch sie liest, mit ihrem Namen: te-trix-player („Spieler 1“ für
# player 0), nie „Spieler“ mit der Nummer der Schnittstelle. Wo die Nummer der Anfrage zählt (das
# Feld player, das ein Client geschickt hat, oder ein Feld eines Spielstands), steht sie als Feld
# in Code-Schreibweise hinter dem Namen („Spieler 1 (player 0)“) oder allein, wenn sie niemanden
# nennt („player 7 gibt es in dieser Partie nicht“). Der Feldname player bleibt englisch.
# Das gilt auch für Zurückweisungen und Fehler in Dokumenten: „Spieler 1 (player 0) hat in
# dieser Runde schon eingetragen“.
# Zahlen, die ein Client beliebig groß schicken kann, stehen ohne Tausenderpunkte da.

## Wörter für Menschen: Spieler, Symbole, Aufzählungen

te-trix-player = { $player ->
        [0] Spieler 1
        [1] Spieler 2
        [2] Spieler 3
       *[3] Spieler 4
    }
te-trix-symbol = { $symbol ->
        [o] Kreis
        [x] Kreuz
       *[s] Quadrat
    }
# Wie viele eines Symbols ein Wurf zeigt (TX-2), im Akkusativ.
te-trix-symbols = { $symbol ->
        [o] { $count ->
                [one] einen Kreis
                [2] zwei Kreise
                [3] drei Kreise
                [4] vier Kreise
               *[other] { $count } Kreise
            }
        [x] { $count ->
                [one] ein Kreuz
                [2] zwei Kreuze
                [3] drei Kreuze
                [4] vier Kreuze
               *[other] { $count } Kreuze
            }
       *[s] { $count ->
                [one] ein Quadrat
                [2] zwei Quadrate
                [3] drei Quadrate
                [4] vier Quadrate
               *[other] { $count } Quadrate
            }
    }
# Eins bis vier Dinge ($a … $d) im Fließtext.
te-trix-list = { $count ->
        [1] { $a }
        [2] { $a } und { $b }
        [3] { $a }, { $b } und { $c }
       *[other] { $a }, { $b }, { $c } und { $d }
    }
# Eins bis vier Dinge in Zurückweisungen und im Bild (auf Englisch nur mit Kommas).
te-trix-list-short = { $count ->
        [1] { $a }
        [2] { $a } und { $b }
        [3] { $a }, { $b } und { $c }
       *[other] { $a }, { $b }, { $c } und { $d }
    }
# Die Kästchen einer Lage, die nichts aufs Blatt bringt (nie ein erlaubter Zug, TX-8).
te-trix-off-sheet-cells = kein Kästchen des Blatts
te-trix-turned = { $degrees ->
        [0] ungedreht
       *[other] um { $degrees }° im Uhrzeigersinn gedreht
    }
# Nach den Kästchen einer Lage: die Symbole über dem Rand (TX-8).
te-trix-overhang = { $count ->
        [0] {""}
        [one] ; ein Symbol ragt über den Rand
        [2] ; zwei Symbole ragen über den Rand
        [3] ; drei Symbole ragen über den Rand
       *[other] ; { $count } Symbole ragen über den Rand
    }
# Dasselbe im Solospiel, wo jedes ein Feld der Leiste streicht (TX-13); $left: danach freie Felder.
te-trix-overhang-solo = { $count ->
        [0] {""}
        [one] ; ein Symbol ragt über den Rand und streicht ein Feld der Leiste (noch { $left } frei)
        [2] ; zwei Symbole ragen über den Rand und streichen zwei Felder der Leiste (noch { $left } frei)
        [3] ; drei Symbole ragen über den Rand und streichen drei Felder der Leiste (noch { $left } frei)
       *[other] ; { $count } Symbole ragen über den Rand und streichen { $count } Felder der Leiste (noch { $left } frei)
    }
# Die Bewertung eines Solo-Ergebnisses (TX-15).
te-trix-rating = { $rating ->
        [chapeau] Chapeau!
       *[good] gut
    }

## Optionen

te-trix-option-size = Blattgröße
    .description = Reihen und Spalten jedes Blatts, 5 bis 12 (TX-3).
te-trix-option-preprinted = Vordruck
    .description = Die Symbole, die jedes Blatt von Anfang an zeigt; ohne Angabe eines im mittleren Kästchen (Kreis, Kreuz, Quadrat, Kreis in der Reihenfolge der Spieler), im Solospiel keines (TX-3, TX-12).
te-trix-option-solo = Solospiel
    .description = Für genau einen Spieler: Eine Leiste mit acht Feldern begrenzt, was über den Rand ragt, man darf zu Beginn jeder Runde aufhören, und jedes freie Feld der Leiste bringt einen Punkt (TX-12 bis TX-15).

## Züge in Worten

te-trix-move-roll = Die Würfel zeigen { $dice }
te-trix-move-arrange = { te-trix-player } wählt die Form { $shape } und belegt sie Reihe für Reihe mit { $a }, { $b }, { $c } und { $d }
te-trix-move-stop = { te-trix-player } hört auf; die Partie wird gewertet, wie sie steht
te-trix-move-place = { te-trix-player } trägt die Form { $shape } { $turned } in { $cells } ein{ $over }
# Solange mehrere noch eintragen: für jeden von ihnen.
te-trix-move-place-own = Die Form { $shape } { $turned } in { $cells } ins eigene Blatt eintragen{ $over }

## Ereignisse in Worten

te-trix-event-game-started = { $count ->
        [one] Eine neue Partie für einen Spieler
       *[other] Eine neue Partie für { $count } Spieler
    }: { te-trix-player } würfelt zuerst (TX-5)
te-trix-event-chance = Der Dienst hat { $dice } gewürfelt
te-trix-event-rolled = Runde { $round }: { te-trix-player } hat { $dice } gewürfelt
te-trix-event-stopped = { te-trix-player } hat in Runde { $round } aufgehört
te-trix-event-arranged = { te-trix-player } hat die Form { $shape } gewählt und Reihe für Reihe mit { $a }, { $b }, { $c } und { $d } belegt
te-trix-event-arranged-last = { te-trix-player } hat die Form { $shape } gewählt und Reihe für Reihe mit { $a }, { $b }, { $c } und { $d } belegt; { $blocked } { $stuck ->
        [one] kann
       *[other] können
    } sie nicht eintragen, also ist dies die letzte Runde
te-trix-event-placed = { te-trix-player } hat die Form in { $cells } eingetragen{ $over }
te-trix-event-round-ended = Runde { $round } ist vorbei; als Nächstes würfelt { te-trix-player }

## Die Stellung: wer was tun muss, oder wie die Partie ausging

te-trix-prompt-roll = Runde { $round }: { te-trix-player } würfelt mit allen vier Würfeln
te-trix-prompt-arrange = { te-trix-player } hat { $dice } gewürfelt und legt die Würfel nun zu einer der sieben Formen
te-trix-prompt-arrange-solo = { te-trix-player } hat { $dice } gewürfelt und legt die Würfel nun zu einer der sieben Formen – oder hört auf
te-trix-prompt-place = { $players } { $count ->
        [one] trägt
       *[other] tragen
    } die Form { $shape } ({ $a }, { $b }, { $c }, { $d }, Reihe für Reihe) { $count ->
        [one] ins eigene Blatt
       *[other] jeweils ins eigene Blatt
    } ein
te-trix-prompt-place-last = { $players } { $count ->
        [one] trägt
       *[other] tragen
    } die Form { $shape } ({ $a }, { $b }, { $c }, { $d }, Reihe für Reihe) { $count ->
        [one] ins eigene Blatt
       *[other] jeweils ins eigene Blatt
    } ein; { $blocked } { $stuck ->
        [one] kann
       *[other] können
    } sie nicht eintragen, also ist dies die letzte Runde
te-trix-game-over = Die Partie ist vorbei: { $ending }; { $result }
te-trix-ending-blocked = { $players } { $count ->
        [one] kann
       *[other] können
    } die Form nicht mehr eintragen
te-trix-ending-full = { $count ->
        [one] das Blatt ist voll
       *[other] alle Blätter sind voll
    }
te-trix-ending-stopped = { te-trix-player } hat aufgehört
te-trix-result-win = { $players } { $count ->
        [one] gewinnt
       *[other] gewinnen gemeinsam
    } mit { $points ->
        [one] einem Punkt
       *[other] { $points } Punkten
    }
te-trix-result-score = { te-trix-player } erzielt { $points ->
        [one] einen Punkt
       *[other] { $points } Punkte
    }
te-trix-result-rated = { te-trix-player } erzielt { $points } Punkte: { $rating }

## Zurückweisungen eines Zugs (TX-5 bis TX-14)

te-trix-game-finished = die Partie ist vorbei ({ $end ->
        [cannotPlace] eine Form ließ sich nicht mehr eintragen
        [sheetsFull] alle Blätter sind voll
        [stopped] vorzeitig beendet
       *[other] { $end }
    }); es kann kein Zug mehr gespielt werden
# $players: die Namen derer, die noch eintragen.
te-trix-placer-required = { $players } tragen gleichzeitig ein: im Feld player angeben, für wen dieser Zug ist
te-trix-not-a-player = player { NUMBER($player, useGrouping: 0) } gibt es in dieser Partie nicht
te-trix-already-placed = { te-trix-player } (player { $player }) hat in dieser Runde schon eingetragen (TX-9)
te-trix-cannot-place = { te-trix-player } (player { $player }) kann diese Form nicht eintragen; die Partie endet mit dieser Runde (TX-10)
te-trix-chance-node = jetzt wird gewürfelt (ein Zufallsergebnis); niemand ist am Zug, also auch nicht der Spieler, den die Anfrage nennt (player { NUMBER($player, useGrouping: 0) })
te-trix-roll-first = zuerst muss { te-trix-player } würfeln (Runde { $round })
# $roller hat gewürfelt; $player ist die Nummer, die der Zug in player nennt.
te-trix-not-the-roller = { $roller ->
        [0] Spieler 1
        [1] Spieler 2
        [2] Spieler 3
       *[3] Spieler 4
    } (player { $roller }) hat gewürfelt und legt die Form (TX-6){ $player ->
        [0] , nicht Spieler 1 (player 0)
        [1] , nicht Spieler 2 (player 1)
        [2] , nicht Spieler 3 (player 2)
        [3] , nicht Spieler 4 (player 3)
       *[other] ; player { NUMBER($player, useGrouping: 0) } gibt es in dieser Partie nicht
    }
te-trix-stop-solo-only = aufhören darf nur, wer allein spielt
te-trix-arrange-first = { te-trix-player } muss den Wurf erst zu einer Form legen, etwa { $example }
te-trix-not-the-roll = { $arrangement } verwendet nicht die gewürfelten Symbole { $roll }; die Würfel dürfen umgestellt, aber nicht auf eine andere Seite gedreht werden
te-trix-stop-not-now = aufhören (stop) darf man nur zu Beginn einer Runde, bevor die Form gelegt ist
te-trix-place-now = die Form liegt fest; { te-trix-player } muss sie jetzt eintragen (etwa r0@1,1)
te-trix-off-sheet = { $placement } bringt kein Symbol aufs Blatt; mindestens eines muss darauf landen
te-trix-cell-occupied = { $placement } würde { $cells } auf dem Blatt von { te-trix-player } überschreiben
te-trix-cell-preprinted = { $cell } (vorgedruckt)
te-trix-bar-exhausted = { $placement } lässt { $count ->
        [one] ein Symbol
       *[other] { $count } Symbole
    } über den Rand ragen, aber auf der Leiste { $bar ->
        [0] ist kein Feld mehr frei
        [one] ist nur noch ein Feld frei
       *[other] sind nur noch { $bar } Felder frei
    }

## Schreibweise und Zugdokumente

-te-trix-expected = ein Wurf ('ooxs'), eine Anordnung ('T:oxso'), eine Lage ('r90@2,3') oder 'stop'
te-trix-move-not-a-string = ein Te-Trix-Zug ist ein Text: { -te-trix-expected }
te-trix-move-unparsable = { $shown } ist keine Te-Trix-Schreibweise; erwartet wird { -te-trix-expected }
te-trix-move-bad-rotation = { $shown }: die Drehung muss r0, r90, r180 oder r270 sein (im Uhrzeigersinn), nicht r{ $degrees }
te-trix-document-bad-kind = ein Te-Trix-Zugdokument ist {"{"}kind: roll, symbols{"}"} | {"{"}kind: arrange, shape, symbols{"}"} | {"{"}kind: place, rotation, row, col{"}"} | {"{"}kind: stop{"}"}, dazu die abgeleiteten Felder, die Zugdokumente aufführen (arrange: slots; place: cells, overhang, bar)
te-trix-document-bad-placement = Zugdokument: rotation, row und col müssen ganze Zahlen sein (-999..999)
te-trix-document-bad-symbols = Zugdokument: 'symbols' muss aus vier der Zeichen o, x, s bestehen, etwa 'oxso'
te-trix-document-bad-shape = Zugdokument: 'shape' muss eines von { $shapes } sein

## Optionen einer neuen Partie

# Die eigene Prüfung der Option: jedes Problem mit seinem Pfad, eine Meldung enthält die nächste ($rest).
te-trix-preprinted-problem = bei { $path }: { $reason }
te-trix-preprinted-problem-then = bei { $path }: { $reason }; { $rest }
te-trix-preprinted-not-a-list = muss eine Liste von Objekten {"{"}"cell": "d4", "symbol": "o"{"}"} sein
te-trix-preprinted-not-per-player = muss eine Liste von { $count } Listen (eine je Spieler) mit Objekten {"{"}"cell": "d4", "symbol": "o"{"}"} sein
# $player: der Index in der Liste (ab 0), nicht unbedingt ein Spieler der Partie.
te-trix-preprinted-cells-not-a-list = die vorgedruckten Kästchen je Spieler müssen Listen sein; Eintrag { NUMBER($player, useGrouping: 0) } ist keine
te-trix-preprinted-not-an-entry = muss ein Objekt {"{"}"cell": "d4", "symbol": "o"{"}"} sein
te-trix-preprinted-not-a-cell = { $shown } ist kein Kästchen von a1 bis { $last }
te-trix-preprinted-twice = { $shown } ist doppelt vorgedruckt
te-trix-preprinted-not-a-symbol = muss 'o', 'x' oder 's' sein, nicht { $shown }
te-trix-preprinted-every-cell = alle Kästchen sind vorgedruckt: nichts ließe sich eintragen
te-trix-solo-players = das Solospiel ist für genau einen Spieler, nicht für { $count } (TX-12)

## Zustandsdokumente

te-trix-state-options = ist Pflicht: ein Objekt {"{"}size, solo, preprinted{"}"}
te-trix-state-unknown-option = unbekannte Option; bekannt sind size, solo, preprinted
te-trix-state-preprinted = ist Pflicht: eine Liste von {"{"}cell, symbol{"}"} je Spieler
te-trix-state-sheets = ist Pflicht: eine Liste von 1 bis { $most } Blättern, eines je Spieler
te-trix-state-sheet = muss eine Liste von { $least } bis { $most } Reihen (Texten) sein
te-trix-state-row = muss aus { $least } bis { $most } der Zeichen o, x, s oder . bestehen
te-trix-state-round = ist Pflicht: eine ganze Zahl ab 1
te-trix-state-phase = ist Pflicht: eines von { $phases }
te-trix-state-roll = muss null oder ein Wurf wie 'ooxs' sein
te-trix-state-arrangement = muss null oder eine Anordnung wie 'T:oxso' sein
te-trix-state-players = muss eine Liste verschiedener Spieler von 0 bis { $last } sein
te-trix-state-bar-or-null = muss null oder die Zahl der freien Felder der Leiste sein, 0 bis { $most } (TX-13)
te-trix-state-end-or-null = muss null oder eines von { $endings } sein
te-trix-state-scores-type = muss eine Liste ganzer Zahlen sein (oder fehlen)
te-trix-state-solo-sheets = das Solospiel hat genau ein Blatt, nicht { $count } (TX-12)
# $n: die Runde laut Dokument; $count: seine Spieler.
te-trix-state-roller = muss { $roller } sein: In Runde { $n } würfelt bei { $count ->
        [one] einem Spieler
       *[other] { $count } Spielern
    } dieser Spieler (TX-5)
te-trix-state-round-players = muss eine Liste verschiedener Spieler von 0 bis { $last } sein (TX-9)
te-trix-state-bar-solo-only = muss null sein: die Leiste gibt es nur im Solospiel (TX-13)
te-trix-state-bar = muss die Zahl der freien Felder der Leiste sein, 0 bis { $most } (TX-13)
te-trix-state-sheet-rows = muss eine Liste von { $size } Reihen sein (Größe { $size }, TX-3)
te-trix-state-row-cells = muss aus { $size } der Zeichen o, x, s oder . bestehen (Reihe { $row }, TX-3)
te-trix-state-not-printed = { $cell } muss das vorgedruckte '{ $symbol }' zeigen ({ $path }) (TX-3)
te-trix-state-end-missing = muss sagen, warum die Partie vorbei ist: { $endings } (TX-10)
te-trix-state-end-early = muss null sein, solange die Partie läuft (Phase '{ $phase }') (TX-10)
te-trix-state-required-in-phase = ist in der Phase '{ $phase }' Pflicht ({ $rule })
te-trix-state-required-at-end = ist in der Phase '{ $phase }' mit dem Ende '{ $end }' Pflicht ({ $rule })
te-trix-state-null-in-phase = muss in der Phase '{ $phase }' null sein ({ $rule })
te-trix-state-null-at-end = muss in der Phase '{ $phase }' mit dem Ende '{ $end }' null sein ({ $rule })
te-trix-state-not-the-roll = verwendet nicht die gewürfelten Symbole { $roll } (TX-6)
te-trix-state-not-full = ist sheetsFull, aber das Blatt von { te-trix-player } (sheets[{ $player }]) hat noch leere Kästchen (TX-10)
te-trix-state-stop-solo-only = aufhören darf nur, wer allein spielt (TX-14)
te-trix-state-all-full = alle Blätter sind voll, also ist die Partie vorbei (TX-10)
te-trix-state-placed-and-blocked = ein Spieler kann nicht zugleich eingetragen haben und blockiert sein (TX-9, TX-10)
te-trix-state-round-not-open = placed und blocked müssen in der Phase '{ $phase }' leer sein (TX-9)
te-trix-state-round-over = alle haben eingetragen oder sind blockiert, also ist die Runde vorbei (TX-9)
te-trix-state-blocked-missing = muss die Spieler aufführen, die nicht eintragen konnten (TX-10)
te-trix-state-placed-missing = am Ende hat jeder eingetragen, der eintragen konnte (TX-10)
te-trix-state-full-placed = bei vollen Blättern hat jeder eingetragen und niemand ist blockiert (TX-10)
# $count: die Lagen bisher; $total: die Symbole, die sie eintragen.
te-trix-state-solo-counts = { $entered ->
        [one] ein eingetragenes Kästchen
       *[other] { $entered } eingetragene Kästchen
    } und { $crossed ->
        [one] ein gestrichenes Feld
       *[other] { $crossed } gestrichene Felder
    } der Leiste, aber { $count ->
        [one] eine Lage trägt
       *[other] { NUMBER($count, useGrouping: 0) } Lagen tragen
    } genau { NUMBER($total, useGrouping: 0) } Symbole ein (TX-7, TX-13)
te-trix-state-counts = { $entered ->
        [one] ein eingetragenes Kästchen
       *[other] { $entered } eingetragene Kästchen
    }, aber { $count ->
        [one] eine Lage trägt
       *[other] { NUMBER($count, useGrouping: 0) } Lagen tragen
    } { NUMBER($count, useGrouping: 0) } bis { NUMBER($total, useGrouping: 0) } ein (TX-7, TX-8)
te-trix-state-not-blocked = { te-trix-player } (player { $player }) kann { $shape } noch eintragen (TX-10)
te-trix-state-blocked = { te-trix-player } (player { $player }) kann { $shape } nicht eintragen und muss daher aufgeführt sein (TX-10)
te-trix-state-scores = muss { $scores } sein, aus den Blättern berechnet (TX-11), oder fehlen

## Das Bild (SVG): Kopf, Tafeln, Hinweise; Spieler ab 1 gezählt wie überall (S1 ist Spieler 1)

te-trix-svg-round = Runde { $round }
te-trix-svg-score = { $player ->
        [0] S1
        [1] S2
        [2] S3
       *[3] S4
    } { NUMBER($points, useGrouping: 0) }
te-trix-svg-p = { $player ->
        [0] S1
        [1] S2
        [2] S3
       *[3] S4
    }
te-trix-svg-game-over = Partie vorbei ({ $end ->
        [cannotPlace] eine Form passte nicht mehr
        [sheetsFull] alle Blätter voll
        [stopped] aufgehört
       *[other] { $end }
    })
te-trix-svg-won-by = gewonnen von { $players }
te-trix-svg-roller = würfelt: { te-trix-player }
te-trix-svg-roll = Wurf { $roll }
te-trix-svg-shape = Form { $arrangement }
te-trix-svg-waiting-dice = wartet auf den Wurf
te-trix-svg-waiting-arrange = wartet, bis { te-trix-player } die Form legt
te-trix-svg-to-place = noch eintragen: { $players }
te-trix-svg-player = { te-trix-player }
te-trix-svg-panel = { te-trix-player }: { NUMBER($points, useGrouping: 0) } Pkt.{ $mark ->
        [blocked] { " · blockiert" }
        [placed] { " · eingetragen" }
        [waiting] { " · trägt ein" }
       *[none] {""}
    }
# Die Punkte eines Symbols im Bild, TX-11: Flächen × Kästchen = Punkte.
te-trix-svg-symbol-points = { te-trix-symbol } { $areas }×{ $cells }={ $points }
te-trix-svg-bar-points = Leiste +{ $bar }
te-trix-svg-bar = Leiste
te-trix-svg-preprinted = vorgedruckt

## Die Punkte erklärt (texts.py: score_lines): je Blatt und Symbol (TX-11), die Leiste (TX-15)
te-trix-score-symbol = { te-trix-player }, { te-trix-symbol }: { $areas ->
        [0] keine Fläche aus fünf oder mehr Kästchen, 0 Punkte
        [one] eine Fläche aus { $cells } Kästchen, 1 × { $cells } = { $points } Punkte
       *[other] { $areas } Flächen aus fünf oder mehr Kästchen mit zusammen { $cells } Kästchen, { $areas } × { $cells } = { $points } Punkte
    }{ $struck ->
        [0] {""}
        [one] ; eine kleinere Fläche gestrichen
       *[other] ; { $struck } kleinere Flächen gestrichen
    }
te-trix-score-bar = { te-trix-player }: { $free ->
        [0] kein freies Feld der Leiste, 0 Punkte
        [one] ein freies Feld der Leiste, 1 Punkt
       *[other] { $free } freie Felder der Leiste, { $free } Punkte
    }
