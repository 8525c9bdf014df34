# The service's own messages in English: errors of requests and documents, and the wording
# shared by every game. Each game's own are in service/games/<game>/messages/en.ftl.
# Ids are stable: clients translate by them (messageId and args in every answer).
# English writes numbers without grouping (NUMBER($n, useGrouping: 0)), as the code always did:
# clients and documents quote these texts. A client's value ($game, $notation) comes as the
# service shows it (quoted); a JSON type ($type) in JSON's own words.


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
error-at-move = move { NUMBER($move, useGrouping: 0) }: { $error }
error-invalid-request = { $path }: { $reason }{ $more ->
    [0] {""}
    [one] {" "}(and 1 more problem)
   *[other] {" "}(and { NUMBER($more, useGrouping: 0) } more problems)
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
request-mark = must be a move: its notation (a string) or its move document, got { $type }
request-not-a-move-item = a move is a notation string, a move document, or {"{"}"player": int, "move": string{"}"}, got { $type }
request-not-a-move = not a move ({ $type })
request-move-document = a move document { $problem }
request-steps-array = must be an array of steps (notation strings or move documents), got { $type }
request-not-a-step = a step is a notation string or a move document, got { $type }
request-steps-at-most = at most { NUMBER($limit, useGrouping: 0) } (the steps of one turn)

## A request's body as a whole
error-malformed-json = the body is not valid JSON: { $detail }: line { NUMBER($line, useGrouping: 0) } column { NUMBER($column, useGrouping: 0) } (char { NUMBER($char, useGrouping: 0) })
error-empty-body = the body is not valid JSON: the body is empty; send a JSON object
error-options-not-object = options must be an object
http-body-too-large = the body is larger than { NUMBER($limit, useGrouping: 0) } bytes

## Text game records
error-record-line = record line { NUMBER($line, useGrouping: 0) }: { $error }
error-not-utf8 = not UTF-8 text: { $detail }
# Each of these is the $error of error-record-line (the line it is on).
record-none = no record: a record starts with tag lines such as [Game "mixtour"]
record-second = a second record starts here; send one record
record-none-sent = no record: it starts with a tag, [Game "mixtour"]
record-second-sent = a second record starts here: send one
record-other-game = the record is of game { $record }, this call of { $game }
record-tags-first = tag lines come before the moves
record-tag-line = a tag line reads [Name "value"]
record-tag-twice = tag { $tag } appears twice (first on line { NUMBER($first, useGrouping: 0) })
record-escape = only \" and \\ are escapes in a tag value, got \{ $char }
record-no-game = the record has no [Game "..."] tag
record-move-line = a move line reads 'N. notation' or 'N. P: notation' (P: the player)
record-move-number = move number { $got } where { NUMBER($expected, useGrouping: 0) } was expected
record-player-range = a player number is 0 to { $max }
record-players = Players is the number of players (1 or more), got { $got }
record-options-object = Options is a JSON object, e.g. {"{"}"pointsToWin":3{"}"}
record-fair-contributions = FairContributions is a JSON array, one text or null a player, e.g. ["anna",null]
record-fair-tag = the { $tag } tag: { $error }
record-options = Options { $problem }
record-result = Result reads 'scores 5 3', 'winners 0' (or 'winners none'), or both joined by '; '
record-scores-finite = scores are finite numbers
record-score = a score is a decimal number or an integer within 64 bits
# What a record cannot hold, on a line or in a request's fields (tags, players)
record-tag-is-a-field = tag { $tag } is a field of the record, not a free tag
record-tag-once = a tag may appear only once
record-tag-name = a tag name is a letter then letters, digits or _: { $name }
record-tag-control = tag { $tag }: no control characters (line breaks, tabs) in a value
record-notation-blanks = a move is notation on one line, without surrounding blanks: { $notation }
record-notation-start = a move cannot start with ';', '[' or 'N:': { $notation }
record-players-range = Players is a number from 1 to { $max }
record-scores = scores are finite numbers, integers within 64 bits
record-winners = winners are player numbers (0 to { $max })

## Refusals of the operations (error.message)
error-unknown-game = unknown game { $game }
error-player-range = player must be between 0 and { NUMBER($high, useGrouping: 0) }, got { NUMBER($player, useGrouping: 0) }
error-seed-length = seed must be a string of { NUMBER($low, useGrouping: 0) } to { NUMBER($high, useGrouping: 0) } characters
request-characters = { NUMBER($low, useGrouping: 0) } to { NUMBER($high, useGrouping: 0) } characters
error-too-many-moves = at most { NUMBER($limit, useGrouping: 0) } moves per request, got { NUMBER($count, useGrouping: 0) }
error-too-many-moves-per-record = at most { NUMBER($limit, useGrouping: 0) } moves per record, got { NUMBER($count, useGrouping: 0) }
error-too-many-steps = a turn of { $game } has at most { $limit ->
    [one] one step
   *[other] { NUMBER($limit, useGrouping: 0) } steps
 }, got { NUMBER($count, useGrouping: 0) }
# A refusal of one chosen step of next-steps, counted from 1 (details.step: its 0-based index).
error-at-step = step { NUMBER($step, useGrouping: 0) }: { $error }
error-chance-node = a chance node: nobody decides here (play with autoChance, or send the outcome)

## A state document the service cannot take
error-state-not-object = the state must be a JSON object
request-json-object = must be a JSON object
# $detail: the JSON library's words for why the document cannot be written
error-state-unencodable = the state cannot be a game state: { $detail }
request-not-a-state = not a valid state document: { $detail }
error-state-unsigned = this service only accepts states it signed (the state has no 'sig')
error-unknown-key = the state's signature names no key of this service: it was signed by another service, or with a secret that was retired
error-bad-signature = the state's signature does not match: it was altered after it was signed
request-unknown-key-id = not a key id of this service's secrets

## The work budget (MAX_WORK): what the request needed it for is $what, one of error-work-*
error-work-budget = this request needs more work than one request may do ({ $what }); split it (the budget is { NUMBER($limit, useGrouping: 0) } units: a move 1, a position { NUMBER($position, useGrouping: 0) })
error-work-moves = moves
error-work-legal-moves = legal moves
error-work-next-steps = next steps
error-work-position = a position
error-work-prompt = a prompt
error-work-score = a score
error-work-view = a view
error-work-picture = a picture
error-work-suggestion = a suggestion
error-work-evaluation = an evaluation
error-work-result = the result
error-work-search = a search of { NUMBER($iterations, useGrouping: 0) } iterations, up to { NUMBER($plies, useGrouping: 0) } plies

## The reference bot's budget and level (suggest)
error-suggest-budget = budget must be between 1 and { NUMBER($limit, useGrouping: 0) } iterations ({ $setting })
error-budget-ms = budgetMs must be between 1 and { NUMBER($limit, useGrouping: 0) } milliseconds ({ $setting })
request-budget-range = 1 to { NUMBER($limit, useGrouping: 0) }
error-level-and-budget = send either a budget or a level, not both
request-excludes-budget = excludes budget
error-unknown-level = level must be one of { $levels }, got { $level }
request-one-of = one of { $choices }

## The HTTP layer
# GET / : what the service is and where its parts are.
http-index = Regelwerk rules service: GraphQL at /graphql, REST under /v1, OpenAPI at /openapi.json, the rules under /v1/games/{"{"}game{"}"}/rules, a reference front end at /play
http-no-route = no route { $path }
http-method-not-allowed = { $method } is not allowed on { $path }
# A request head refused before it is read (HEADERS_TOO_LARGE): always in English, as the
# head that would choose the language is the one refused.
http-too-many-headers = the request head has more than { NUMBER($limit, useGrouping: 0) } header fields
http-head-too-large = the request head has more than { NUMBER($limit, useGrouping: 0) } bytes of request head
# Any other refusal of the HTTP layer (not raised today): Starlette's words for the status.
http-error = { $detail }
error-internal = internal error; it has been logged

## GraphQL over HTTP: a request that cannot be executed (errors[].message)
graphql-media-type = send the request as application/json
graphql-not-acceptable = this endpoint answers { $media } or { $legacy }
graphql-body-not-json = the body is not JSON: { $detail }: line { NUMBER($line, useGrouping: 0) } column { NUMBER($column, useGrouping: 0) } (char { NUMBER($char, useGrouping: 0) })
graphql-batch = batched requests are not supported: send one object
graphql-body-not-object = the body must be a JSON object
graphql-param-not-json = the { $name } parameter is not JSON
graphql-must-be-string = '{ $key }' must be a string
graphql-must-be-object = '{ $key }' must be an object
graphql-no-query = no query: send 'query' (or a persisted query hash)
graphql-persisted-query-invalid = persistedQuery needs version 1 and a sha256Hash
graphql-hash-mismatch = provided sha256Hash does not match the query
graphql-operation-not-found = no operation named { $name } in the document
graphql-several-operations = the document has several operations: name one in operationName
graphql-only-queries = only queries are served

## GraphQL document limits (extensions.limit and extensions.setting name the limit)
graphql-too-large = the document is larger than { NUMBER($limit, useGrouping: 0) } bytes
graphql-too-many-tokens = the document has more than { NUMBER($limit, useGrouping: 0) } tokens
graphql-too-many-aliases = the document uses { NUMBER($count, useGrouping: 0) } aliases; at most { NUMBER($limit, useGrouping: 0) }
graphql-too-many-root-fields = the operation asks for { NUMBER($count, useGrouping: 0) } root fields; at most { NUMBER($limit, useGrouping: 0) }
graphql-too-deep = the operation nests { NUMBER($count, useGrouping: 0) } fields deep; at most { NUMBER($limit, useGrouping: 0) }

## verify and record bodies: the reason of each problem
request-record-alone = the record holds the game: send 'record' alone
request-text-record = must be a text record, got { $type }
request-must-be-string = must be a string
request-claimed-scores = must be an array of numbers (integers within 64 bits)
request-claimed-winners = must be an array of player numbers (>= 0, within 64 bits)
request-certificate-required = required: the certificate object verify gave
request-not-certificate-field = not a field of a certificate
request-certificate-game = must be a game id
request-certificate-scores = must be an array of integers (64 bits)
request-certificate-winners = must be an array of player numbers (64 bits)
request-not-a-game = not a game of this service
# A line of a batch (POST /v1/verify)
request-line-not-object = a line is a JSON object, got { $type }
request-game-required = required: the game id

## A verdict's problems (problems[].message): what is wrong with the game
verify-rules-version = the record was played under rules version { $claimed }; this service knows version { $version }
# $move counts from 1 (a record's move number); $error is the rules' refusal
verify-at-move = move { NUMBER($move, useGrouping: 0) } ({ $notation }): { $error }
verify-not-finished = the record ends before the game does: the result is not decided
verify-scores-differ = claimed scores { $claimed }, the record gives { $computed }
verify-winners-differ = claimed winners { $claimed }, the record gives { $computed }
# A batch line that could not be verified
verify-line-not-json = the line is not valid JSON: { $detail }: line { NUMBER($line, useGrouping: 0) } column { NUMBER($column, useGrouping: 0) } (char { NUMBER($char, useGrouping: 0) })
verify-line-too-long = the line is longer than { NUMBER($limit, useGrouping: 0) } bytes
verify-line-failed = verifying this line failed (a bug, logged)
analyze-line-failed = analyzing this line failed (a bug, logged)
# A certificate check
verify-no-secret = this service has no RULES_SECRET: it issues and checks no certificates
verify-unknown-key = the certificate names no key of this service: another service made it, or its secret was retired
verify-bad-signature = the certificate's signature does not match: it was altered
verify-digest-differs = the record's digest is { $found }, the certificate's { $claimed }: it certifies another record

## The command line (regelwerk verify)
cli-cannot-read = regelwerk: cannot read { $file }: { $reason }
cli-bad-jobs = --jobs takes a number of processes (0: one per core), not { $value }
# --format text: one line per record ($problems: each problem's code, rule and message)
cli-valid = line { NUMBER($line, useGrouping: 0) }: valid { $game }, { NUMBER($plies, useGrouping: 0) } moves, scores { $scores }, winners { $winners }
cli-no-winners = none
cli-invalid = line { NUMBER($line, useGrouping: 0) }: INVALID { $game }: { $problems }
# the progress bar's count
cli-progress = { NUMBER($records, useGrouping: 0) } records, { NUMBER($invalid, useGrouping: 0) } invalid
cli-analysis-progress = record { NUMBER($record, useGrouping: 0) }: move { NUMBER($done, useGrouping: 0) } of { NUMBER($total, useGrouping: 0) }
cli-no-review = ; line { NUMBER($line, useGrouping: 0) }: no review: { $error }

## JSON a client sent that the service cannot echo
json-too-deep = nested deeper than { $depth } levels
json-integer-too-big = holds an integer beyond 64 bits

## Reference page
# The words of the reference page /play (service/web/): its buttons, headings and hints, served
# to it by /play/texts.json in the language of its switch. An argument reaches the page as a
# placeholder it fills in, so these messages choose no variant by an argument.
play-language = English
play-language-label = Language
play-title = Regelwerk · play
play-game = Game
play-players = Players
play-seed = Seed
play-seed-help = The service rolls and draws from it; empty: you enter dice and draws yourself. Every new game gets a fresh one unless it is kept.
play-seed-keep = keep for the next game
play-new-game = New game
# On a phone: the button that unfolds the folded setup (game, players, seed, options), and folds it again.
play-setup-more = Settings ▾
play-setup-less = Settings ▴
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
play-seat = Who plays { $name }
play-seat-human = person
play-seat-easy = bot, easy
play-seat-medium = bot, medium
play-seat-strong = bot, strong
play-record-bot = played by the bot
play-cover = Pass the device to { $name }; the other racks stay hidden.
play-reveal = I am { $name }: show my rack
play-hint-chance = Chance: enter what the dice or the draw show.
play-replay-same = The record, replayed from the start, reaches this very state (moves replayed: { $plies }).
play-replay-differs = The record, replayed from the start, reaches another state (moves replayed: { $plies })!
play-enter-outcome = Enter this outcome
play-copied = Record copied (JSON for replay).
play-copy-by-hand = Select and copy the JSON below.
play-step-first = To the start
play-step-back = One move back
play-step-forward = One move forward
play-step-last = To the last move
play-step-ply = Move
play-step-of = of { $n }
play-share-link = Link to this position
play-link-copied = Link copied: it opens this game at this move.
play-load-record = Load a record
play-load-help = Paste a record as Copy record gives it (JSON), or a game record in text (tag lines, then numbered moves).
play-load = Load
play-record-unknown-game = The record names a game this service does not have: { $game }
play-error-network = The service cannot be reached; the game stays as it was.
play-retry = Try again
play-error-not-json = The service answered with an error (HTTP { $status }); the game stays as it was.
play-error-options = Some options are not JSON:
play-error-option-not-json = not JSON
play-error-board-missing = no board module for { $game }: { $error }
play-error-board-misfit = the board module of { $game } does not fit: { $problems }
play-place-source = { $place } (can move)
play-place-target = { $place } (target)
play-place-picked = { $place } (chosen)
play-outcome = Outcome
play-last-move = Last move: { $what }
play-mixtour-place-or-pick = Choose an empty square to place a piece, or a stack to move it.
play-mixtour-where-to = Where to? ({ $from } is picked; choose it again to drop it.)
play-mixtour-how-many = How many pieces from { $from } to { $to }?
play-mixtour-square-empty = { $square }, empty
play-mixtour-square-stack = { $square }, stack of { $height }, { $top } on top
play-tric-trac-pick-stone = Choose a stone to move.
play-tric-trac-next-step = Next step: choose a stone to move (steps played: { $played }).
play-tric-trac-where-to = Where to from { $from }?
play-tric-trac-take-back = Take back the steps
play-tric-trac-point-empty = point { $point }, empty
play-tric-trac-point-stones = point { $point }, { $stones }
play-tric-trac-point-caption = { $point }, { $caption }
play-tric-trac-point-many = point { $point }, { $count } stones, { $player }
play-tric-trac-off = { $player }, { $tray }
play-tric-trac-die-1 = a one
play-tric-trac-die-2 = a two
play-tric-trac-die-3 = a three
play-tric-trac-die-4 = a four
play-tric-trac-die-5 = a five
play-tric-trac-die-6 = a six
play-te-trix-choose = { $name }: choose a shape for the rolled symbols.
play-te-trix-choose-symbols = Shape { $shape }: choose how the rolled symbols sit on it.
play-te-trix-shape = Shape { $shape }
play-te-trix-other-shape = Another shape
play-te-trix-point = { $name }: point at a cell of your sheet to see where the shape would go.
play-te-trix-point-touch = { $name }: tap a cell of your sheet to see where the shape would go.
play-te-trix-enter = Click: { $move }. R or ⟳ for another fit.
play-te-trix-enter-touch = Tap again: { $move }. ⟳ for another fit.
play-te-trix-another-fit = ⟳ another fit ({ $k }/{ $n })
play-te-trix-symbol-o = a circle
play-te-trix-symbol-x = a cross
play-te-trix-symbol-s = a square
play-te-trix-cell-empty = { $name }, cell { $cell }, empty
play-te-trix-cell-filled = { $name }, cell { $cell }: { $symbol }
play-triominos-junior-pick-tile = { $name }: choose a tile of your rack.
play-triominos-junior-point = Point at a green place to see the tile there.
play-triominos-junior-point-touch = Tap a green place to see the tile there.
play-triominos-junior-lay = Click: { $move }. R or ⟳ turns the tile.
play-triominos-junior-lay-touch = Tap again: { $move }. ⟳ turns the tile.
play-triominos-junior-turn = ⟳ turn the tile ({ $k }/{ $n })
play-triominos-junior-open = free place { $at }
play-triominos-junior-tile = tile { $tile } on place { $at }
play-triominos-junior-rack-tile = tile { $tile } on the rack of { $name }

## analyze: the annotated record's comments
analysis-decision = { $name }: { $before } -> { $after }, gave up { $givenUp }
analysis-mark = { $mark ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}
analysis-best = best { $moves }
analysis-chance = chance { $outcome }: luck { $luck }

# fair chance (core/fair.py)
request-fair-needs-secret = fair chance needs a service with RULES_SECRET: it makes the server seed that only the end of the game reveals
request-fair-needs-seed = a fair game needs a seed: its name, which goes into every outcome
request-fair-contributions = at most one contribution a player ({ $players })
request-fair-start = newGame takes only contributions and open: the service makes the commitment
error-fair-needs-secret = this is a fair game, and this service holds no secret to roll it with
error-fair-commitment = the state's fair commitment is not this service's for this game (altered, or another service's)
fair-reveal-differs = the revealed server seed does not match the commitment
fair-commitment-differs = the commitment is not the one this service made for this game (its seed or options differ)
fair-unrevealed = the server seed is not revealed (an unfinished game): without the secret its chance cannot be checked
request-fair-awaiting = awaited seats must be seats of this game without a contribution, and only at its start, before its first chance event
request-fair-awaited = a replayed game has every contribution it will have: leave out awaiting
error-fair-awaiting = the state's fair.awaiting is impossible here
error-fair-unsigned = a fair state must carry this service's signature: its contributions, plies and parent bind only so
error-contribution-not-awaited = { $name } (player { NUMBER($player, useGrouping: 0) }) has no contribution to give here: the game does not wait for one from that seat
error-awaiting-contributions = { $seats ->
    [one] the game waits for 1 contribution before its first chance event (contribute)
   *[other] the game waits for { $seats } contributions before its first chance event (contribute)
 }
request-history-array = must be an array of state documents, got { $type }
request-history-fair = only a fair game's states count their plies and name their parent: a history needs fair
request-history-at-most = at most { $limit } states
request-history-state = must be a state of this fair game that counts its plies (the service answered it so)
verify-forked = history state { $index } (ply { $ply }) is not on the record's line: the game branched, a state had another successor
