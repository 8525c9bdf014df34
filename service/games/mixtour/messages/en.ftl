# Mixtour's messages in English: refusals, problems of a state document, the picture's
# words, and moves, events and positions told (texts.py). Ids are stable: clients translate
# by them. Rule ids (MX-7) stay as they are in every language.
# Players are named, wherever a person reads them, by their name: mixtour-player ("White" for
# player 0), never "player" with the API's number. Where the request's own number matters (the
# player field a client sent, or a field of a state document), it is quoted as that field, in
# code spelling, after the name ("White (player 0)") or alone when it names nobody ("there is
# no player 7 in this game").

-white = White
-blue = Blue

## Players and options
mixtour-player = { $player ->
    [0] { -white }
   *[other] { -blue }
 }
mixtour-colour = { $player ->
    [0] { -white }
   *[other] { -blue }
 }
mixtour-option-piecesPerPlayer = Pieces per player
    .description = Pieces in each player's supply (MX-2).
mixtour-option-pointsToWin = Points to win
    .description = Points that win the game at once (MX-3, MX-10).

## Refusals: what the rules forbid now
mixtour-game-finished = the game is finished; no move can be played
# $player is to move; $asked is the number the move sent as player.
mixtour-not-your-turn = it is { mixtour-player }'s turn (player { $player }){ $asked ->
    [0] , not { -white }'s (player 0)
    [1] , not { -blue }'s (player 1)
   *[other] ; there is no player { NUMBER($asked, useGrouping: 0) } in this game
 }
mixtour-pass-not-allowed = a player may pass only when no place or move is possible
mixtour-no-supply = { mixtour-player } has no piece left in supply
mixtour-square-occupied = { $square } is not empty
mixtour-empty-source = there is no stack on { $source }
mixtour-not-enough-pieces = the stack on { $source } has { $height } piece(s), not { $taken }
mixtour-not-a-line = { $source } and { $target } are not on one straight line
mixtour-empty-target = { $target } is empty; a move must land on a stack
mixtour-wrong-distance = the stack on { $target } is { $height } high, so it is reached from exactly { $height } square(s) away, not { $distance }
mixtour-path-blocked = the way from { $source } to { $target } is blocked
mixtour-take-back = { $move } would undo the opponent's last move

## Refusals: what is not a Mixtour move ($given: the text sent, quoted)
mixtour-not-a-string = a Mixtour move is a string such as 'b2', 'a1-b2' or 'pass'
mixtour-bad-count = { $given }: a move takes at least one piece
mixtour-off-board = { $given } is off the board: { $square } is no square of the 5 × 5 board (a1 to e5)
mixtour-unparsable = { $given } is not Mixtour notation: expected a square ('b2'), a move ('a1-b2', 'c4:3-d3') or 'pass'
mixtour-document-square = move document: '{ $field }' must be a square a1..e5
mixtour-document-count = move document: 'count' must be a positive integer
mixtour-document-shape = a Mixtour move document is {"{"}kind: place, square{"}"} | {"{"}kind: shift, from, count, to{"}"} | {"{"}kind: pass{"}"}

## Problems of a state document ($got, $board, $supply, $height: numbers as the document has them)
mixtour-state-pair = must be a list of two integers [{ -white }, { -blue }]
mixtour-state-square = not a square of the 5 × 5 board (a1..e5) (MX-1)
mixtour-state-board = must be an object mapping squares to stacks, e.g. {"{"}"c3": "wb"{"}"}
mixtour-state-stack-type = a stack is a string of colours bottom to top, e.g. "wwb"
mixtour-state-stack-colours = unknown colour(s) { $letters }: w is { -white }, b is { -blue }
mixtour-state-stack-height = a stack of { $height } cannot stand: stacks of 5 or more are removed at once (MX-9)
mixtour-state-twice = the same square is given twice (letters are case-insensitive) (MX-1)
mixtour-state-supply = { mixtour-player } has { $board } on the board and { $supply } in supply, but piecesPerPlayer is { $total } (MX-2)
mixtour-state-range = must be between 0 and { $limit } ({ $option }), got { $got } ({ $rule })
mixtour-state-both-won = both players cannot have reached pointsToWin (MX-10)
mixtour-state-to-move = must be 0 ({ -white }), 1 ({ -blue }) or null when the game is over
mixtour-state-over-won = must be null: the game is over ({ mixtour-player } has won) (MX-10)
mixtour-state-over-drawn = must be null: the game is over (both players passed) (MX-10)
mixtour-state-not-over = is null, but nobody has won and the game is not drawn (MX-8, MX-10)
mixtour-state-passes = must be 0, 1 or 2 (MX-8)
mixtour-state-won-and-drawn = a game won on points cannot also end in a double pass (MX-8, MX-10)
mixtour-state-last-move = must be a move in notation, such as 'c3-d3'
mixtour-state-pass-expected = must be 'pass' after a pass (MX-8)
mixtour-state-pass-unexpected = is 'pass' but passes is 0 (MX-8)
mixtour-state-pass-needed = must be 'pass' when passes is not 0 (MX-8)
mixtour-state-placed = after placing on { $square } that square holds exactly one piece, the mover's (MX-4)
mixtour-state-placed-by = after placing on { $square } that square holds exactly one piece, { mixtour-player }'s (MX-4)
mixtour-state-not-a-line = the squares are not on one straight line (MX-5)
mixtour-state-not-after = the board cannot be the position right after this move: the receiving stack's height or the way does not fit (MX-5, MX-6)

## The picture (render.py)
mixtour-svg-title = Mixtour: { -white } { $white }, { -blue } { $blue }
mixtour-score = { -white } { $white } – { -blue } { $blue }
mixtour-svg-to-move = { $score } · { mixtour-player } to move
mixtour-svg-won = { $score } · { mixtour-player } wins
mixtour-svg-drawn = { $score } · draw
mixtour-svg-goal = first to { $points } points
mixtour-svg-supply = { mixtour-player } supply: { $count }

## Moves and events told (texts.py); $stack names the stack that leaves the board
mixtour-stack-of = { $pieces ->
    [5] the stack of five
    [6] the stack of six
    [7] the stack of seven
    [8] the stack of eight
   *[other] the stack of { $pieces }
 }
mixtour-place = { mixtour-player } places a piece on { $square }
mixtour-shift = { mixtour-player } moves { $count ->
    [one] one piece
   *[other] { $count } pieces
 } from { $source } to { $target }
mixtour-shift-scores = { mixtour-shift }; { $stack } leaves the board and { $scorer } scores a point
mixtour-shift-wins = { mixtour-shift }; { $stack } leaves the board and { $scorer } wins
mixtour-pass = { mixtour-player } passes
mixtour-pass-draw = { mixtour-player } passes too; after two passes in a row the game is drawn
mixtour-stack-removed = { mixtour-player } scores a point: { $stack } on { $square } leaves the board ({ $score })
mixtour-game-started = A new game: { mixtour-player } begins
mixtour-game-won = { mixtour-player } wins
mixtour-game-drawn = The game is drawn: both players passed in a row

## Positions told (texts.py)
mixtour-prompt-place-or-move = { mixtour-player } to move: place a piece or move a stack
mixtour-prompt-place = { mixtour-player } to move: place a piece
mixtour-prompt-move = { mixtour-player } to move: move a stack
mixtour-prompt-pass = { mixtour-player } to move: pass, as nothing can be placed or moved
mixtour-prompt-won = { mixtour-player } has won with { $points ->
    [one] 1 point
   *[other] { $points } points
 } to { $other }

## Scores explained (texts.py: score_lines)
mixtour-score-stacks = { mixtour-player }: { $stacks ->
    [0] 0 points, no stack has left the board yet
    [one] 1 point for a stack of five or more that left the board with their piece on top
   *[other] { $stacks } points for { $stacks } stacks of five or more that left the board with their piece on top
 }
