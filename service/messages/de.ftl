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
