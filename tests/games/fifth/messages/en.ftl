# The fifth game's words (docs/adding-a-game.md: a game brings its catalog in its folder).
# Players are named, wherever a person reads them, by their name: tic-tac-toe-player ("X" for
# player 0), never "player" with the API's number. Where the request's own number matters (the
# player field a client sent, or a field of a state document), it is quoted as that field, in
# code spelling, after the name ("X (player 0)") or alone when it names nobody ("there is
# no player 7 in this game").
tic-tac-toe-player = { $player ->
    [0] X
   *[other] O
 }
tic-tac-toe-option-firstPlayer = First player
    .description = The player who marks first (XO-1).
tic-tac-toe-over = the game is finished
tic-tac-toe-turn = it is { tic-tac-toe-player }'s turn (player { $player })
tic-tac-toe-taken = { $square } is taken
tic-tac-toe-document = a move document is {"{"}"kind": "mark", "square": "b2"{"}"}
tic-tac-toe-not-a-square = not a square a1 … c3: { $given }
tic-tac-toe-counts = { tic-tac-toe-player } marks first (XO-1): these counts cannot happen
tic-tac-toe-turn-field = must be { $expected } on this board (XO-1, XO-3, XO-4)
tic-tac-toe-score = { tic-tac-toe-player }: { $points ->
    [one] 1 point for three in a row
   *[other] { $points } points, no three in a row
 }
