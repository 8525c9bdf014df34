// The README's examples (examples/quickstart.ts) run against the real server.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  explain,
  graphqlPlay,
  inGerman,
  refusedMove,
  seededTricTrac,
  startAndPlay,
  tournamentDesk,
  wordsForPeople,
} from "../examples/quickstart.js";
import { client, serviceUrl } from "./helpers.js";

const api = client();

test("start a game, pick a move document, play it", async () => {
  assert.deepEqual(await startAndPlay(api), ["0 placed on c3"]);
});

test("a seeded Tric Trac game, verified by replaying its record", async () => {
  assert.equal(await seededTricTrac(api, "example"), 4);
});

test("a tournament desk: record, verdict, batch, certificate", async () => {
  const [verdict, ...rest] = await tournamentDesk(api);
  assert.equal(verdict, "valid: true, 9 moves");
  assert.deepEqual(rest.slice(0, 2), ["line 1: valid", "line 2: ILLEGAL_MOVE"]);
  assert.match(rest[2] ?? "", /^certificate: holds, key [0-9a-f]{8}$/); // the tests' server signs
});

test("errors handled by code", async () => {
  assert.equal(await refusedMove(api), "illegal (SQUARE_OCCUPIED, rule MX-4)");
  assert.throws(() => explain(new RangeError("not ours")), RangeError);
});

test("the GraphQL helper: an outcome and a rejected move", async () => {
  assert.equal(await graphqlPlay(api, ["c3"]), "24 moves for player 1");
  assert.equal(await graphqlPlay(api, ["c3", "c3"]), "ILLEGAL_MOVE at ply 1 (MX-4)");
});

test("in German, one call in English", async () => {
  assert.deepEqual(await inGerman(serviceUrl()), [
    "Zug 2: a1 ist nicht leer",
    'error-at-move {"error":{"messageId":"mixtour-square-occupied","args":{"square":"a1"}},"move":2}',
    "Weiß / Blau",
    "de MX-1",
    "en",
  ]);
});

test("words for people: described moves, events and prompts in German", async () => {
  assert.deepEqual(await wordsForPeople(serviceUrl()), [
    "Weiß ist am Zug: einen Stein einsetzen",
    "a1: Weiß setzt einen Stein auf a1",
    "mixtour-place",
    "Weiß setzt einen Stein auf a1",
    "Blau ist am Zug: einen Stein einsetzen",
  ]);
});
