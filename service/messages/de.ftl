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
play-seed = Startwert (der Dienst würfelt und zieht; leer: du gibst Würfe und gezogene Steine ein)
play-new-game = Neue Partie
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
play-cover = Gib das Gerät an { $name } weiter; die anderen Bänkchen bleiben verdeckt.
play-reveal = Ich bin { $name }: mein Bänkchen zeigen
play-hint-chance = Zufall: Gib ein, was die Würfel zeigen oder welcher Stein gezogen wurde.
play-replay-same = Von vorn nachgespielt, erreicht der Verlauf genau diesen Spielstand (nachgespielte Züge: { $plies }).
play-replay-differs = Von vorn nachgespielt, erreicht der Verlauf einen anderen Spielstand (nachgespielte Züge: { $plies })!
play-enter-outcome = Dieses Ergebnis eintragen
play-copied = Verlauf kopiert (JSON zum Nachspielen).
play-copy-by-hand = Markiere das JSON unten und kopiere es.
play-error-network = Der Dienst ist nicht erreichbar; die Partie bleibt, wie sie war.
play-error-not-json = HTTP { $status }: Die Antwort ist kein JSON
play-error-options = Einige Optionen sind kein JSON:
play-error-option-not-json = kein JSON
play-error-board-missing = kein Brettmodul für { $game }: { $error }
play-error-board-misfit = Das Brettmodul von { $game } passt nicht: { $problems }
play-mixtour-place-or-pick = Klicke auf ein leeres Feld, um einen Stein einzusetzen, oder auf einen Stapel, um ihn zu ziehen.
play-mixtour-where-to = Wohin? ({ $from } ist gewählt; ein zweiter Klick darauf legt den Stapel zurück.)
play-mixtour-how-many = Wie viele Steine von { $from } nach { $to }?
play-tric-trac-pick-stone = Klicke auf einen Stein, um ihn zu ziehen.
play-tric-trac-next-step = Nächster Schritt: Klicke auf einen Stein (gespielte Schritte: { $played }).
play-tric-trac-where-to = Wohin von { $from } aus?
play-tric-trac-take-back = Schritte zurücknehmen
play-te-trix-choose = { $name }: Wähle eine Form und wie die gewürfelten Symbole darauf liegen.
play-te-trix-point = { $name }: Zeige auf ein Kästchen deines Blatts, um zu sehen, wohin die Form käme.
play-te-trix-enter = Klick: { $move }. R oder ⟳ für eine andere Lage.
play-te-trix-another-fit = ⟳ andere Lage ({ $k }/{ $n })
play-triominos-junior-pick-tile = { $name }: Klicke auf einen Stein deines Bänkchens.
play-triominos-junior-point = Zeige auf einen grünen Platz, um den Stein dort zu sehen.
play-triominos-junior-lay = Klick: { $move }. R oder ⟳ dreht den Stein.
play-triominos-junior-turn = ⟳ Stein drehen ({ $k }/{ $n })
