# The fifth game's words (docs/adding-a-game.md: a game brings its catalog in its folder).
tic-tac-toe-player = { $player ->
    [0] X
   *[other] O
 }
tic-tac-toe-option-firstPlayer = First player
    .description = The player who marks first (XO-1).
tic-tac-toe-over = the game is finished
tic-tac-toe-turn = it is player { $player }'s turn
tic-tac-toe-taken = { $square } is taken
tic-tac-toe-document = a move document is {"{"}"kind": "mark", "square": "b2"{"}"}
tic-tac-toe-not-a-square = not a square a1 … c3: { $given }
tic-tac-toe-counts = player { $player } marks first (XO-1): these counts cannot happen
tic-tac-toe-turn-field = must be { $expected } on this board (XO-1, XO-3, XO-4)
tic-tac-toe-score = { tic-tac-toe-player }: { $points ->
    [one] 1 point for three in a row
   *[other] { $points } points, no three in a row
 }
