# The service's own messages in English: errors of requests and documents, and the wording
# shared by every game. Each game's own are in service/games/<game>/messages/en.ftl.
# Ids are stable: clients translate by them (messageId and args in every answer).

## Transitional: a text an engine still writes itself.
untranslated = { $text }

## Documents
error-invalid-state = invalid state: { $count ->
    [one] 1 problem
   *[other] { $count } problems
 }
error-invalid-options = invalid options: { $count ->
    [one] 1 problem
   *[other] { $count } problems
 }

## Requests
error-at-move = move { $move }: { $error }
error-invalid-request = { $path }: { $reason }{ $more ->
    [0] {""}
   *[other] {" "}(and { $more } more)
 }

## A request's body: the reason of each problem (details.problems[].reason)
# $type is the JSON type of what was sent (array, object, string...): JSON's own words.
request-body-not-object = the body must be a JSON object, got { $type }
request-unknown-field = unknown field; allowed: { $allowed }
request-required = required
request-state-required = required: the game state document
request-state-not-object = must be an object (a state document), got { $type }
request-integer = must be an integer, got { $type }
request-boolean = must be true or false, got { $type }
request-string = must be a string, got { $type }
request-object = must be an object, got { $type }
request-move-and-moves = give either 'move' or 'moves', not both
request-moves-array = must be an array of moves, got { $type }
request-move-required = required: 'move' (a string) or 'moves' (an array)
request-moves-required = required: an array of moves
request-not-a-move-item = a move is a notation string, a move document, or {"{"}"player": int, "move": string{"}"}, got { $type }
request-not-a-move = not a move ({ $type })
request-move-document = a move document { $problem }

## A request's body as a whole
error-malformed-json = the body is not valid JSON: { $detail }: line { NUMBER($line, useGrouping: 0) } column { NUMBER($column, useGrouping: 0) } (char { NUMBER($char, useGrouping: 0) })
error-empty-body = the body is not valid JSON: the body is empty; send a JSON object
error-options-not-object = options must be an object
http-body-too-large = the body is larger than { NUMBER($limit, useGrouping: 0) } bytes

## Text game records
error-record-line = record line { NUMBER($line, useGrouping: 0) }: { $error }
record-not-utf8 = not UTF-8 text: { $detail }
