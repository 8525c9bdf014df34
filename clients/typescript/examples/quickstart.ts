// The README's examples as one program: compiled with tsc --strict and run by the tests
// against the real server. It imports the package by its name, as a consumer does.
import {
  RegelwerkClient,
  isRegelwerkError,
  keyIdOf,
  typedQuery,
  type BatchLine,
  type LegalMove,
  type Position,
  type State,
} from "@regelwerk/client";

/** Start a Mixtour game, pick a legal move by its document, play it. */
export async function startAndPlay(api: RegelwerkClient): Promise<string[]> {
  const start = await api.newGame("mixtour", { options: { piecesPerPlayer: 10 } });
  const { moves } = await api.legalMoves("mixtour", { state: start.state });
  // A move document names what it touches; a front end filters them by the clicked square.
  const place: LegalMove<"mixtour"> | undefined = moves.find(
    (m) => m.move.kind === "place" && m.move.square === "c3",
  );
  if (place === undefined) throw new Error("c3 is free at the start");
  const after = await api.play("mixtour", { state: start.state, move: place.move });
  // Events are narrowed by their type: a "placed" event has the square.
  return after.events.flatMap((e) =>
    e.type === "placed" ? [`${e.player} placed on ${e.square}`] : [],
  );
}

/** Tric Trac with a seed: the service rolls; a whole turn is one move. */
export async function seededTricTrac(api: RegelwerkClient, seed: string): Promise<number> {
  let position: Position<"tric-trac"> = await api.newGame("tric-trac", { seed });
  const record: { player: number; move: string }[] = [];
  for (let turn = 0; turn < 4; turn++) {
    const player = position.toMove[0] ?? 0;
    const [first] = (await api.legalMoves("tric-trac", { state: position.state, player })).moves;
    if (first === undefined) break;
    position = await api.play("tric-trac", { state: position.state, move: first.notation, player });
    record.push({ player, move: first.notation });
  }
  // A tournament tool verifies the game from its record (with the game's key id when the
  // service signs), never from a submitted state.
  const keyId = keyIdOf(position.state);
  const replayed = await api.replay("tric-trac", {
    seed,
    moves: record,
    ...(keyId === undefined ? {} : { keyId }),
  });
  return replayed.plies;
}

/** A tournament desk: the game's text record, its claimed result verified, then certified. */
export async function tournamentDesk(api: RegelwerkClient): Promise<string[]> {
  const moves = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"];
  const game = { moves, options: { pointsToWin: 1 }, claimed: { winners: [1] } };
  const record = await api.record("mixtour", { ...game, tags: { Event: "Club night" } });
  const verdict = await api.verify("mixtour", { record }); // its Result tag is the claim
  const out = [`valid: ${verdict.valid}, ${verdict.plies} moves`];
  // Many games at once: one verdict per line, in order, as the service sends them.
  const lines: BatchLine[] = [
    { game: "mixtour", record },
    { game: "mixtour", moves: ["a1", "a1"] },
  ];
  for await (const v of api.verifyBatch(lines)) {
    out.push(`line ${v.line}: ${v.valid ? "valid" : v.problems.map((p) => p.code).join()}`);
  }
  // A service with a RULES_SECRET certifies a valid verdict; anyone may ask it to check.
  if (verdict.certificate !== null) {
    const check = await api.checkCertificate({ certificate: verdict.certificate, record });
    out.push(`certificate: ${check.valid ? "holds" : "fails"}, key ${check.keyId ?? "none"}`);
  }
  return out;
}

/** What a person reads when a call fails: every case handled by its code. */
export function explain(error: unknown): string {
  if (!isRegelwerkError(error)) throw error;
  switch (error.code) {
    case "ILLEGAL_MOVE":
      return `illegal (${error.details.reason ?? "?"}, rule ${error.details.rule ?? "?"})`;
    case "INVALID_NOTATION":
      return `not a move: ${error.details.notation ?? error.message}`;
    case "INVALID_STATE":
      return (error.details.problems ?? []).map((p) => `${p.path}: ${p.reason}`).join("; ");
    case "UNKNOWN_GAME":
      return `known games: ${(error.details.known ?? []).join(", ")}`;
    case "TRANSPORT":
      return `no answer (${error.reason}): ${error.message}`;
    case "GRAPHQL":
      return `GraphQL: ${error.codes.join(", ")}`;
    default:
      return `${error.code} (${error.status}): ${error.message}`;
  }
}

/** Plays an illegal move and explains the refusal. */
export async function refusedMove(api: RegelwerkClient): Promise<string> {
  const start = await api.newGame("mixtour");
  try {
    await api.play("mixtour", { state: start.state, moves: ["c3", "c3"] });
    return "played";
  } catch (error) {
    return explain(error);
  }
}

/** A fixed GraphQL query with variables, typed by what it selects. */
export const PLAY = typedQuery<
  {
    play:
      | {
          __typename: "PlayOutcome";
          position: { toMove: number[]; legalMoves: { notation: string }[] };
        }
      | { __typename: "MoveRejected"; code: string; ply: number | null; rule: string | null }
      | { __typename: "InvalidState" | "InvalidRequest"; code: string };
  },
  { state: State<"mixtour">; moves: string[] }
>(`
  query Play($state: JSON!, $moves: [JSON!]!) {
    play(game: "mixtour", state: $state, moves: $moves) {
      __typename
      ... on PlayOutcome { position { toMove legalMoves { notation } } }
      ... on MoveRejected { code ply rule }
      ... on InvalidState { code }
      ... on InvalidRequest { code }
    }
  }
`);

/** The GraphQL helper: expected failures are union members, not errors. */
export async function graphqlPlay(api: RegelwerkClient, moves: string[]): Promise<string> {
  const start = await api.newGame("mixtour");
  const { play } = await api.graphql(PLAY, { state: start.state, moves });
  switch (play.__typename) {
    case "PlayOutcome":
      return `${play.position.legalMoves.length} moves for player ${play.position.toMove.join()}`;
    case "MoveRejected":
      return `${play.code} at ply ${play.ply ?? "?"} (${play.rule ?? "no rule"})`;
    default:
      return play.code;
  }
}

/** In German: the client's language for every call, a call's own for one; the refusal's
 * messageId and args are the same in either language. */
export async function inGerman(baseUrl: string): Promise<string[]> {
  const api = new RegelwerkClient({ baseUrl, language: "de" });
  const out: string[] = [];
  const { state } = await api.newGame("mixtour");
  try {
    await api.play("mixtour", { state, moves: ["a1", "a1"] });
  } catch (error) {
    if (!isRegelwerkError(error)) throw error;
    out.push(error.message); // Zug 2: a1 ist nicht leer
    out.push(`${error.messageId ?? "?"} ${JSON.stringify(error.args)}`);
  }
  const { games } = await api.listGames();
  out.push(games[0]?.playerNames.join(" / ") ?? ""); // Weiß / Blau
  const rules = await api.rules("mixtour"); // { game, language: "de", rules: [{ id, text }] }
  out.push(`${rules.language} ${rules.rules[0]?.id ?? "?"}`);
  const english = await api.rules("mixtour", { language: "en" }); // this call only
  out.push(english.language);
  return out;
}

/** Words for people: `describe: true` adds each move's description and the position's prompt,
 * and on play each event's description, in the answer's language. */
export async function wordsForPeople(baseUrl: string): Promise<string[]> {
  const api = new RegelwerkClient({ baseUrl, language: "de" });
  const { state } = await api.newGame("mixtour");
  const legal = await api.legalMoves("mixtour", { state, describe: true });
  const out = [legal.prompt ?? ""]; // Weiß ist am Zug: einen Stein einsetzen
  const [first] = legal.moves;
  if (first === undefined) throw new Error("Mixtour starts with moves");
  out.push(`${first.notation}: ${first.description ?? ""}`); // a1: Weiß setzt einen Stein auf a1
  // descriptionMessage { messageId: "mixtour-place", args: { player: 0, square: "a1" } }
  out.push(first.descriptionMessage?.messageId ?? "");
  const played = await api.play("mixtour", { state, move: first.move, describe: true });
  out.push(...played.events.map((e) => e.description ?? "")); // Weiß setzt einen Stein auf a1
  out.push(played.prompt ?? ""); // Blau ist am Zug: einen Stein einsetzen
  return out;
}
