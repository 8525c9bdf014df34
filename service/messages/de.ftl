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
