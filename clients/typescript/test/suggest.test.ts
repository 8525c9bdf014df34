// suggest, the reference bot, against the real server: a legal move in every game, the same
// answer for the same seed and budget, its move document played as it is, and the refusals.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServiceError, type ErrorCode, type GameId, type Position } from "@regelwerk/client";

import { GAMES, client } from "./helpers.js";

const api = client();

// Iterations: their playouts stay well within the request's work budget (MAX_WORK).
const BUDGET = 30;

for (const game of GAMES) {
  test(`suggest ${game}: a legal move, the same for the same seed, that plays`, async () => {
    const info = (await api.listGames()).games.find((g) => g.id === game);
    assert.ok(info !== undefined);
    const players = Math.max(info.minPlayers, Math.min(3, info.maxPlayers)); // three if they may
    let position: Position<GameId> = await api.newGame(game, { players, seed: `ts-bot-${game}` });
    for (let ply = 0; ply < 2; ply++) {
      const mover = position.toMove[0];
      assert.ok(mover !== undefined);
      const [first] = (await api.legalMoves(game, { state: position.state, player: mover })).moves;
      assert.ok(first !== undefined);
      position = await api.play(game, { state: position.state, move: first.move, player: mover });
    }
    // Te-Trix: players 1 and 2 place at once (0 arranged the shape, then placed it).
    if (game === "te-trix") assert.deepEqual(position.toMove, [1, 2]);
    const player = position.toMove.at(-1);
    assert.ok(player !== undefined);

    const body = { state: position.state, player, seed: "bot", budget: BUDGET };
    const answer = await api.suggest(game, body);
    assert.equal(answer.player, player);
    const legal = (await api.legalMoves(game, { state: position.state, player })).moves;
    const listed = legal.find((m) => m.notation === answer.move.notation);
    assert.ok(listed !== undefined, `${answer.move.notation} is not a legal move`);
    assert.deepEqual(answer.move.move, listed.move);

    const { stats } = answer;
    const searched = stats.moves > 1; // a single candidate is answered without a search
    // the game's candidates (Te-Trix: the 12 placements that score most) out of the legal moves
    assert.ok(stats.moves >= 1 && stats.moves <= legal.length);
    assert.equal(stats.iterations, searched ? BUDGET : 0);
    assert.ok(stats.plies >= stats.iterations);
    assert.equal(stats.top.length, Math.min(5, stats.moves)); // the most visited first
    assert.equal(stats.top[0]?.notation, answer.move.notation);
    assert.equal(stats.value, searched ? stats.top[0]?.value : null);
    const visits = stats.top.map((t) => t.visits);
    assert.deepEqual(
      visits,
      [...visits].sort((a, b) => b - a),
    );

    // The same state, player, seed and budget: the same answer, stats included.
    assert.deepEqual(await api.suggest(game, body), answer);
    // The move document plays as it is, and as its notation.
    const byDocument = await api.play(game, {
      state: position.state,
      move: answer.move.move,
      player,
    });
    const byNotation = await api.play(game, {
      state: position.state,
      move: answer.move.notation,
      player,
    });
    assert.deepEqual(byDocument, byNotation);
    assert.notDeepEqual(byDocument.state, position.state);
  });
}

test("suggest: the first to move and the default budget", async () => {
  const { state } = await api.newGame("mixtour");
  const answer = await api.suggest("mixtour", { state });
  assert.equal(answer.player, 0);
  assert.equal(answer.stats.iterations, 100);
  // Narrowed by the game: a Mixtour move document.
  assert.equal(answer.move.move.kind, "place");
  const after = await api.play("mixtour", { state, move: answer.move.move });
  assert.deepEqual(after.toMove, [1]);
});

/** Asserts that `call` is refused with this code, status and details.reason. */
async function refused(
  call: Promise<unknown>,
  code: ErrorCode,
  status: number,
  reason?: string,
): Promise<ServiceError> {
  let caught: unknown;
  await assert.rejects(call, (error: unknown) => {
    caught = error;
    return true;
  });
  assert.ok(caught instanceof ServiceError, String(caught));
  assert.deepEqual([caught.code, caught.status, caught.details.reason], [code, status, reason]);
  return caught;
}

test("suggest: refusals by code", async () => {
  const { state } = await api.newGame("mixtour");
  for (const budget of [0, 161]) {
    // 1 to SUGGEST_MAX_BUDGET (1000 unless the service sets it)
    const error = await refused(api.suggest("mixtour", { state, budget }), "INVALID_REQUEST", 400);
    assert.deepEqual(
      error.details.problems?.map((p) => p.path),
      ["$.budget"],
    );
  }
  const notToMove = await refused(
    api.suggest("mixtour", { state, player: 1 }),
    "NOT_YOUR_TURN",
    422,
    "NOT_TO_MOVE",
  );
  assert.deepEqual(notToMove.details.toMove, [0]);
  await refused(api.suggest("mixtour", { state, player: 5 }), "INVALID_PLAYER", 422);

  const moves = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"];
  const end = await api.replay("mixtour", { moves, options: { pointsToWin: 1 } });
  await refused(api.suggest("mixtour", { state: end.state }), "GAME_OVER", 422, "GAME_FINISHED");

  const start = await api.newGame("tric-trac", { seed: "ts-bot-throw" });
  const [first] = (await api.legalMoves("tric-trac", { state: start.state })).moves;
  assert.ok(first !== undefined);
  const held = await api.play("tric-trac", {
    state: start.state,
    move: first.move,
    autoChance: false,
  });
  assert.equal(held.isChance, true);
  await refused(
    api.suggest("tric-trac", { state: held.state }),
    "NOT_YOUR_TURN",
    422,
    "CHANCE_NODE",
  );
});

test("evaluate: every player's value, suggest's best move, the same answer again", async () => {
  const { state } = await api.newGame("mixtour");
  const body = { state, seed: "ts-eval", budget: BUDGET };
  const answer = await api.evaluate("mixtour", body);
  assert.equal(answer.player, 0);
  assert.deepEqual(
    answer.values.map((v) => v.player),
    [0, 1],
  );
  for (const v of answer.values) assert.ok(0 <= v.low && v.low <= v.value && v.value <= v.high);
  assert.equal(answer.stats.playouts, BUDGET);
  assert.equal(answer.stats.elapsedMs, undefined);
  const suggested = await api.suggest("mixtour", body);
  assert.deepEqual(answer.best, suggested.move);
  // Narrowed by the game: a Mixtour move document.
  assert.equal(answer.best?.move.kind, "place");
  assert.deepEqual(await api.evaluate("mixtour", body), answer);
  const timed = await api.evaluate("mixtour", { state, budget: 5, budgetMs: 20 });
  assert.equal(typeof timed.stats.elapsedMs, "number");
  await refused(api.evaluate("mixtour", { state, budgetMs: 0 }), "INVALID_REQUEST", 400);
});
