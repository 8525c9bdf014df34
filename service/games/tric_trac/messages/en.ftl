# Tric Trac's messages (en). Players: $player 0 is Red, 1 is Black (TT-1); a point is a
# number 1–24, a step or a turn is notation ("1/4", "6/9*/14", "20/off"), a throw "3-5".
# Every text here is pinned word for word by the tests (tests/games/tric_trac/messages.json).
# Players are named, wherever a person reads them, by their name: tric-trac-player ("Red" for
# player 0), never "player" with the API's number. Where the request's own number matters (the
# player field a client sent, or a field of a state document), it is quoted as that field, in
# code spelling, after the name ("Red (player 0)") or alone when it names nobody ("there is
# no player 7 in this game").

## Players and options (ids the service derives from the descriptor)

tric-trac-player = { $player ->
    [0] Red
   *[1] Black
 }
tric-trac-colour = { $player ->
    [0] Red
   *[1] Black
 }
tric-trac-option-mustPlayLarger = Larger number first
    .description = When only one number of a throw can be played, it must be the larger one (TT-8).
tric-trac-option-homeBeforeBearOff = All stones home before bearing off
    .description = Backgammon bearing off: all stones in the home quarter first, and a number larger than needed bears off only the rearmost stone (TT-13).
tric-trac-option-hucke = Hucke points
    .description = The Hucke points, {"{"}"red": 13, "black": 12{"}"} or [13, 12]: two different points from 2 to 23 (TT-11).
tric-trac-option-pointsToWin = Points to win
    .description = Points that win at once (TT-15); at most 15, so bearing off every stone always wins.

## Options refused (TT-11)

tric-trac-hucke-shape = must be {"{"}"red": point, "black": point{"}"} or [red, black]
tric-trac-hucke-point = { $key } must be a point from 2 to 23 (1 and 24 are start fields)
tric-trac-hucke-same-point = Red's and Black's Hucke must be different points (TT-11)

## Moves refused: whose turn, which kind of move (TT-4, TT-5, TT-15)

tric-trac-game-finished = the game is finished; no move can be played
tric-trac-chance-node = the dice must be thrown now; no player acts
# $player is to move; $asked is the number the move sent as player.
tric-trac-not-to-move = it is { tric-trac-player }'s turn (player { $player }){ $asked ->
    [0] , not Red's (player 0)
    [1] , not Black's (player 1)
   *[other] ; there is no player { NUMBER($asked, useGrouping: 0) } in this game
 }
tric-trac-must-play-throw = the dice are thrown ({ $dice }); { tric-trac-player } must play them
tric-trac-expected-opening = the game opens with both players throwing: an opening outcome such as 'red 3-5' is needed
tric-trac-impossible-opening = 1-1 is the lowest total and never wins the opening throw
tric-trac-expected-throw = the player to move throws two dice now: a throw such as '3-5' is needed
tric-trac-no-turn-to-describe = no throw is being played, so there is no turn to describe

## Moves refused: a step or a turn the rules forbid ($player is the mover, $step one step)

tric-trac-game-won-before = The game was won by the step before { $step }
tric-trac-no-number-left = No number is left for { $step }
tric-trac-no-stone = { tric-trac-player } has no stone on point { $source }
tric-trac-start-first = { tric-trac-player } still has stones on the start field, so { $step } must take one from there
tric-trac-blocked = Point { $to } is held by two or more { $player ->
    [0] Black
   *[1] Red
 } stones
tric-trac-opponent-hucke = Point { $to } is { $player ->
    [0] Black
   *[1] Red
 }'s Hucke, which { tric-trac-player } may never enter
tric-trac-not-all-home = With homeBeforeBearOff every { tric-trac-player } stone must be in the home quarter before bearing off
tric-trac-not-rearmost = With homeBeforeBearOff a number larger than needed bears off only the rearmost stone
# $to is the point the step names, 0 when it bears off.
tric-trac-no-hit = { $step } claims a hit, but { $to ->
    [0] off
   *[other] point { $to }
 } holds no blot
tric-trac-bear-off-needs = Bearing off from { $source } needs { $need } or more
tric-trac-wrong-direction = { tric-trac-player } moves { $player ->
    [0] up from 1 to 24
   *[1] down from 24 to 1
 }, { $step } does not
# $count numbers are left to play: $first, or $first and $second.
tric-trac-wrong-number = { $step } is { $distance } points; it must be { $count ->
    [one] { $first }
   *[other] { $first } or { $second }
 }
tric-trac-pass-not-allowed = { tric-trac-player } can play this throw, e.g. { $example }; a turn passes only when no number can be played
tric-trac-hucke-needs-pair = { tric-trac-player }'s empty Hucke may be entered only by two stones of one throw
tric-trac-hucke-last-pair = the last two stones must leave { tric-trac-player }'s Hucke in the same throw
tric-trac-must-play-both = both numbers can be played (e.g. { $example }), so both must be (TT-8)
tric-trac-must-play-larger = only one number can be played, and with mustPlayLarger it must be the { $number }
tric-trac-not-legal = { $turn } is not a legal turn here
# A turn built stone by stone (next-steps): each chosen step moves one stone by one number.
tric-trac-not-one-step = { $text } is not one step: a step moves one stone by one number (e.g. 1/4)

## Notation refused ($text is the text sent, quoted)

tric-trac-notation-not-a-string = a Tric Trac move is a string such as '1/4 1/6', '1/4/9', '3-5' or 'pass'
tric-trac-notation-too-long = { $text }: longer than { $limit } characters
tric-trac-notation-unparsable = { $text }: expected steps such as '1/4 1/6', '1/4/9', '9/12*' or '20/off', a throw such as '3-5', an opening such as 'red 5-3', or 'pass'
tric-trac-notation-too-many-steps = { $text }: a turn has at most two steps, one per number (TT-6, TT-7)
tric-trac-notation-off-not-last = { $text }: a stone borne off cannot move on
tric-trac-notation-no-such-point = { $text }: there is no point { $point }; points are 1 to 24

## Move documents refused ($shape, $shapes: the document's form, as notation)

tric-trac-document-dice = move document: 'dice' must be two numbers 1 to 6
tric-trac-document-player = move document: 'player' must be 0 (Red) or 1 (Black)
tric-trac-document-steps = move document: 'steps' must be a list of one or two steps
tric-trac-document-step = move document: a step is { $shape }
tric-trac-document-from = move document: 'from' must be a point 1 to 24
tric-trac-document-to = move document: 'to' must be a point 1 to 24 or 'off'
tric-trac-document-hit = move document: 'hit' must be true or false
tric-trac-document-kind = move document: expected { $shapes }

## State documents refused (each a problem at a JSON path)

tric-trac-state-not-a-point = not a point from 2 to 23 (start fields are in $.start) (TT-1, TT-2)
tric-trac-state-stones = stones must be an integer from 1 to { $limit }
tric-trac-state-stones-by-point = must map points to stones, e.g. {"{"}"4": 2{"}"}
tric-trac-state-pair = must be a list of two integers [Red, Black]
tric-trac-state-unknown-colour = unknown colour; expected red and black
tric-trac-state-points = must be {"{"}"red": {"{"}point: stones{"}"}, "black": {"{"}point: stones{"}"}{"}"}
tric-trac-state-phase = must be one of { $phases }
tric-trac-state-to-move = must be 0 (Red), 1 (Black) or null
tric-trac-state-dice = must be null or a throw: two numbers 1 to 6
tric-trac-state-stone-count = { tric-trac-player } has { $stones } on points, { $start } on the start field and { $off } borne off: { $count } stones, not { $total } (TT-2)
tric-trac-state-score-sum = must be hits + borneOff = { $expected }, got { $got } (TT-14)
tric-trac-state-chances = must be at least 1 once the opening throw is made (TT-4)
tric-trac-state-two-colours = point { $point } also holds { $player ->
    [0] Black
   *[1] Red
 } stones; a point holds one colour (TT-9)
tric-trac-state-opponent-hucke = point { $point } is { $player ->
    [0] Black
   *[1] Red
 }'s Hucke, which { tric-trac-player } may never enter (TT-11)
tric-trac-state-single-in-hucke = a single stone cannot stand in { tric-trac-player }'s Hucke (TT-11)
tric-trac-state-to-move-needed = must be 0 (Red) or 1 (Black) in phase { $phase } (TT-5)
tric-trac-state-to-move-null = must be null in phase { $phase } (TT-4, TT-15)
tric-trac-state-dice-null = must be null unless a throw is being played (phase move) (TT-5)
tric-trac-state-dice-needed = must be the throw being played in phase move (TT-5)
tric-trac-state-score-over-goal = the game ends at { $goal } points (TT-15), got { $got }
tric-trac-state-both-won = both players cannot have reached pointsToWin (TT-15)
tric-trac-state-must-be-over = must be over: { tric-trac-player } has { $goal } points (TT-15)
tric-trac-state-over-without-winner = is over, but nobody has { $goal } points (TT-15)
tric-trac-state-opening-moved = the opening comes before any stone moves (TT-2, TT-4)

## The picture (render.py): its title, headline and labels

tric-trac-picture-title = Tric Trac: Red { $red }, Black { $black }
tric-trac-picture-scores = Red { $red } – Black { $black }
# $scores is tric-trac-picture-scores.
tric-trac-picture-won = { $scores } · { tric-trac-player } wins
tric-trac-picture-opening = { $scores } · opening throw
tric-trac-picture-to-play = { $scores } · { tric-trac-player } to play { $dice }
tric-trac-picture-to-throw = { $scores } · { tric-trac-player } to throw
tric-trac-picture-details = first to { $goal } points · hits: Red { $red_hits }, Black { $black_hits } · borne off: Red { $red_off }, Black { $black_off }
tric-trac-picture-hucke = { tric-trac-player } Hucke
tric-trac-picture-start = { tric-trac-player } start
# Drawn narrow: a point's note ($note: tric-trac-picture-hucke or -start) in the legend.
tric-trac-picture-at = { $note }: point { $point }
tric-trac-picture-stones = { tric-trac-player }: { $count }
tric-trac-picture-borne-off = { tric-trac-player } borne off: { $count }
tric-trac-picture-off = off

## Moves told (texts.py): $player moves; $source is where a stone starts

tric-trac-opening = { tric-trac-player } wins the opening throw with { $low } and { $high } and starts
tric-trac-throw = { tric-trac-player } throws { $low } and { $high }
tric-trac-throw-double = { tric-trac-player } throws a double: { $number } and { $number }
tric-trac-passes = { tric-trac-player } cannot play { $dice } and passes
tric-trac-from-start = from the start field
tric-trac-from-point = from { $point }
# One stone, both numbers (TT-7): over $via.
tric-trac-turn-via = { tric-trac-player } moves a stone { $source } via { $via } to { $to }
tric-trac-turn-via-off = { tric-trac-player } bears off a stone { $source } via { $via }
# Two stones from one point: to $near and $far (the nearer first), both to $to, or both off.
tric-trac-turn-pair = { tric-trac-player } moves two stones { $source } to { $near } and { $far }
tric-trac-turn-pair-same = { tric-trac-player } moves two stones { $source } to { $to }
tric-trac-turn-pair-off = { tric-trac-player } bears off two stones { $source }
# Two stones from two points.
tric-trac-turn-two-moves = { tric-trac-player } moves a stone { $source } to { $to } and one { $other_source } to { $other_to }
tric-trac-turn-two-off = { tric-trac-player } bears off two stones, { $source } and { $other_source }
# $first, $second: step phrases (the two below); a turn of one step, or a move and a bear-off.
tric-trac-turn-one = { tric-trac-player } { $first }
tric-trac-turn-two = { tric-trac-player } { $first } and { $second }
tric-trac-step = moves a stone { $source } to { $to }
tric-trac-step-off = bears off a stone { $source }
# A turn ($turn, one of the above) that hits (TT-12): on $first, or on $first and $second.
tric-trac-turn-hits = { $turn }, hitting { $count ->
    [one] { $player ->
        [0] a Black stone
       *[1] a Red stone
    } on { $first }
   *[other] { $player ->
        [0] Black stones
       *[1] Red stones
    } on { $first } and { $second }
 }

## Events told (texts.py)

tric-trac-event-stepped = { tric-trac-player } moves a stone { $source } to { $to } with the { $die }
tric-trac-event-stepped-off = { tric-trac-player } bears off a stone { $source } with the { $die }
# $stone: the colour of the stone hit.
tric-trac-event-hit = { tric-trac-player } hits a { $stone ->
    [0] Red
   *[1] Black
 } stone on { $point }; it goes back to its start field
tric-trac-event-borne-off = The { tric-trac-player } stone { $source } leaves the board
# $what: hit or borneOff.
tric-trac-event-scored = { tric-trac-player } scores a point for { $what ->
    [hit] the hit
   *[borneOff] the stone borne off
 }: Red { $red }, Black { $black }
tric-trac-event-forfeited = { tric-trac-player } cannot play the { $number }; it is lost
tric-trac-event-extra-throw = { tric-trac-player } throws again after the double
tric-trac-event-game-over = { tric-trac-player } wins with { $points ->
    [one] 1 point
   *[other] { $points } points
 } to { $other }
tric-trac-event-chance-throw = The service throws the dice: { $low } and { $high }
tric-trac-event-game-started = A new game: the opening throw decides who begins (TT-4)
tric-trac-event-chance-opening = The service throws the opening: { tric-trac-player } starts with { $low } and { $high }

## Prompts (texts.py): who is to do what, or how the game ended

tric-trac-prompt-opening = Opening throw: both players throw, and the higher total starts
tric-trac-prompt-throw = { tric-trac-player } to move: throw the dice
tric-trac-prompt-move = { tric-trac-player } to move: play { $low } and { $high }
tric-trac-prompt-pass = { tric-trac-player } to move: nothing of { $dice } can be played, so pass
tric-trac-prompt-over = Game over: { tric-trac-player } has won with { $points ->
    [one] 1 point
   *[other] { $points } points
 } to { $other }

## Scores explained (texts.py: score_lines), both by TT-14
tric-trac-score-hits = { tric-trac-player }: { $stones ->
    [0] 0 points, no enemy stone hit yet
    [one] 1 point for an enemy stone hit
   *[other] { $stones } points for { $stones } enemy stones hit
 }
tric-trac-score-off = { tric-trac-player }: { $stones ->
    [0] 0 points, no stone borne off yet
    [one] 1 point for a stone borne off
   *[other] { $stones } points for { $stones } stones borne off
 }
