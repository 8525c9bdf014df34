// Every API shape comes from ./generated/openapi.ts (openapi-typescript over
// schema/openapi.json). Nothing here restates a field: these aliases only pick the generated
// types and, where an operation concerns one game, narrow the game-dependent fields to that
// game's components (`newGame("mixtour", …)` takes MixtourOptions and answers a MixtourState).
import type { components, operations, paths } from "./generated/openapi.js";

export type { components, operations, paths };

/** Every schema of the OpenAPI document, by its component name. */
export type Schemas = components["schemas"];

/** A game id: "mixtour" | "tric-trac" | "te-trix" | "triominos-junior". */
export type GameId = Schemas["GameId"];
/** The stable error codes of the REST API. */
export type ErrorCode = Schemas["ErrorCode"];
/** `error.details`: every key optional, which ones appear depends on the code. */
export type ErrorDetails = Schemas["ErrorDetails"];
/** The refusal body `{"error": {"code", "message", "messageId", "args", "details"}}`. */
export type ErrorBody = Schemas["Error"];
/** One thing wrong at `path`: `reason` in the answer's language, `messageId` and `args` in any. */
export type Problem = Schemas["Problem"];
/** A message of the service's catalog: its stable id and named arguments. */
export type Message = Schemas["Message"];
/** A message's named arguments: numbers, notation, JSON paths, codes, or a nested Message. */
export type MessageArgs = Schemas["MessageArgs"];
/** The languages the service writes in ("en" | "de"); it answers any other in English. */
export type Language = Schemas["RulesAnswer"]["language"];
/** One rule: its id as refusals name it (MX-7), its text as Markdown. */
export type RuleText = Schemas["RuleText"];
/** One line of a player's score, citing its rule; a player's `points` add up to the score. */
export type ScoreLine = Schemas["ScoreLine"];
export type Player = Schemas["Player"];
/** What a verdict found wrong with a game (its stable codes: `ILLEGAL_MOVE`, `SCORES_DIFFER`…). */
export type ProblemCode = Schemas["ProblemCode"];
/** One finding of a verdict or a certificate check; a move's names its `ply` (and `line`);
 * `message` in the answer's language, `messageId` and `args` in any. */
export type VerifyProblem = Schemas["VerifyProblem"];
/** The result `verify` checks: `scores` and/or `winners` (`[]`: nobody won). */
export type Claimed = Schemas["Claimed"];
/** Tags printed in a text record (`Event`, `Round`, `Player0`…). */
export type RecordTags = Schemas["RecordTags"];
/** Proof that the service verified a record (its `digest`) with this result. */
export type Certificate = Schemas["Certificate"];
/** Whether this service signed a certificate (and, given the record, that it is its). */
export type CertificateCheck = Schemas["CertificateCheck"];
/** One line of `verifyBatch`'s answer; `line` is its line of the batch, from 1. */
export type BatchVerdict = Schemas["BatchVerdict"];
/** A line of `analyzeBatch`'s answer with its review: analyze's answer, its `line` of the
 * batch (from 1) and the `game` the line named. */
export type BatchGameReview = Schemas["BatchGameReview"];
/** A line of `analyzeBatch`'s answer without a review (an unknown game, an illegal move, a
 * record that does not read): the `error` a single `analyze` would have been refused with. */
export type BatchLineError = Schemas["BatchLineError"];
/** One line of `analyzeBatch`'s answer: a BatchGameReview, or a BatchLineError (it has
 * `error`: `"error" in review` tells them apart). */
export type BatchReview = Schemas["BatchReview"];

// -- per game ----------------------------------------------------------------------------

/** "tric-trac" -> "TricTrac": the prefix of a game's components in the OpenAPI document. */
export type ComponentPrefix<G extends string> = G extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${ComponentPrefix<Tail>}`
  : Capitalize<G>;

/** The kinds of component every game has (`MixtourState`, `TricTracMoveDocument`, …). */
export type GameComponentKind =
  "State" | "Options" | "Move" | "MoveDocument" | "Event" | "Breakdown" | "Game";

/** A game's own component of a kind (a union when G is a union of games). */
export type GameComponent<G extends GameId, Kind extends GameComponentKind> = G extends GameId
  ? Schemas[`${ComponentPrefix<G>}${Kind}` & keyof Schemas]
  : never;

/** A game's state document. */
export type State<G extends GameId = GameId> = GameComponent<G, "State">;
/** A game's options (`new`, `replay`); each one left out takes its default. */
export type Options<G extends GameId = GameId> = GameComponent<G, "Options">;
/** A move as `play` and `replay` accept it: its notation or its move document. */
export type Move<G extends GameId = GameId> = GameComponent<G, "Move">;
/** A legal move's document, every field present (the names the SVG uses). */
export type MoveDocument<G extends GameId = GameId> = GameComponent<G, "MoveDocument">;
/** What a move or a sampled chance outcome did. */
export type Event<G extends GameId = GameId> = GameComponent<G, "Event">;
/** How the scores come about. */
export type Breakdown<G extends GameId = GameId> = GameComponent<G, "Breakdown">;
/** The game's entry in the catalogue (`listGames`). */
export type GameInfo<G extends GameId = GameId> = GameComponent<G, "Game">;
/** What one player may see (Triominos Junior hides the other racks and the pool). */
export type View<G extends GameId = GameId> = G extends GameId
  ? Extract<Schemas["View"], { game: G }>
  : never;

// -- operations --------------------------------------------------------------------------

/** The REST operations this client calls (operationId in the OpenAPI document). */
export type RestOperation =
  | "listGames"
  | "getRules"
  | "newGame"
  | "getPosition"
  | "legalMoves"
  | "nextSteps"
  | "play"
  | "contribute"
  | "score"
  | "replay"
  | "view"
  | "render"
  | "suggest"
  | "evaluate"
  | "analyze"
  | "verify"
  | "record"
  | "verifyBatch"
  | "analyzeBatch"
  | "checkCertificate";

/** An operation's JSON request body, as generated. */
export type RequestBody<Op extends RestOperation> =
  NonNullable<operations[Op]["requestBody"]> extends { content: { "application/json": infer Body } }
    ? Body
    : never;

/** An operation's 200 answer, as generated (a string for render's SVG and record's text). */
export type Answer<Op extends RestOperation> = operations[Op]["responses"][200]["content"] extends {
  "application/json": infer Json;
}
  ? Json
  : operations[Op]["responses"][200]["content"] extends { "image/svg+xml": infer Svg }
    ? Svg
    : operations[Op]["responses"][200]["content"] extends { "text/plain": infer Text }
      ? Text
      : never;

/** `T` with the keys of `U` replaced by `U`'s (flattened, so editors show the fields). */
export type Override<T, U> = T extends unknown
  ? { [K in keyof (Omit<T, keyof U> & U)]: (Omit<T, keyof U> & U)[K] }
  : never;

/** A move in a move list: the move itself or `{player, move}` (simultaneous placements). */
export type MoveEntry<G extends GameId = GameId> =
  Move<G> | Override<Schemas["PlayerMove"], { move: Move<G> }>;

export type NewGameBody<G extends GameId = GameId> = Override<
  RequestBody<"newGame">,
  { options?: Options<G> }
>;
export type StateBody<G extends GameId = GameId> = Override<
  RequestBody<"getPosition">,
  { state: State<G> }
>;
export type LegalMovesBody<G extends GameId = GameId> = Override<
  RequestBody<"legalMoves">,
  { state: State<G> }
>;
/** The steps of a turn chosen so far (notations, or the move documents `nextSteps` offered). */
export type NextStepsBody<G extends GameId = GameId> = Override<
  RequestBody<"nextSteps">,
  { state: State<G>; steps?: Move<G>[] | null }
>;
/** One move (`move`) or a list (`moves`), each by notation or by move document. */
export type PlayBody<G extends GameId = GameId> =
  | Override<Schemas["PlayMoveRequest"], { state: State<G>; move: MoveEntry<G> }>
  | Override<Schemas["PlayMovesRequest"], { state: State<G>; moves: MoveEntry<G>[] }>;
/** A seat's contribution (`null` or left out: none) to a fair game started open, for a seat
 * its state's `fair.awaiting` lists. */
export type ContributeBody<G extends GameId = GameId> = Override<
  RequestBody<"contribute">,
  { state: State<G> }
>;
export type ScoreBody<G extends GameId = GameId> = Override<
  RequestBody<"score">,
  { state: State<G> }
>;
/** A game as its text record alone (docs/records.md): `replay` and `verify` take it too. */
export type RecordBody = Schemas["RecordRequest"];
/** The start and the moves, or the text record. */
export type ReplayBody<G extends GameId = GameId> =
  | Override<Schemas["ReplayMovesRequest"], { options?: Options<G>; moves: MoveEntry<G>[] }>
  | RecordBody;
/** A game as `record` prints it: replay's fields, the `claimed` result and the `tags`. */
export type GameRecordBody<G extends GameId = GameId> = Override<
  RequestBody<"record">,
  { options?: Options<G>; moves: MoveEntry<G>[] }
>;
/** The game with its claim, or its text record (whose Result tag is the claim); with either,
 * a fair game's `history` (a state its moves do not pass through is a FORKED problem). */
export type VerifyBody<G extends GameId = GameId> =
  | Override<
      Schemas["VerifyGameRequest"],
      { options?: Options<G>; moves: MoveEntry<G>[]; history?: State<G>[] | null }
    >
  | Override<Schemas["VerifyRecordRequest"], { history?: State<G>[] | null }>;
/** The game (replay's fields) or its text record, with the `budget` a position and the
 * `analysisSeed` of the searches. */
export type AnalyzeBody<G extends GameId = GameId> =
  | Override<Schemas["AnalyzeMovesRequest"], { options?: Options<G>; moves: MoveEntry<G>[] }>
  | Schemas["AnalyzeRecordRequest"];
/** One line of a `verifyBatch`: a verify body with its game, narrowed by `game`. */
export type BatchLine<G extends GameId = GameId> = G extends GameId
  ? Override<VerifyBody<G>, { game: G }>
  : never;
/** One line of an `analyzeBatch`: an analyze body with its game, narrowed by `game`. */
export type AnalyzeBatchLine<G extends GameId = GameId> = G extends GameId
  ? Override<AnalyzeBody<G>, { game: G }>
  : never;
export type CertificateBody = RequestBody<"checkCertificate">;
export type ViewBody<G extends GameId = GameId> = Override<
  RequestBody<"view">,
  { state: State<G> }
>;
export type RenderBody<G extends GameId = GameId> = Override<
  RequestBody<"render">,
  { state: State<G> }
>;
/** A position and who asks the bot (`player`), with its `seed` and `budget` (iterations) or
 * strength `level`. */
export type SuggestBody<G extends GameId = GameId> = Override<
  RequestBody<"suggest">,
  { state: State<G> }
>;

export type EvaluateBody<G extends GameId = GameId> = Override<
  RequestBody<"evaluate">,
  { state: State<G> }
>;

export type GameList = Answer<"listGames">;
/** A game's rules in `language` (the one asked for when they are written in it, else "en"). */
export type Rules<G extends GameId = GameId> = Override<Answer<"getRules">, { game: G }>;
/** A Position: the state to send back next, who moves, status, winners, scores (and, asked
 * with `describe`, its `prompt` and `promptMessage`). */
export type Position<G extends GameId = GameId> = Override<
  Answer<"getPosition">,
  { state: State<G> }
>;
/** A new game: a Position plus its events, `gameStarted` (who acts first) and, with a seed,
 * the opening's sampled chance (the throw that decides who starts, the deal, the first roll). */
export type NewGameAnswer<G extends GameId = GameId> = Override<
  Answer<"newGame">,
  { state: State<G>; events: Event<G>[] }
>;
/** A place of the picture a move or event touches: each key but `role` ("from" | "to") is a
 * data attribute of the SVG (key k is data-k), e.g. `{square: "c3", role: "to"}`. */
export type Location = Schemas["Location"];
export type LegalMove<G extends GameId = GameId> = Override<
  Schemas["LegalMove"],
  { move: MoveDocument<G> }
>;
export type LegalMoves<G extends GameId = GameId> = Override<
  Answer<"legalMoves">,
  { moves: LegalMove<G>[] }
>;
/** A step that may come next (a Tric Trac stone by one number): send it back in `steps`. */
export type NextStep<G extends GameId = GameId> = Override<
  Schemas["NextStep"],
  { move: MoveDocument<G> }
>;
/** The whole turn the chosen steps make: `play` takes its `move` (or `notation`). */
export type NextTurn<G extends GameId = GameId> = Override<
  NonNullable<Answer<"nextSteps">["turn"]>,
  { move: MoveDocument<G> }
>;
/** A turn built step by step: the legal next `steps`, `canEnd`, and the `turn` once it may. */
export type NextSteps<G extends GameId = GameId> = Override<
  Answer<"nextSteps">,
  { steps: NextStep<G>[]; turn: NextTurn<G> | null }
>;
/** A Position plus the events of the moves played (and of sampled chance); with `describe`
 * each event has its `description`. */
export type PlayAnswer<G extends GameId = GameId> = Override<
  Answer<"play">,
  { state: State<G>; events: Event<G>[] }
>;
export type Score<G extends GameId = GameId> = Override<
  Answer<"score">,
  { breakdown: Breakdown<G> }
>;
/** A Position plus `plies`, the number of moves replayed. */
export type ReplayAnswer<G extends GameId = GameId> = Override<
  Answer<"replay">,
  { state: State<G> }
>;
export type ViewAnswer<G extends GameId = GameId> = Override<Answer<"view">, { view: View<G> }>;
/** The bot's move: `play` takes its `move` document (or its `notation`). */
export type SuggestedMove<G extends GameId = GameId> = Override<
  Answer<"suggest">["move"],
  { move: MoveDocument<G> }
>;
/** How the bot found its move: iterations, plies, cpuLimited, timeLimited, elapsedMs, candidate
 * moves, value, the top moves. */
export type SuggestStats = Answer<"suggest">["stats"];
/** The reference bot's move for `player`, with its `stats`. */
export type SuggestAnswer<G extends GameId = GameId> = Override<
  Answer<"suggest">,
  { move: SuggestedMove<G> }
>;
/** What a position is worth to every player (value, 95% interval, mean score), the best move
 * found when the evaluating player is to move, and what the search spent. */
export type EvaluateAnswer<G extends GameId = GameId> = Override<
  Answer<"evaluate">,
  { best: SuggestedMove<G> | null }
>;
/** A game's review: every ply (decisions judged, chance events' luck), every player (result =
 * start + skill + luck), the searches' stats and the record annotated with the review. */
export type AnalyzeAnswer = Answer<"analyze">;
/** One player's value: mean return (0 to 1), its interval `low`…`high`, the mean score. */
export type PlayerValue = Answer<"evaluate">["values"][number];
/** A verdict: `valid`, its `problems`, the legal `plies`, the end `position`, a `certificate`. */
export type VerifyAnswer<G extends GameId = GameId> = Override<
  Answer<"verify">,
  { position: Position<G> | null }
>;

// -- routes ------------------------------------------------------------------------------

type Method = "get" | "post";
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The path and method whose generated operation is `Op` (checked by the compiler). */
export type RouteOf<Op extends RestOperation> = {
  [P in keyof paths]: {
    [M in Method]: Same<paths[P][M], operations[Op]> extends true ? readonly [M, P] : never;
  }[Method];
}[keyof paths];
