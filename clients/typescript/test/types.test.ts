// Compile-time checks of the derived types (tsc --strict fails the build when one breaks):
// every game has each per-game component, and the operations narrow by game id.
import assert from "node:assert/strict";
import { test } from "node:test";

import type {
  AnalyzeBatchLine,
  BatchLine,
  BatchReview,
  Breakdown,
  ComponentPrefix,
  Event,
  GameComponentKind,
  GameId,
  GameInfo,
  Language,
  LegalMove,
  LegalMoves,
  LegalMovesBody,
  Message,
  MessageArgs,
  Move,
  MoveDocument,
  NewGameBody,
  Options,
  operations,
  PlayAnswer,
  PlayBody,
  Position,
  RegelwerkClient,
  RestOperation,
  Rules,
  Schemas,
  ServiceError,
  State,
  StateBody,
  SuggestAnswer,
  SuggestBody,
  VerifyAnswer,
  VerifyBody,
  VerifyProblem,
  View,
} from "@regelwerk/client";

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

// Every game id has every kind of component under its prefix ("tric-trac" -> TricTrac…):
// a renamed component would otherwise narrow a game's type to never.
type Missing = {
  [G in GameId]: Exclude<`${ComponentPrefix<G>}${GameComponentKind}`, keyof Schemas>;
}[GameId];
holds<Equal<Missing, never>>();

// Narrowed per game: the game's own component, and the union for the union of ids.
holds<Equal<State<"mixtour">, Schemas["MixtourState"]>>();
holds<Equal<Options<"tric-trac">, Schemas["TricTracOptions"]>>();
holds<Equal<Move<"te-trix">, Schemas["TeTrixMove"]>>();
holds<Equal<MoveDocument<"triominos-junior">, Schemas["TriominosJuniorMoveDocument"]>>();
holds<Equal<Event<"mixtour">, Schemas["MixtourEvent"]>>();
holds<Equal<Breakdown<"te-trix">, Schemas["TeTrixBreakdown"]>>();
holds<Equal<GameInfo<"tric-trac">, Schemas["TricTracGame"]>>();
holds<Equal<View<"triominos-junior">, Schemas["TriominosJuniorView"]>>();
holds<Equal<View<"mixtour">, Schemas["MixtourState"]>>();
holds<Equal<State, Schemas["State"]>>();
holds<Equal<Options, Schemas["Options"]>>();
holds<Equal<MoveDocument, Schemas["MoveDocument"]>>();
holds<Equal<Position["state"], Schemas["State"]>>();
holds<Equal<LegalMoves<"mixtour">["moves"][number]["move"], Schemas["MixtourMoveDocument"]>>();
holds<Equal<VerifyAnswer<"te-trix">["position"], Position<"te-trix"> | null>>();
holds<Equal<VerifyAnswer["certificate"], Schemas["Certificate"] | null>>();
holds<Equal<SuggestAnswer<"tric-trac">["move"]["move"], Schemas["TricTracMoveDocument"]>>();
holds<Equal<SuggestAnswer["stats"], Schemas["SuggestAnswer"]["stats"]>>();
holds<Equal<SuggestBody<"te-trix">["state"], Schemas["TeTrixState"]>>();
holds<Equal<Rules<"tric-trac">["game"], "tric-trac">>();
holds<Equal<Language, "en" | "de">>();
holds<Equal<ServiceError["args"], MessageArgs>>();
holds<Equal<ServiceError["messageId"], string | undefined>>();
holds<Equal<Schemas["Problem"]["args"], MessageArgs>>();
holds<Equal<[VerifyProblem["messageId"], VerifyProblem["args"]], [string, MessageArgs]>>();

// describe: a request option of position, legal-moves and play; the words it adds are
// optional fields of the answers (absent unless asked for).
type Describe = boolean | null | undefined;
holds<Equal<StateBody<"mixtour">["describe"], Describe>>();
holds<Equal<LegalMovesBody<"te-trix">["describe"], Describe>>();
holds<Equal<PlayBody<"tric-trac">["describe"], Describe>>();
holds<Equal<LegalMove<"mixtour">["description"], string | undefined>>();
holds<Equal<LegalMove<"mixtour">["descriptionMessage"], Message | undefined>>();
holds<Equal<LegalMoves["prompt"] | Position["prompt"], string | undefined>>();
holds<Equal<PlayAnswer<"mixtour">["promptMessage"], Message | undefined>>();
holds<Equal<PlayAnswer<"mixtour">["events"][number]["description"], string | undefined>>();

// The client calls every REST operation of the document (the probes and /metrics aside): a
// new operation fails this until it has its method.
holds<Equal<RestOperation, Exclude<keyof operations, "healthz" | "readyz" | "metrics">>>();

// The request bodies refuse another game's fields.
const mixtourStart: NewGameBody<"mixtour"> = { options: { piecesPerPlayer: 10 }, seed: "x" };
// @ts-expect-error size is a Te-Trix option, not a Mixtour one
const wrongOption: NewGameBody<"mixtour"> = { options: { size: 7 } };
// @ts-expect-error a PlayBody has move or moves
const noMove: PlayBody<"mixtour"> = { state: null as unknown as State<"mixtour"> };
// A verify body: the game with its claim, or its text record; a batch line adds its game.
const claim: VerifyBody<"mixtour"> = { moves: ["c3"], claimed: { winners: [0] }, tags: {} };
const batch: BatchLine[] = [
  { game: "mixtour", moves: ["c3"], options: { pointsToWin: 1 } },
  { game: "te-trix", record: '[Game "te-trix"]\n' },
];
// @ts-expect-error a batch line is narrowed by its game: size is a Te-Trix option
const wrongLine: BatchLine = { game: "mixtour", moves: [], options: { size: 7 } };
// @ts-expect-error a batch line names its game
const noGame: BatchLine = { moves: [] };
// An analyze batch line: an analyze body (the game, or its text record) with its game.
const reviews: AnalyzeBatchLine[] = [
  { game: "mixtour", moves: ["c3"], options: { pointsToWin: 1 }, budget: 2, analysisSeed: "a" },
  { game: "tric-trac", record: '[Game "tric-trac"]\n', budget: 2 },
];
// @ts-expect-error an analyze batch line is narrowed by its game: size is a Te-Trix option
const wrongReview: AnalyzeBatchLine = { game: "mixtour", moves: [], options: { size: 7 } };
// @ts-expect-error an analyze batch line takes no claim (verify's)
const claimedReview: AnalyzeBatchLine = { game: "mixtour", moves: [], claimed: { winners: [] } };
// Every analyze batch line is a line of the document's AnalyzeBatchLine.
holds<AnalyzeBatchLine extends Schemas["AnalyzeBatchLine"] ? true : false>();
holds<
  Equal<keyof Extract<AnalyzeBatchLine, { moves: unknown }>, keyof Schemas["AnalyzeGameLine"]>
>();
holds<
  Equal<keyof Extract<AnalyzeBatchLine, { record: unknown }>, keyof Schemas["AnalyzeRecordLine"]>
>();
// A review line is analyze's answer with its line and game, or the line's error.
holds<Equal<BatchReview, Schemas["BatchGameReview"] | Schemas["BatchLineError"]>>();
holds<
  Equal<Exclude<BatchReview, { error: unknown }>["plies"], Schemas["AnalyzeAnswer"]["plies"]>
>();
holds<Equal<Extract<BatchReview, { error: unknown }>["error"]["code"], Schemas["ErrorCode"]>>();

/** Calls that must not compile (never run: the function is only type-checked). */
export function refused(api: RegelwerkClient, tricTrac: State<"tric-trac">): void {
  // @ts-expect-error "chess" is not a game id
  void api.newGame("chess");
  // @ts-expect-error a Tric Trac state is not a Mixtour state
  void api.getPosition("mixtour", { state: tricTrac });
  // @ts-expect-error pointsToWin is a number
  void api.newGame("mixtour", { options: { pointsToWin: "5" } });
  // @ts-expect-error replay needs its move list
  void api.replay("mixtour", { seed: "s" });
  void api.replay("mixtour", { record: '[Game "mixtour"]\n' });
  // @ts-expect-error verify needs the moves or the record
  void api.verify("mixtour", { claimed: { winners: [0] } });
  // @ts-expect-error record prints a game from its moves
  void api.record("mixtour", { record: '[Game "mixtour"]\n' });
  // @ts-expect-error a certificate has every field verify gave
  void api.checkCertificate({ certificate: { game: "mixtour" } });
  // @ts-expect-error the bot's budget is a number of iterations
  void api.suggest("tric-trac", { state: tricTrac, budget: "30" });
  // @ts-expect-error suggest needs the state
  void api.suggest("mixtour", { player: 0 });
  // @ts-expect-error describe is a boolean
  void api.legalMoves("tric-trac", { state: tricTrac, describe: "de" });
  // @ts-expect-error score takes no describe
  void api.score("tric-trac", { state: tricTrac, describe: true });
}

test("the per-game types are checked at compile time", () => {
  assert.deepEqual(mixtourStart.options, { piecesPerPlayer: 10 });
  assert.ok(wrongOption !== undefined && noMove !== undefined);
  assert.ok(claim !== undefined && wrongLine !== undefined && noGame !== undefined);
  assert.ok(wrongReview !== undefined && claimedReview !== undefined);
  assert.deepEqual(
    reviews.map((line) => line.game),
    ["mixtour", "tric-trac"],
  );
  assert.deepEqual(
    batch.map((line) => line.game),
    ["mixtour", "te-trix"],
  );
});
