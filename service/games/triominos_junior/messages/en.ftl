# Triominos Junior's messages in English (rules TJ-1…TJ-17, docs/rules/triominos-junior.en.md).
# Ids are stable: clients translate by them. A tile is written as notation ("1-3-5", "J" the
# joker), a position as "col,row". Numbers in a state document (toMove) and in the player field
# count from 0, names from 1.
# Players are named, wherever a person reads them, by their name: triominos-junior-player
# ("Player 1" for player 0), never "player" with the API's number. Where the request's own number
# matters (the player field a client sent, or a field of a state document), it is quoted as that
# field, in code spelling, after the name ("Player 1 (player 0)") or alone when it names nobody
# ("there is no player 7 in this game").

## Names

triominos-junior-player = { $player ->
    [0] Player 1
    [1] Player 2
    [2] Player 3
   *[3] Player 4
 }
triominos-junior-two-players = { $first } and { $second }
triominos-junior-three-players = { $first }, { $second } and { $third }
triominos-junior-four-players = { $first }, { $second }, { $third } and { $fourth }
triominos-junior-corner-top = top
triominos-junior-corner-bottom-right = bottom-right
triominos-junior-corner-bottom-left = bottom-left
triominos-junior-corner-bottom = bottom
triominos-junior-corner-top-left = top-left
triominos-junior-corner-top-right = top-right
triominos-junior-pointing-up = pointing up
triominos-junior-pointing-down = pointing down

## Options

triominos-junior-option-level = Level
    .description = Coins (age 5+): a coin per placed tile, most coins win; points (age 6+): tile values count, rack values are subtracted at the end.
triominos-junior-option-tiles = Tile set
    .description = Another set of 35 number tiles and one joker instead of every combination of three numbers from 1 to 5.

## Moves and events

triominos-junior-place-coin = { triominos-junior-player } places { $tile ->
    [J] the joker
   *[other] { $tile }
 } on { $at } and { $coins ->
    [0] gets no coin: the supply is empty
   *[other] takes a coin
 }
triominos-junior-place-points = { triominos-junior-player } places { $tile ->
    [J] the joker
   *[other] { $tile }
 } on { $at } and scores { $points ->
    [one] 1 point
   *[other] { $points } points
 }
triominos-junior-swap = { triominos-junior-player } swaps the joker on { $at } for { $tile } and takes the joker onto their rack
triominos-junior-draw = { triominos-junior-player } draws a tile
triominos-junior-draw-coin = { triominos-junior-player } draws a tile { $paid ->
    [0] for free, having no coins
   *[other] and pays a coin
 }
triominos-junior-pass = { triominos-junior-player } passes: they can neither place, swap nor draw
triominos-junior-game-started = A new game for { $count } players: each is dealt 5 tiles (TJ-4), the start tile is laid (TJ-6) and { triominos-junior-player } begins (TJ-7)
triominos-junior-dealt = { triominos-junior-player } is dealt a tile
triominos-junior-start-tile = { $tile } starts the layout at { $at }
triominos-junior-tile-drawn = { triominos-junior-player } puts the drawn tile on their rack; { $count ->
    [0] the pool is empty now
    [one] 1 tile is left in the pool
   *[other] { $count } tiles are left in the pool
 }
triominos-junior-bonus-coin = { triominos-junior-player } takes an extra coin for emptying their rack (TJ-14)
triominos-junior-chance-sampled = The service draws a tile from the pool at random
triominos-junior-chance-given = A tile leaves the pool
triominos-junior-game-over = Game over ({ $why }): { $winners } { $count ->
    [one] wins with { $best }
   *[other] share the win with { $best } each
 }
triominos-junior-end-rack-emptied = a player placed their last tile
triominos-junior-end-pool-emptied = the pool is empty
triominos-junior-end-blocked = nobody can place or swap a tile any more

## The position

triominos-junior-prompt-deal = Setting up: { triominos-junior-player } is dealt the next tile
triominos-junior-prompt-start = Setting up: the start tile is drawn from the pool
triominos-junior-prompt-play = { triominos-junior-player } to move: { $actions }
triominos-junior-prompt-draw = { triominos-junior-player } draws: a tile from the pool is dealt to their rack
triominos-junior-prompt-over-coins = Game over ({ $why }): { $winners } { $count ->
    [one] wins with { $best ->
        [one] 1 coin
       *[other] { $best } coins
    }
   *[other] share the win with { $best ->
        [one] 1 coin
       *[other] { $best } coins
    } each
 }
triominos-junior-prompt-over-points = Game over ({ $why }): { $winners } { $count ->
    [one] wins with { $best ->
        [one] 1 point
       *[other] { $best } points
    }
   *[other] share the win with { $best ->
        [one] 1 point
       *[other] { $best } points
    } each
 }
triominos-junior-end-rack-emptied-by = { triominos-junior-player } placed their last tile
triominos-junior-action-place = place a tile
triominos-junior-action-swap = swap the joker
triominos-junior-action-draw = draw a tile
triominos-junior-action-draw-coin = draw a tile { $paid ->
    [0] (free: no coins left)
   *[other] for a coin
 }
triominos-junior-action-pass = pass, as no tile fits and the pool is empty
triominos-junior-or-two = { $first } or { $second }
triominos-junior-or-three = { $first }, { $second } or { $third }

## Refusals of a move (TJ-4 to TJ-14)

triominos-junior-game-finished = the game is finished; no move can be played
# $to_move is to move; $player is the number the move sent as player.
triominos-junior-not-your-turn = it is { $to_move ->
    [0] Player 1
    [1] Player 2
    [2] Player 3
   *[3] Player 4
 }'s turn (player { $to_move }){ $player ->
    [0] , not Player 1's (player 0)
    [1] , not Player 2's (player 1)
    [2] , not Player 3's (player 2)
    [3] , not Player 4's (player 3)
   *[other] ; there is no player { NUMBER($player, useGrouping: 0) } in this game
 }
triominos-junior-no-chance-pending = { $move } is a chance outcome, but { triominos-junior-player } is to move
triominos-junior-tile-being-drawn = a tile is being drawn: no player may act until it is dealt
triominos-junior-deal-first = a tile must be dealt first ('deal 1-3-5'), not '{ $move }'
triominos-junior-tile-not-in-pool = the pool holds no { $tile } (it holds { $count } tile(s))
triominos-junior-joker-as-start-tile = the start tile is never the joker: it goes back and another tile is drawn
triominos-junior-tile-not-in-rack = { triominos-junior-player } has no { $tile } on their rack
triominos-junior-far-from-layout = { $at } is far from the layout
triominos-junior-position-occupied = { $at } is already covered
triominos-junior-no-shared-side = { $at } shares no complete side with a tile of the layout
triominos-junior-corner-mismatch = { $tile } does not fit { $at } ({ $shape }): { $count ->
    [1] { $first }
    [2] { $first }, { $second }
   *[other] { $first }, { $second }, { $third }
 }
triominos-junior-corner-clash = the { $corner } corner shows { $shows } but touches { $touches }
triominos-junior-no-joker-there = there is no joker on { $at }
triominos-junior-joker-for-joker = a joker can only be swapped for a number tile
triominos-junior-pool-empty = the pool is empty
triominos-junior-pass-not-allowed = a player may pass only when they can neither place, swap nor draw

## Notation and move documents

triominos-junior-move-not-a-string = a Triominos Junior move is a string such as '3-5-1@1,0', 'swap 1-1-2@2,0', 'draw' or 'pass'
triominos-junior-not-notation = { $text } is not Triominos Junior notation: { $why }
triominos-junior-notation-expected = expected a placement ('3-5-1@1,0', 'J@1,0'), 'swap 3-5-1@1,0', 'draw', 'pass' or a chance outcome ('deal 1-3-5', 'deal J')
triominos-junior-not-a-position = { $text } is not a position: write 'col,row' such as '1,0'
triominos-junior-tile-not-a-string = a tile is a string such as '1-3-5' or 'J'
triominos-junior-not-a-tile = { $text } is not a tile: write three numbers 0-9 like '1-3-5', or 'J'
triominos-junior-document-field = move document: { $field }: { $why }
triominos-junior-bad-document = a Triominos Junior move document is {"{"}kind: place|swap, tile, at{"}"} | {"{"}kind: draw{"}"} | {"{"}kind: pass{"}"} | {"{"}kind: deal, tile{"}"}, place/swap optionally with the derived player, col, row, orientation, corners, rackTile, draw/pass with player

## The tile set (option tiles, TJ-1)

triominos-junior-tile-set-not-a-list = must be a list of 36 tiles: 35 like '1-3-5' (numbers clockwise) and one 'J'
triominos-junior-tile-set-item = item { $item }: { $why }
triominos-junior-tile-set-item-then = item { $item }: { $why }; { $then }
triominos-junior-tile-set-more = { $count ->
    [one] 1 more item is not a tile
   *[other] { $count } more items are not tiles
 }
triominos-junior-tile-set-count = a set has 35 number tiles and 1 joker (TJ-1), got { $numbered } and { $jokers }

## The state document

triominos-junior-tiles-list = must be a list of tiles such as '1-3-5' or 'J'
triominos-junior-racks-list = must be a list of 2 to 4 racks, one per player
triominos-junior-counts-list = must be a list of non-negative integers, one per player
triominos-junior-not-schema-form = { $text } is not in the form the state schema gives
triominos-junior-layout-item-form = must be {"{"}"at": "col,row", "tile": "1-3-5"{"}"} (as oriented)
triominos-junior-layout-form = must be a list of {"{"}"at": "col,row", "tile": "1-3-5"{"}"}
triominos-junior-one-of = must be one of { $values }
triominos-junior-null-or-one-of = must be null or one of { $values }
triominos-junior-to-move-range = must be a player 0 to 3, or null
triominos-junior-supply-range = must be a non-negative integer
triominos-junior-off-grid = { $at } is farther out than any layout reaches (TJ-8)
triominos-junior-covered-twice = { $at } is covered twice (also item { $item }) (TJ-8)
triominos-junior-too-many-tiles = more tiles than the set holds: { $tiles } (TJ-1)
triominos-junior-tiles-missing = missing from layout, racks and pool: { $tiles } (TJ-1)
triominos-junior-layout-before-start = must be empty before the start tile is laid (TJ-6)
triominos-junior-start-tile-missing = the start tile at 0,0 is missing (TJ-6)
triominos-junior-start-joker = the start tile is never the joker (TJ-6)
triominos-junior-start-orientation = the start tile lies with its smallest number at the apex: { $tile } (TJ-6)
triominos-junior-not-joined = { $at } is not joined to the start tile by shared sides (TJ-9)
triominos-junior-corner-conflict = the { $corner } corner ({ $number }) meets a different number of the tile on { $at } (TJ-9)
triominos-junior-counts-per-player = must be a list of { $count } non-negative integers, one per player (TJ-3)
triominos-junior-coin-level-only = only at the coin level (options.level is points) (TJ-3)
triominos-junior-points-level-only = only at the points level (options.level is coins) (TJ-3)
triominos-junior-points-before-play = must be all 0 before the first turn (TJ-10)
triominos-junior-supply-missing = must be a non-negative integer (TJ-2)
triominos-junior-coins-do-not-add-up = coins { $coins } and supply { $supply } make { $sum }, not { $total } (TJ-2)
triominos-junior-coins-before-play = every player holds { $count } coins before play (TJ-5)
triominos-junior-too-many-points = the points add up to { $sum }, more than the { $placed } of the tiles placed after the start tile (TJ-10)
triominos-junior-to-move-at-phase = must be a player 0 to { $last } at phase { $phase } (TJ-7)
triominos-junior-to-move-null = must be null at phase { $phase } (TJ-4, TJ-14, TJ-15)
triominos-junior-end-reason-too-early = must be null while the game is not over
triominos-junior-end-reason-once-over = must be one of { $values } once over
triominos-junior-no-rack-empty = is rackEmptied, but no rack is empty (TJ-14, TJ-15)
triominos-junior-pool-not-empty = is poolEmptied, but the pool is not empty (TJ-14, TJ-15)
triominos-junior-deal-order = during the deal racks fill one after another up to { $size } (TJ-4), got sizes { $sizes }
triominos-junior-racks-at-start = every rack holds { $size } tiles when the start tile is drawn
triominos-junior-empty-rack-in-play = an empty rack ends the game (TJ-14, TJ-15)
triominos-junior-pool-empty-at-draw = is empty at phase draw: nothing to draw
triominos-junior-pool-empty-at-points = is empty at phase play: the points level ends then (TJ-15)
triominos-junior-no-start-tile-in-pool = holds no tile that can start the layout (TJ-6)

## What one player may see (TJ-17)

triominos-junior-viewer = player must be 0 to { $last } or null (a spectator)
triominos-junior-viewer-got = must be 0 to { $last } or null, got { $got }

## The picture (render)
triominos-junior-svg-headline = Triominos Junior ({ $level ->
    [coins] coin level
   *[points] points level
 }) · { $prompt }
triominos-junior-svg-empty = no tile laid yet
# An open triangle's tooltip ($at: as a move names it, "1,0").
triominos-junior-svg-open = open: { $at }
triominos-junior-svg-rack = rack of { triominos-junior-player }
# A number per player after the player's short name (P1 for player 0), listed.
triominos-junior-svg-count = { $player ->
    [0] P1
    [1] P2
    [2] P3
   *[3] P4
 } { $count }
triominos-junior-svg-counts-list = { $count ->
    [1] { $a }
    [2] { $a }, { $b }
    [3] { $a }, { $b }, { $c }
   *[other] { $a }, { $b }, { $c }, { $d }
 }
triominos-junior-svg-counts = racks: { $counts }
triominos-junior-svg-coins = coins: { $coins }; supply { $supply } · { $racks } · pool { $pool }
triominos-junior-svg-points = points: { $points } · { $racks } · pool { $pool }

## Scores explained (texts.py: score_lines)
triominos-junior-score-coins = { triominos-junior-player }: { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
 } in hand
triominos-junior-score-laid = { triominos-junior-player }: { $points ->
    [one] 1 point
   *[other] { $points } points
 } for the tiles laid
triominos-junior-score-rack = { triominos-junior-player }: minus { $points ->
    [one] 1 point
   *[other] { $points } points
 } for the tiles still on the rack at the end
