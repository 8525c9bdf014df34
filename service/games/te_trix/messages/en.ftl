# Te-Trix's messages in English. The refusals and document problems read word for word as
# tests/games/te_trix/messages.json pins them.
# Players are named, wherever a person reads them, by their name: te-trix-player ("Player 1" for
# player 0), never "player" with the API's number. Where the request's own number matters (the
# player field a client sent, or a field of a state document), it is quoted as that field, in
# code spelling, after the name ("Player 1 (player 0)") or alone when it names nobody ("there is
# no player 7 in this game").
# That holds for refusals and document problems too: "Player 1 (player 0) has already placed
# this round".
# Numbers a client may send of any size are written without grouping (NUMBER(..., useGrouping: 0)).

## Words for people: players, symbols, lists

te-trix-player = { $player ->
        [0] Player 1
        [1] Player 2
        [2] Player 3
       *[3] Player 4
    }
te-trix-symbol = { $symbol ->
        [o] circle
        [x] cross
       *[s] square
    }
# How many of one symbol a roll shows (TX-2).
te-trix-symbols = { $symbol ->
        [o] { $count ->
                [one] a circle
                [2] two circles
                [3] three circles
                [4] four circles
               *[other] { $count } circles
            }
        [x] { $count ->
                [one] a cross
                [2] two crosses
                [3] three crosses
                [4] four crosses
               *[other] { $count } crosses
            }
       *[s] { $count ->
                [one] a square
                [2] two squares
                [3] three squares
                [4] four squares
               *[other] { $count } squares
            }
    }
# One to four things ($a … $d) in prose.
te-trix-list = { $count ->
        [1] { $a }
        [2] { $a } and { $b }
        [3] { $a }, { $b } and { $c }
       *[other] { $a }, { $b }, { $c } and { $d }
    }
# One to four things as the refusals and the picture list them.
te-trix-list-short = { $count ->
        [1] { $a }
        [2] { $a }, { $b }
        [3] { $a }, { $b }, { $c }
       *[other] { $a }, { $b }, { $c }, { $d }
    }
# The cells of a placement that lands nothing (never a legal move, TX-8).
te-trix-off-sheet-cells = no cell of the sheet
te-trix-turned = { $degrees ->
        [0] unturned
       *[other] turned { $degrees }° clockwise
    }
# After a placement's cells: the symbols over the edge (TX-8).
te-trix-overhang = { $count ->
        [0] {""}
        [one] ; one symbol hangs over the edge
        [2] ; two symbols hang over the edge
        [3] ; three symbols hang over the edge
       *[other] ; { $count } symbols hang over the edge
    }
# The same in solo, where each crosses off a bar field (TX-13); $left: free fields after it.
te-trix-overhang-solo = { $count ->
        [0] {""}
        [one] ; one symbol hangs over the edge and crosses off one bar field ({ $left } still free)
        [2] ; two symbols hang over the edge and cross off two bar fields ({ $left } still free)
        [3] ; three symbols hang over the edge and cross off three bar fields ({ $left } still free)
       *[other] ; { $count } symbols hang over the edge and cross off { $count } bar fields ({ $left } still free)
    }
# A solo result's rating (TX-15).
te-trix-rating = { $rating ->
        [chapeau] Chapeau!
       *[good] good
    }

## Options

te-trix-option-size = Sheet size
    .description = Rows and columns of every sheet, 5 to 12 (TX-3).
te-trix-option-preprinted = Pre-printed symbols
    .description = The symbols each sheet shows from the start; by default one in the centre cell (circle, cross, square, circle in player order), none in solo (TX-3, TX-12).
te-trix-option-solo = Solo variant
    .description = For exactly one player: an eight-field bar limits the overhang, the player may stop at the start of a round, and every free bar field scores a point (TX-12 to TX-15).

## Moves told

te-trix-move-roll = The dice show { $dice }
te-trix-move-arrange = { te-trix-player } chooses the { $shape } shape and fills it row by row with { $a }, { $b }, { $c } and { $d }
te-trix-move-stop = { te-trix-player } stops; the game is scored as it stands
te-trix-move-place = { te-trix-player } enters the { $shape } shape { $turned } in { $cells }{ $over }
# While several players still place: any of them.
te-trix-move-place-own = Enter the { $shape } shape { $turned } in { $cells } on your own sheet{ $over }

## Events told

te-trix-event-game-started = { $count ->
        [one] A new game for one player
       *[other] A new game for { $count } players
    }: { te-trix-player } rolls first (TX-5)
te-trix-event-chance = The service rolled { $dice }
te-trix-event-rolled = Round { $round }: { te-trix-player } rolled { $dice }
te-trix-event-stopped = { te-trix-player } stopped in round { $round }
te-trix-event-arranged = { te-trix-player } chose the { $shape } shape, filled row by row with { $a }, { $b }, { $c } and { $d }
te-trix-event-arranged-last = { te-trix-player } chose the { $shape } shape, filled row by row with { $a }, { $b }, { $c } and { $d }; { $blocked } cannot enter it, so this is the last round
te-trix-event-placed = { te-trix-player } entered the shape in { $cells }{ $over }
te-trix-event-round-ended = Round { $round } is over; { te-trix-player } rolls next

## The position: who is to do what, or how the game ended

te-trix-prompt-roll = Round { $round }: { te-trix-player } rolls the four dice
te-trix-prompt-arrange = { te-trix-player } rolled { $dice } and now lays the dice out as one of the seven shapes
te-trix-prompt-arrange-solo = { te-trix-player } rolled { $dice } and now lays the dice out as one of the seven shapes, or stops
te-trix-prompt-place = { $players } { $count ->
        [one] enters
       *[other] enter
    } the { $shape } shape ({ $a }, { $b }, { $c }, { $d }, row by row) on { $count ->
        [one] their sheet
       *[other] their own sheets
    }
te-trix-prompt-place-last = { $players } { $count ->
        [one] enters
       *[other] enter
    } the { $shape } shape ({ $a }, { $b }, { $c }, { $d }, row by row) on { $count ->
        [one] their sheet
       *[other] their own sheets
    }; { $blocked } cannot enter it, so this is the last round
te-trix-game-over = The game is over: { $ending }; { $result }
te-trix-ending-blocked = { $players } cannot enter the shape any more
te-trix-ending-full = { $count ->
        [one] the sheet is full
       *[other] every sheet is full
    }
te-trix-ending-stopped = { te-trix-player } stopped
te-trix-result-win = { $players } { $count ->
        [one] wins
       *[other] share the win
    } with { $points ->
        [one] 1 point
       *[other] { $points } points
    }
te-trix-result-score = { te-trix-player } scores { $points ->
        [one] 1 point
       *[other] { $points } points
    }
te-trix-result-rated = { te-trix-player } scores { $points } points: { $rating }

## Refusals of a move (TX-5 to TX-14)

te-trix-game-finished = the game is over ({ $end }); no move can be played
# $players: the names of those still to place.
te-trix-placer-required = { $players } place simultaneously: the field player must say whom this move is for
te-trix-not-a-player = there is no player { NUMBER($player, useGrouping: 0) } in this game
te-trix-already-placed = { te-trix-player } (player { $player }) has already placed this round (TX-9)
te-trix-cannot-place = { te-trix-player } (player { $player }) cannot enter this shape; the game ends this round (TX-10)
te-trix-chance-node = the dice are rolled (a chance outcome); no player acts now, not even the one the request names (player { NUMBER($player, useGrouping: 0) })
te-trix-roll-first = { te-trix-player } must roll the dice first (round { $round })
# $roller rolled; $player is the number the move sent as player.
te-trix-not-the-roller = { $roller ->
        [0] Player 1
        [1] Player 2
        [2] Player 3
       *[3] Player 4
    } (player { $roller }) rolled and arranges the dice (TX-6){ $player ->
        [0] , not Player 1 (player 0)
        [1] , not Player 2 (player 1)
        [2] , not Player 3 (player 2)
        [3] , not Player 4 (player 3)
       *[other] ; there is no player { NUMBER($player, useGrouping: 0) } in this game
    }
te-trix-stop-solo-only = only the solo player may stop the game
te-trix-arrange-first = { te-trix-player } must first arrange the roll on a shape, e.g. { $example }
te-trix-not-the-roll = { $arrangement } does not use the rolled symbols { $roll }; the dice may be rearranged, not turned
te-trix-stop-not-now = stop is only allowed at the start of a round, before the arrangement
te-trix-place-now = the arrangement is fixed; { te-trix-player } must now place it (e.g. r0@1,1)
te-trix-off-sheet = { $placement } puts no symbol on the sheet; at least one must land on it
te-trix-cell-occupied = { $placement } would overwrite { $cells } on { te-trix-player }'s sheet
te-trix-cell-preprinted = { $cell } (pre-printed)
te-trix-bar-exhausted = { $placement } hangs { $count } symbol(s) over the edge, but only { $bar } bar field(s) are left

## Notation and move documents

-te-trix-expected = a roll ('ooxs'), an arrangement ('T:oxso'), a placement ('r90@2,3') or 'stop'
te-trix-move-not-a-string = a Te-Trix move is a string: { -te-trix-expected }
te-trix-move-unparsable = { $shown } is not Te-Trix notation: expected { -te-trix-expected }
te-trix-move-bad-rotation = { $shown }: the rotation must be r0, r90, r180 or r270 (clockwise), not r{ $degrees }
te-trix-document-bad-kind = a Te-Trix move document is {"{"}kind: roll, symbols{"}"} | {"{"}kind: arrange, shape, symbols{"}"} | {"{"}kind: place, rotation, row, col{"}"} | {"{"}kind: stop{"}"}, plus the derived fields move documents list (arrange: slots; place: cells, overhang, bar)
te-trix-document-bad-placement = move document: rotation, row and col must be integers (-999..999)
te-trix-document-bad-symbols = move document: 'symbols' must be four of o, x, s, e.g. 'oxso'
te-trix-document-bad-shape = move document: 'shape' must be one of { $shapes }

## Options given to a new game

# The option's own check: every problem with its path, one message holding the next ($rest).
te-trix-preprinted-problem = { $path }: { $reason }
te-trix-preprinted-problem-then = { $path }: { $reason }; { $rest }
te-trix-preprinted-not-a-list = must be a list of {"{"}"cell": "d4", "symbol": "o"{"}"} objects
te-trix-preprinted-not-per-player = must be a list of { $count } lists (one per player) of {"{"}"cell": "d4", "symbol": "o"{"}"} objects
# $player: the index in the list (from 0), not necessarily a player of the game.
te-trix-preprinted-cells-not-a-list = each player's pre-printed cells must be a list; item { NUMBER($player, useGrouping: 0) } is not
te-trix-preprinted-not-an-entry = must be an object {"{"}"cell": "d4", "symbol": "o"{"}"}
te-trix-preprinted-not-a-cell = { $shown } is not a cell of a1..{ $last }
te-trix-preprinted-twice = { $shown } is pre-printed twice
te-trix-preprinted-not-a-symbol = must be 'o', 'x' or 's', got { $shown }
te-trix-preprinted-every-cell = pre-prints every cell: nothing could be entered
te-trix-solo-players = the solo variant is for exactly 1 player, not { $count } (TX-12)

## State documents

te-trix-state-options = is required: an object {"{"}size, solo, preprinted{"}"}
te-trix-state-unknown-option = unknown option; known: size, solo, preprinted
te-trix-state-preprinted = is required: one list of {"{"}cell, symbol{"}"} per player
te-trix-state-sheets = is required: a list of 1 to { $most } sheets, one per player
te-trix-state-sheet = must be a list of { $least } to { $most } row strings
te-trix-state-row = must be { $least } to { $most } characters of o, x, s or .
te-trix-state-round = is required: an integer from 1
te-trix-state-phase = is required: one of { $phases }
te-trix-state-roll = must be null or a roll such as 'ooxs'
te-trix-state-arrangement = must be null or a arrangement such as 'T:oxso'
te-trix-state-players = must be a list of distinct players 0..{ $last }
te-trix-state-bar-or-null = must be null or the free bar fields, 0 to { $most } (TX-13)
te-trix-state-end-or-null = must be null or one of { $endings }
te-trix-state-scores-type = must be a list of integers (or left out)
te-trix-state-solo-sheets = the solo variant has exactly 1 sheet, not { $count } (TX-12)
# $n: the round the document gives; $count: its players.
te-trix-state-roller = must be { $roller }: in round { $n } of { $count } player(s) that player rolls (TX-5)
te-trix-state-round-players = must be a list of distinct players 0..{ $last } (TX-9)
te-trix-state-bar-solo-only = must be null: the overhang bar is solo only (TX-13)
te-trix-state-bar = must be the free bar fields, 0 to { $most } (TX-13)
te-trix-state-sheet-rows = must be a list of { $size } row strings (size { $size }, TX-3)
te-trix-state-row-cells = must be { $size } characters of o, x, s or . (row { $row }, TX-3)
te-trix-state-not-printed = { $cell } must show the pre-printed '{ $symbol }' ({ $path }) (TX-3)
te-trix-state-end-missing = must say why the game is over: { $endings } (TX-10)
te-trix-state-end-early = must be null while the game runs (phase '{ $phase }') (TX-10)
te-trix-state-required-in-phase = is required in phase '{ $phase }' ({ $rule })
te-trix-state-required-at-end = is required in phase '{ $phase }' with end '{ $end }' ({ $rule })
te-trix-state-null-in-phase = must be null in phase '{ $phase }' ({ $rule })
te-trix-state-null-at-end = must be null in phase '{ $phase }' with end '{ $end }' ({ $rule })
te-trix-state-not-the-roll = does not use the rolled symbols { $roll } (TX-6)
te-trix-state-not-full = is sheetsFull, but { te-trix-player }'s sheet (sheets[{ $player }]) has empty cells (TX-10)
te-trix-state-stop-solo-only = only the solo player may stop (TX-14)
te-trix-state-all-full = every sheet is full, so the game is over (TX-10)
te-trix-state-placed-and-blocked = a player cannot both have placed and be blocked (TX-9, TX-10)
te-trix-state-round-not-open = placed and blocked must be empty in phase '{ $phase }' (TX-9)
te-trix-state-round-over = everybody has placed or is blocked, so the round is over (TX-9)
te-trix-state-blocked-missing = must list the players who could not place (TX-10)
te-trix-state-placed-missing = every player who could place has placed at the end (TX-10)
te-trix-state-full-placed = with full sheets every player has placed and none is blocked (TX-10)
# $count: placements so far; $total: the symbols they enter.
te-trix-state-solo-counts = { $entered } entered cells and { $crossed } crossed bar fields, but { NUMBER($count, useGrouping: 0) } placement(s) enter exactly { NUMBER($total, useGrouping: 0) } symbols (TX-7, TX-13)
te-trix-state-counts = { $entered } entered cells, but { NUMBER($count, useGrouping: 0) } placement(s) enter { NUMBER($count, useGrouping: 0) } to { NUMBER($total, useGrouping: 0) } (TX-7, TX-8)
te-trix-state-not-blocked = { te-trix-player } (player { $player }) can still enter { $shape } (TX-10)
te-trix-state-blocked = { te-trix-player } (player { $player }) cannot enter { $shape }, so must be listed (TX-10)
te-trix-state-scores = must be { $scores }, computed from the sheets (TX-11), or left out

## The picture (SVG): header, panels, tooltips; players counted from 1 as everywhere (P1 is Player 1)

te-trix-svg-round = round { $round }
te-trix-svg-score = { $player ->
        [0] P1
        [1] P2
        [2] P3
       *[3] P4
    } { NUMBER($points, useGrouping: 0) }
te-trix-svg-p = { $player ->
        [0] P1
        [1] P2
        [2] P3
       *[3] P4
    }
te-trix-svg-game-over = game over ({ $end })
te-trix-svg-won-by = won by { $players }
te-trix-svg-roller = roller: { te-trix-player }
te-trix-svg-roll = roll { $roll }
te-trix-svg-shape = shape { $arrangement }
te-trix-svg-waiting-dice = waiting for the dice
te-trix-svg-waiting-arrange = waiting for { te-trix-player } to arrange
te-trix-svg-to-place = to place: { $players }
te-trix-svg-player = { te-trix-player }
te-trix-svg-panel = { te-trix-player }: { NUMBER($points, useGrouping: 0) } pts{ $mark ->
        [blocked] { " · blocked" }
        [placed] { " · placed" }
        [waiting] { " · to place" }
       *[none] {""}
    }
# A symbol's points on the picture, TX-11: areas × cells = points.
te-trix-svg-symbol-points = { te-trix-symbol } { $areas }×{ $cells }={ $points }
te-trix-svg-bar-points = bar +{ $bar }
te-trix-svg-bar = bar
te-trix-svg-preprinted = pre-printed

## Scores explained (texts.py: score_lines): each sheet by symbol (TX-11), the bar (TX-15)
te-trix-score-symbol = { te-trix-player }, { te-trix-symbol }: { $areas ->
        [0] no area of five or more cells, 0 points
        [one] one area of { $cells } cells, 1 × { $cells } = { $points } points
       *[other] { $areas } areas of five or more cells with { $cells } cells together, { $areas } × { $cells } = { $points } points
    }{ $struck ->
        [0] {""}
        [one] ; one smaller area struck out
       *[other] ; { $struck } smaller areas struck out
    }
te-trix-score-bar = { te-trix-player }: { $free ->
        [0] no free field left on the bar, 0 points
        [one] one free field on the bar, 1 point
       *[other] { $free } free fields on the bar, { $free } points
    }
