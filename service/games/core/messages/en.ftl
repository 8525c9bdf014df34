# The engine core's messages (en): what is wrong with a document's fields, the driver's refusals.
# Ids are stable: clients translate by them. A client's value ($value, $got, $players) is text
# as the service shows it; a bound the code declares ($low, $high, $version) is a number.
#
# A person is named by their name: the game's <game>-player ("White", "Player 1" for player 0),
# passed here as $name; never as "player" with the API's number. Where the request's own number
# matters (the player field a client sent), it is quoted as the field, in code spelling, after
# the name ("White (player 0)") or alone when it names nobody ("there is no player 7 in this
# game").

## Kinds of value: what a field must be ("must be an integer") ...
type-integer = an integer
type-string = a string
type-object = an object
type-list = a list
type-boolean = true or false

## ... and the JSON type of what a client sent instead ("got string")
type-got-null = null
type-got-boolean = boolean
type-got-integer = integer
type-got-number = number
type-got-string = string
type-got-array = array
type-got-object = object
# A Python caller's value of another type, by the type's name.
type-got-other = { $name }

## A field's value
field-must-be = must be { $kind }, got { $got }
field-required = is required
field-unknown = unknown field
field-one-of = must be one of { $choices }, got { $value }
field-one-of-or-null = must be one of { $choices } or null, got { $value }
field-const = must be { $expected }, got { $value }
field-pattern = must match { $pattern }, got { $value }
field-not-known = is not one of the known values, got { $value }

## An integer's range: both bounds, one value, a minimum, a maximum
field-int-between = must be between { $low } and { $high }, got { $value }
field-int-exactly = must be between { $low } and { $high }, got { $value }
field-int-at-least = must be at least { $low }, got { $value }
field-int-at-most = must be at most { $high }, got { $value }

## A string's length
field-length-between = must be between { $low } and { $high } characters long
field-length-exactly = must be between { $low } and { $high } characters long
field-length-at-least = must be at least { $low } characters long
field-length-at-most = must be at most { $high } characters long

## A list's length and items
field-items-between = must hold between { $low } and { $high } items, got { $got }
field-items-exactly = must hold between { $low } and { $high } items, got { $got }
field-items-at-least = must hold at least { $low } items, got { $got }
field-items-at-most = must hold at most { $high } items, got { $got }
field-holds = holds { $value }: { $why }
field-twice = must not hold an item twice

## A state document as a whole, and the fields every state has
field-state-is-answer = this is a whole answer (a Position), not a state document: send its "state" field
field-state-not-object = state must be a JSON object
field-version = unsupported version { $value }; this service reads { $version }
field-seed = must be null or a string of { $low } to { $high } characters
field-contribution = must be null (no contribution) or a string of { $low } to { $high } characters
field-non-negative-integer = must be a non-negative integer

## Options
options-unknown = unknown option; known: { $known }
options-unknown-none = unknown option; known: none
options-null = must be an object (leave it out for the defaults)

## The number of players ($game is the game's name)
players-not-integer = players must be an integer
players-integer = must be an integer
players-count = { $game } is played by { $low } players, not { $players }
players-count-range = { $game } is played by { $low } to { $high } players, not { $players }

## The driver's refusals
driver-game-over = the game is finished; no move can be played
# $name: the name of the player the player field ($player) names; $movers: the names to move.
driver-player-not-to-move = { $name } (player { $player }) may not act now; to move: { $movers }
driver-player-not-to-move-chance = { $name } (player { $player }) may not act now; to move: chance
driver-not-a-player = there is no player { NUMBER($player, useGrouping: 0) } in this game
# Names listed: two ($a and $b), or the first ($a) before the list of the others ($rest).
driver-players-two = { $a } and { $b }
driver-players-more = { $a }, { $rest }
driver-chance-is-sampled = this game has a seed, so its chance is sampled by the service: no outcome may be sent (play with autoChance, with or without a move, to roll a pending chance node)
driver-chance-differs = the record lists { $sent } here, but the committed seed drew { $drawn }
driver-document-mismatch = the move document's field { $field } does not match the move in this position (derived fields are optional; when sent they must be what legal-moves lists)
# A refusal of one move of a list, by its 0-based index.
driver-ply = move { $move }: { $error }
# A turn built step by step (next-steps) at a chance node, asked for the player to move.
steps-chance-node = a chance node: nobody builds a turn here; the chance outcome comes first
field-refused = is not a value of this field
