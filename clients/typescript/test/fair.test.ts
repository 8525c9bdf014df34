// A fair game started open against the real server (started with RULES_SECRET, which fair
// games need): contributions after the commitment, then the whole game verified with the
// states the service answered as its history.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServiceError, type MoveEntry, type State } from "@regelwerk/client";

import { client } from "./helpers.js";

const api = client();

// Tric Trac to one point: some 30 moves.
const GAME = { seed: "ts-client-fair", options: { pointsToWin: 1 } };
const MAX_PLIES = 200;

test("contribute: an open fair game waits for its seats, then verifies with its history", async () => {
  const waiting = await api.newGame("tric-trac", {
    ...GAME,
    fair: { contributions: ["anna"], open: true },
  });
  assert.deepEqual([waiting.state.fair?.awaiting, waiting.isChance], [[1], true]);

  const started = await api.contribute("tric-trac", {
    state: waiting.state,
    player: 1,
    contribution: "ben",
  });
  assert.ok(started.state.fair !== undefined && started.state.fair !== null);
  assert.equal(started.state.fair.awaiting, undefined);
  assert.deepEqual(started.state.fair.contributions, ["anna", "ben"]);
  assert.ok(started.events.some((event) => event.type === "chance"));
  assert.equal(started.isChance, false);

  await assert.rejects(
    api.contribute("tric-trac", { state: started.state, player: 1, contribution: "ben" }),
    (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.deepEqual(
        [error.code, error.status, error.details.reason],
        ["NOT_YOUR_TURN", 422, "NOT_AWAITED"],
      );
      return true;
    },
  );

  // Played to the end one move a request: every state answered is the game's history.
  let position = started;
  const moves: MoveEntry<"tric-trac">[] = [];
  const history: State<"tric-trac">[] = [waiting.state, started.state];
  for (let ply = 0; ply < MAX_PLIES && position.status === "ongoing"; ply++) {
    const player = position.toMove[0];
    assert.ok(player !== undefined);
    const [first] = (await api.legalMoves("tric-trac", { state: position.state, player })).moves;
    assert.ok(first !== undefined);
    position = await api.play("tric-trac", { state: position.state, move: first.notation, player });
    moves.push({ player, move: first.notation });
    history.push(position.state);
  }
  assert.equal(position.status, "finished");
  const fair = position.state.fair;
  assert.ok(fair !== undefined && fair !== null && fair.reveal !== undefined);

  const verdict = await api.verify("tric-trac", { ...GAME, moves, fair, history });
  assert.deepEqual([verdict.valid, verdict.problems], [true, []]);
  const record = await api.record("tric-trac", { ...GAME, moves, fair });
  const fromText = await api.verify("tric-trac", { record, history: history.reverse() });
  assert.deepEqual([fromText.valid, fromText.problems], [true, []]);
});
