// Compile-time checks of the derived types (tsc --strict fails the build when one breaks):
// every game has each per-game component, and the operations narrow by game id.
import assert from "node:assert/strict";
import { test } from "node:test";

import type {
  Breakdown,
  ComponentPrefix,
  Event,
  GameComponentKind,
  GameId,
  GameInfo,
  LegalMoves,
  Move,
  MoveDocument,
  NewGameBody,
  Options,
  PlayBody,
  Position,
  RegelwerkClient,
  Schemas,
  State,
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

// The request bodies refuse another game's fields.
const mixtourStart: NewGameBody<"mixtour"> = { options: { piecesPerPlayer: 10 }, seed: "x" };
// @ts-expect-error size is a Te-Trix option, not a Mixtour one
const wrongOption: NewGameBody<"mixtour"> = { options: { size: 7 } };
// @ts-expect-error a PlayBody has move or moves
const noMove: PlayBody<"mixtour"> = { state: null as unknown as State<"mixtour"> };

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
}

test("the per-game types are checked at compile time", () => {
  assert.deepEqual(mixtourStart.options, { piecesPerPlayer: 10 });
  assert.ok(wrongOption !== undefined && noMove !== undefined);
});
