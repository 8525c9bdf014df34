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
play-language-label = Language
play-title = Regelwerk · play
play-game = Game
play-players = Players
play-seed = Seed (the service rolls and draws; empty: you enter dice and draws)
play-new-game = New game
play-options = Options
play-undo = Undo
play-verify = Verify by replay
play-record = Record
play-copy = Copy record
play-download = Download record
play-record-json = Record as JSON (replay input)
play-rules = Rules
play-winner = winner
play-to-move = to move
play-cover = Pass the device to { $name }; the other racks stay hidden.
play-reveal = I am { $name }: show my rack
play-hint-chance = Chance: enter what the dice or the draw show.
play-replay-same = The record, replayed from the start, reaches this very state (moves replayed: { $plies }).
play-replay-differs = The record, replayed from the start, reaches another state (moves replayed: { $plies })!
play-enter-outcome = Enter this outcome
play-copied = Record copied (JSON for replay).
play-copy-by-hand = Select and copy the JSON below.
play-error-network = The service cannot be reached; the game stays as it was.
play-error-not-json = HTTP { $status }: the answer is not JSON
play-error-options = Some options are not JSON:
play-error-option-not-json = not JSON
play-error-board-missing = no board module for { $game }: { $error }
play-error-board-misfit = the board module of { $game } does not fit: { $problems }
play-mixtour-place-or-pick = Click an empty square to place a piece, or a stack to move it.
play-mixtour-where-to = Where to? ({ $from } is picked; click it again to drop it.)
play-mixtour-how-many = How many pieces from { $from } to { $to }?
play-tric-trac-pick-stone = Click a stone to move.
play-tric-trac-next-step = Next step: click a stone to move (steps played: { $played }).
play-tric-trac-where-to = Where to from { $from }?
play-tric-trac-take-back = Take back the steps
play-te-trix-choose = { $name }: choose a shape and how the rolled symbols sit on it.
play-te-trix-point = { $name }: point at a cell of your sheet to see where the shape would go.
play-te-trix-enter = Click: { $move }. R or ⟳ for another fit.
play-te-trix-another-fit = ⟳ another fit ({ $k }/{ $n })
play-triominos-junior-pick-tile = { $name }: click a tile of your rack.
play-triominos-junior-point = Point at a green place to see the tile there.
play-triominos-junior-lay = Click: { $move }. R or ⟳ turns the tile.
play-triominos-junior-turn = ⟳ turn the tile ({ $k }/{ $n })
