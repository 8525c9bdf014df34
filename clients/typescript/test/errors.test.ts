// Refusals arrive as ServiceError with the API's code, status and typed details; failures to
// get an answer as TransportError. The real server refuses; local stand-ins misbehave.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  RegelwerkClient,
  RegelwerkError,
  ServiceError,
  TransportError,
  isRegelwerkError,
  type AnyRegelwerkError,
  type GameId,
  type State,
} from "@regelwerk/client";

import { GAMES, client, closedPortUrl, recordingFetch, serviceUrl, standIn } from "./helpers.js";

const api = client();

/** The error a call rejects with, narrowed to this client's errors. */
async function failure(call: Promise<unknown>): Promise<AnyRegelwerkError> {
  try {
    await call;
  } catch (error) {
    assert.ok(isRegelwerkError(error), `not a client error: ${String(error)}`);
    assert.ok(error instanceof RegelwerkError && error instanceof Error);
    return error;
  }
  assert.fail("the call succeeded");
}

/** Asserts the code (showing the message when it differs) and narrows the error by it. */
function assertCode<C extends AnyRegelwerkError["code"]>(
  error: AnyRegelwerkError,
  code: C,
): asserts error is AnyRegelwerkError & { code: C } {
  assert.equal(error.code, code, error.message);
}

test("UNKNOWN_GAME: 404 with the known games", async () => {
  const error = await failure(api.newGame("chess" as GameId));
  assert.ok(error instanceof ServiceError);
  assert.equal(error.code, "UNKNOWN_GAME");
  assert.equal(error.status, 404);
  assert.equal(error.name, "ServiceError");
  assert.match(error.message, /chess/);
  assert.deepEqual([...(error.details.known ?? [])].sort(), [...GAMES].sort());
});

test("INVALID_NOTATION: the notation and its index", async () => {
  const { state } = await api.newGame("mixtour");
  const error = await failure(api.play("mixtour", { state, move: "z9" }));
  assertCode(error, "INVALID_NOTATION");
  // Narrowed by code: a ServiceError, details typed as ErrorDetails.
  assert.equal(error.status, 422);
  assert.equal(error.details.notation, "z9");
  assert.equal(error.details.ply, 0);
});

test("ILLEGAL_MOVE: reason, rule and the failing move's index", async () => {
  const { state } = await api.newGame("mixtour");
  const error = await failure(api.play("mixtour", { state, moves: ["c3", "c3"] }));
  assertCode(error, "ILLEGAL_MOVE");
  assert.equal(error.status, 422);
  assert.deepEqual(
    [error.details.reason, error.details.rule, error.details.ply],
    ["SQUARE_OCCUPIED", "MX-4", 1],
  );
  const replayed = await failure(api.replay("mixtour", { moves: ["c3", "c4", "c3-c4", "c4-c3"] }));
  assertCode(replayed, "ILLEGAL_MOVE");
  assert.deepEqual([replayed.details.rule, replayed.details.ply], ["MX-5", 3]);
});

test("INVALID_STATE: every problem with its JSON path", async () => {
  const broken: State<"mixtour"> = {
    game: "mixtour",
    v: 1,
    board: { c3: "wq" },
    supply: [19, 21],
    scores: [0, 0],
    toMove: 0,
  };
  const error = await failure(api.getPosition("mixtour", { state: broken }));
  assertCode(error, "INVALID_STATE");
  assert.equal(error.status, 422);
  const paths = (error.details.problems ?? []).map((p) => p.path);
  assert.ok(paths.includes("$.board.c3") && paths.includes("$.supply[1]"), paths.join());
  assert.equal(error.details.problemCount, error.details.problems?.length);
});

test("STATE_TAMPERED: a signed state altered", async () => {
  const { state } = await api.newGame("mixtour");
  assert.ok(state.sig !== undefined, "the test server signs its states");
  const error = await failure(api.getPosition("mixtour", { state: { ...state, scores: [3, 0] } }));
  assertCode(error, "STATE_TAMPERED");
  assert.equal(error.details.reason, "BAD_SIGNATURE");
});

test("INVALID_REQUEST: a key id the service does not hold", async () => {
  const error = await failure(api.replay("mixtour", { moves: [], keyId: "0123abcd" }));
  assertCode(error, "INVALID_REQUEST");
  assert.equal(error.status, 400);
  assert.deepEqual(
    error.details.problems?.map((p) => p.path),
    ["$.keyId"],
  );
});

test("TRANSPORT: nothing listens on the port", async () => {
  const offline = new RegelwerkClient(await closedPortUrl());
  const error = await failure(offline.listGames());
  assert.ok(error instanceof TransportError);
  assert.equal(error.code, "TRANSPORT");
  assert.equal(error.reason, "network");
  assert.equal(error.status, 0);
  assert.ok(error.cause !== undefined);
  assert.match(error.message, /GET http:\/\/127\.0\.0\.1:\d+\/v1\/games/);
});

test("TRANSPORT: an answer that is not JSON (a proxy's error page)", async () => {
  const proxy = await standIn((_request, response) => {
    response.writeHead(502, { "content-type": "text/html" });
    response.end("<html><body>Bad Gateway</body></html>");
  });
  try {
    const error = await failure(new RegelwerkClient(proxy.url).newGame("mixtour"));
    assertCode(error, "TRANSPORT");
    assert.deepEqual([error.reason, error.status], ["bad-response", 502]);
    assert.match(error.body ?? "", /Bad Gateway/);
    assert.match(error.message, /not JSON \(text\/html\)/);
  } finally {
    await proxy.close();
  }
});

test("TRANSPORT: a 200 that is not the answer (JSON expected, SVG expected)", async () => {
  const odd = await standIn((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("hello");
  });
  try {
    const other = new RegelwerkClient(odd.url);
    const listing = await failure(other.listGames());
    assert.ok(listing.code === "TRANSPORT" && listing.reason === "bad-response");
    const { state } = await api.newGame("mixtour");
    const picture = await failure(other.render("mixtour", { state }));
    assert.ok(picture.code === "TRANSPORT" && picture.reason === "bad-response");
    assert.match(picture.message, /not SVG/);
  } finally {
    await odd.close();
  }
});

test("TRANSPORT: a timeout, and the caller's own abort", async () => {
  const silent = await standIn(() => undefined);
  try {
    const slow = new RegelwerkClient({ baseUrl: silent.url, timeoutMs: 150 });
    const began = Date.now();
    const timedOut = await failure(slow.listGames());
    assertCode(timedOut, "TRANSPORT");
    assert.equal(timedOut.reason, "timeout");
    assert.ok(Date.now() - began < 5000);

    const controller = new AbortController();
    const call = slow.listGames({ signal: controller.signal, timeoutMs: 0 });
    setTimeout(() => controller.abort(), 50);
    const aborted = await failure(call);
    assert.ok(aborted.code === "TRANSPORT" && aborted.reason === "aborted");

    const already = await failure(slow.listGames({ signal: AbortSignal.abort() }));
    assert.ok(already.code === "TRANSPORT" && already.reason === "aborted");
  } finally {
    await silent.close();
  }
});

test("options: base URL with a slash, headers, the fetch implementation", async () => {
  const { fetch, sent } = recordingFetch();
  const custom = new RegelwerkClient({
    baseUrl: `${serviceUrl()}/`,
    fetch,
    headers: { "x-request-id": "client-test-1" },
  });
  await custom.listGames();
  await custom.newGame("mixtour", {}, { headers: { "x-request-id": "client-test-2" } });
  assert.deepEqual(
    sent.map((s) => [s.method, new URL(s.url).pathname, s.answerHeaders.get("x-request-id")]),
    [
      ["GET", "/v1/games", "client-test-1"],
      ["POST", "/v1/games/mixtour/new", "client-test-2"],
    ],
  );
  assert.equal(sent[1]?.headers["content-type"], "application/json");
  assert.deepEqual(sent[1]?.body, {});
});
