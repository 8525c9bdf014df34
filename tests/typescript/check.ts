// A front end's use of the REST API, typed only by what openapi-typescript generates from
// schema/openapi.json (`npm run check`: generate, then tsc --strict). It never runs: it
// compiles, or the document lost a type a client relies on. No casts, no `any`.
import type { components, operations } from "./generated/api";

type Schemas = components["schemas"];
type Body<Op extends keyof operations> =
  NonNullable<operations[Op]["requestBody"]>["content"] extends {
    "application/json": infer Json;
  }
    ? Json
    : never;
type Ok<Op extends keyof operations> = operations[Op]["responses"][200]["content"] extends {
  "application/json": infer Answer;
}
  ? Answer
  : never;
type Refusal = operations["play"]["responses"][422]["content"]["application/json"];
type GameId = operations["newGame"]["parameters"]["path"]["game"];

/** The transport a front end brings (fetch, a test double…): one typed call per operation. */
export interface Api {
  newGame(game: GameId, body: Body<"newGame">): Promise<Ok<"newGame"> | Refusal>;
  legalMoves(game: GameId, body: Body<"legalMoves">): Promise<Ok<"legalMoves"> | Refusal>;
  play(game: GameId, body: Body<"play">): Promise<Ok<"play"> | Refusal>;
  listGames(): Promise<Ok<"listGames">>;
}

/** What a person reads when the service refuses: every code handled, checked by tsc. */
export function explain(refusal: Refusal): string {
  const { code, message, details } = refusal.error;
  switch (code) {
    case "ILLEGAL_MOVE":
      return `${message} (${details.reason ?? "?"}, rule ${details.rule ?? "?"}, move ${details.ply ?? 0})`;
    case "INVALID_STATE":
    case "INVALID_OPTIONS":
    case "INVALID_REQUEST":
      return (details.problems ?? []).map((p) => `${p.path}: ${p.reason}`).join("; ");
    case "INVALID_NOTATION":
      return details.expected === undefined ? message : `expected ${details.expected.kind}`;
    case "NOT_YOUR_TURN":
      return `to move: ${(details.toMove ?? []).join(", ")}`;
    case "INVALID_PLAYER":
      return `player ${details.player ?? "?"} of ${details.players ?? "?"}`;
    case "UNKNOWN_GAME":
      return `known games: ${(details.known ?? []).join(", ")}`;
    case "INVALID_RECORD":
      return `record line ${details.line ?? "?"}: ${message}`;
    case "BODY_TOO_LARGE":
    case "HEADERS_TOO_LARGE":
    case "TOO_MANY_MOVES":
    case "WORK_BUDGET_EXCEEDED":
      return `limit ${details.limit ?? "?"}`;
    case "MALFORMED_JSON":
    case "NOT_FOUND":
    case "METHOD_NOT_ALLOWED":
    case "HTTP_ERROR":
    case "GAME_OVER":
    case "STATE_TAMPERED":
    case "INTERNAL":
      return message;
    default: {
      const unknownCode: never = code;
      return unknownCode;
    }
  }
}

/** A Mixtour shift's squares, found by narrowing a legal move's document on `kind`. */
export function shifts(moves: Schemas["LegalMove"][]): string[] {
  const out: string[] = [];
  for (const legal of moves) {
    const doc = legal.move;
    if (doc.kind === "shift") {
      const from: Schemas["MixtourMoveDocument"] = doc;
      out.push(`${from.kind} ${doc.count} ${doc.from}->${doc.to}`);
    } else if (doc.kind === "turn") {
      out.push(doc.steps.map((step) => `${step.from}/${step.to}`).join(" "));
    }
  }
  return out;
}

/** Starts a short Mixtour game, plays a shift if there is one (else the first move). */
export async function session(api: Api): Promise<string> {
  const game: GameId = "mixtour";
  const catalogue = await api.listGames();
  const mixtour = catalogue.games.find((g) => g.id === "mixtour");
  if (mixtour !== undefined && mixtour.id === "mixtour") {
    const pieces: number | undefined = mixtour.options.piecesPerPlayer.default;
    if (pieces === undefined) return "the catalogue names every default";
  }
  const start = await api.newGame(game, { options: { piecesPerPlayer: 10 }, seed: "ts" });
  if ("error" in start) return explain(start);
  const legal = await api.legalMoves(game, { state: start.state, player: start.toMove[0] ?? 0 });
  if ("error" in legal) return explain(legal);
  const chosen = legal.moves.find((m) => m.move.kind === "shift") ?? legal.moves[0];
  if (chosen === undefined) return "no legal move";
  const after = await api.play(game, { state: start.state, move: chosen.move });
  if ("error" in after) return explain(after);
  for (const event of after.events) {
    if (event.type === "stackRemoved") return `stack removed on ${event.square}`;
  }
  const byNotation = await api.play(game, {
    state: after.state,
    moves: [{ player: after.toMove[0] ?? 0, move: "pass" }],
    autoChance: false,
  });
  if ("error" in byNotation) return explain(byNotation);
  return `${byNotation.status}: ${shifts(legal.moves).length} shifts, scores ${byNotation.scores.join(":")}`;
}
