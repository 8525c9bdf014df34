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

## Reference page
# The words of the reference page /play (service/web/): its buttons, headings and hints, served
# to it by /play/texts.json in the language of its switch. An argument reaches the page as a
# placeholder it fills in, so these messages choose no variant by an argument.
play-language = English
