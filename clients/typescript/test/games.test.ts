// Every REST operation for every game, against the real server (started with RULES_SECRET,
// so states are signed and replay's keyId has a key to name).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { ServiceError, keyIdOf, type GameId, type Position, type State } from "@regelwerk/client";

import { GAMES, client } from "./helpers.js";

const api = client();

test("listGames lists every game with its options and defaults", async () => {
  const { games } = await api.listGames();
  assert.deepEqual(games.map((g) => g.id).sort(), [...GAMES].sort());
  const mixtour = games.find((g) => g.id === "mixtour");
  assert.ok(mixtour !== undefined && mixtour.id === "mixtour");
  // Narrowed by id: Mixtour's own options, each with its default.
  assert.equal(mixtour.options.piecesPerPlayer.default, 20);
  assert.equal(mixtour.options.pointsToWin.default, 5);
  assert.equal(mixtour.minPlayers, 2);
});

const PLIES = 4;

for (const game of GAMES) {
  describe(game, () => {
    const seed = `ts-client-${game}`;
    let start: Position<GameId>;
    let played: Position<GameId>;
    const record: { player: number; move: string }[] = [];

    before(async () => {
      start = await api.newGame(game, { seed });
      let position = start;
      for (let ply = 0; ply < PLIES && position.status === "ongoing"; ply++) {
        const player = position.toMove[0];
        assert.ok(player !== undefined, "a seeded game waits for a player, never for chance");
        const [first] = (await api.legalMoves(game, { state: position.state, player })).moves;
        assert.ok(first !== undefined);
        // Played by its move document, recorded by its notation.
        position = await api.play(game, { state: position.state, move: first.move, player });
        record.push({ player, move: first.notation });
      }
      played = position;
    });

    test("newGame: a seeded, signed state that waits for a player", async () => {
      assert.equal(start.state.game, game);
      assert.equal(start.state.seed, seed);
      assert.equal(start.isChance, false);
      assert.equal(start.status, "ongoing");
      assert.ok(start.toMove.length > 0);
      assert.deepEqual(start.winners, []);
      assert.match(keyIdOf(start.state) ?? "", /^[0-9a-f]{8}$/);
      assert.deepEqual((await api.newGame(game, { seed })).state, start.state);
    });

    test("legalMoves: every move by notation and move document", async () => {
      const legal = await api.legalMoves(game, {
        state: start.state,
        player: start.toMove[0] ?? 0,
      });
      assert.equal(legal.isChance, false);
      assert.deepEqual(legal.toMove, start.toMove);
      assert.ok(legal.moves.length > 0);
      for (const { notation, move, probability } of legal.moves) {
        assert.equal(typeof notation, "string");
        assert.equal(typeof move.kind, "string");
        assert.equal(probability, undefined);
      }
      assert.equal(new Set(legal.moves.map((m) => m.notation)).size, legal.moves.length);
    });

    test("play: by move document and by notation, one move or a list", async () => {
      assert.equal(record.length, PLIES);
      const player = start.toMove[0] ?? 0;
      const [first] = (await api.legalMoves(game, { state: start.state, player })).moves;
      assert.ok(first !== undefined);
      const byDocument = await api.play(game, { state: start.state, move: first.move, player });
      const byNotation = await api.play(game, { state: start.state, move: first.notation, player });
      assert.deepEqual(byDocument, byNotation);
      assert.ok(byDocument.events.length > 0);
      for (const event of byDocument.events) assert.equal(typeof event.type, "string");
      const all = await api.play(game, { state: start.state, moves: record });
      assert.deepEqual(all.state, played.state);
      assert.ok(all.events.some((e) => e.ply === PLIES - 1));
    });

    test("getPosition: a state read back", async () => {
      const read = await api.getPosition(game, { state: played.state });
      assert.deepEqual(read.state, played.state);
      assert.deepEqual(
        [read.toMove, read.scores, read.status, read.isChance],
        [played.toMove, played.scores, played.status, played.isChance],
      );
    });

    test("score: scores, status, winners, breakdown", async () => {
      const score = await api.score(game, { state: played.state });
      assert.deepEqual(score.scores, played.scores);
      assert.equal(score.status, "ongoing");
      assert.deepEqual(score.winners, []);
      assert.equal(score.reason, null);
      assert.equal(typeof score.breakdown, "object");
    });

    test("view: what a player sees, never the seed", async () => {
      const { view } = await api.view(game, { state: played.state, player: 0 });
      assert.equal(view.game, game);
      assert.ok(!("seed" in view));
    });

    test("render: SVG marked with the game", async () => {
      const svg = await api.render(game, { state: played.state });
      assert.match(svg, /^<svg[^>]*\sdata-game="([a-z-]+)"/);
      assert.equal(/data-game="([a-z-]+)"/.exec(svg)?.[1], game);
      const forPlayer = await api.render(game, { state: played.state, player: 0 });
      assert.ok(forPlayer.startsWith("<svg"));
    });

    test("replay: the record and the seed give the same game, with its keyId too", async () => {
      const replayed = await api.replay(game, { seed, moves: record });
      assert.equal(replayed.plies, PLIES);
      assert.deepEqual(replayed.state, played.state);
      const keyId = keyIdOf(played.state);
      assert.ok(keyId !== undefined);
      const verified = await api.replay(game, { seed, moves: record, keyId });
      assert.deepEqual(verified.state, played.state);
    });
  });
}

test("narrowed by game id: a Triominos Junior view has its own rack, the others' sizes", async () => {
  const start = await api.newGame("triominos-junior", { seed: "view", players: 3 });
  const state: State<"triominos-junior"> = start.state;
  const { view } = await api.view("triominos-junior", { state, player: 1 });
  assert.equal(view.kind, "view");
  assert.deepEqual(view.rack, state.racks[1]);
  assert.deepEqual(
    view.rackSizes,
    state.racks.map((r) => r.length),
  );
  assert.equal(view.poolSize, state.pool.length);
  assert.ok(!("racks" in view) && !("pool" in view));
});

test("narrowed by game id: Te-Trix placements are simultaneous, each names its player", async () => {
  let position = await api.newGame("te-trix", { seed: "together", players: 3 });
  const arrange = (await api.legalMoves("te-trix", { state: position.state })).moves[0];
  assert.ok(arrange !== undefined && arrange.move.kind === "arrange");
  position = await api.play("te-trix", { state: position.state, move: arrange.move });
  assert.deepEqual(position.toMove, [0, 1, 2]);
  const placements = [];
  for (const player of [2, 0, 1]) {
    const { moves } = await api.legalMoves("te-trix", { state: position.state, player });
    const place = moves.find((m) => m.move.kind === "place");
    assert.ok(place !== undefined && place.move.kind === "place");
    assert.ok(place.move.cells.length > 0);
    placements.push({ player, move: place.notation });
  }
  const round = await api.play("te-trix", { state: position.state, moves: placements });
  assert.equal(round.state.round, 2);
});

test("nextSteps: a Tric Trac turn built stone by stone, the larger number first (TT-7)", async () => {
  const opened = await api.play("tric-trac", {
    state: (await api.newGame("tric-trac", {})).state,
    move: "red 3-5",
  });
  const first = await api.nextSteps("tric-trac", { state: opened.state });
  assert.deepEqual(
    first.steps.map((s) => s.notation),
    ["1/4", "1/6"],
  );
  assert.equal(first.canEnd, false);
  const six = first.steps[1];
  assert.ok(six !== undefined && six.move.kind === "turn");
  assert.equal(six.move.steps[0]?.die, 5);
  const done = await api.nextSteps("tric-trac", { state: opened.state, steps: [six.move, "6/9"] });
  assert.ok(done.canEnd && done.turn !== null && done.steps.length === 0);
  assert.equal(done.turn.notation, "1/6/9");
  const played = await api.play("tric-trac", { state: opened.state, move: done.turn.move });
  const canonical = await api.play("tric-trac", { state: opened.state, move: "1/4/9" });
  assert.deepEqual(played.state, canonical.state);
  await assert.rejects(
    api.nextSteps("tric-trac", { state: opened.state, steps: ["1/4", "4/8"] }),
    (error: unknown) =>
      error instanceof ServiceError &&
      error.code === "ILLEGAL_MOVE" &&
      error.details.step === 1 &&
      error.details.reason === "NO_SUCH_NUMBER",
  );
});

test("nextSteps: a game whose turn is one move offers each legal move as a step", async () => {
  const { state } = await api.newGame("mixtour", {});
  const legal = await api.legalMoves("mixtour", { state });
  const steps = await api.nextSteps("mixtour", { state });
  assert.deepEqual(steps.steps, legal.moves);
  const done = await api.nextSteps("mixtour", { state, steps: ["c3"] });
  assert.deepEqual(done, {
    steps: [],
    canEnd: true,
    turn: {
      notation: "c3",
      move: { kind: "place", square: "c3" },
      locations: [
        { supply: 0, role: "from" },
        { square: "c3", role: "to" },
      ],
    },
  });
});
