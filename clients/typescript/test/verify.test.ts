// verify, text records, NDJSON batches and certificates against the real server (started with
// RULES_SECRET, so a valid verdict is certified); local stand-ins answer what it never does.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  RegelwerkClient,
  ServiceError,
  TransportError,
  type AnalyzeBatchLine,
  type BatchLine,
  type BatchReview,
  type BatchVerdict,
  type FetchLike,
} from "@regelwerk/client";

import { client, serviceUrl, standIn } from "./helpers.js";

const api = client();

// A whole Mixtour game to pointsToWin 1 (White builds, Blue takes the stack of five).
const FINISHED = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"];
const WON = { options: { pointsToWin: 1 }, claimed: { scores: [0, 1], winners: [1] } };

const codes = (verdict: { problems: { code: string }[] }): string[] =>
  verdict.problems.map((p) => p.code);

test("verify: a finished game whose claim holds is valid and certified", async () => {
  const verdict = await api.verify("mixtour", { moves: FINISHED, ...WON });
  assert.deepEqual([verdict.valid, verdict.problems, verdict.plies], [true, [], 9]);
  assert.ok(verdict.position !== null);
  assert.deepEqual([verdict.position.status, verdict.position.winners], ["finished", [1]]);
  assert.equal(verdict.position.state.game, "mixtour");
  const certificate = verdict.certificate;
  assert.ok(certificate !== null);
  assert.deepEqual(
    [certificate.game, certificate.scores, certificate.winners],
    ["mixtour", [0, 1], [1]],
  );
  assert.match(certificate.digest, /^sha256:[0-9a-f]{64}$/);
  assert.match(certificate.sig, /^[0-9a-f]{8}\./);
});

test("verify: what is wrong with the game is a problem of the verdict", async () => {
  const wrong = await api.verify("mixtour", {
    moves: FINISHED,
    options: { pointsToWin: 1 },
    claimed: { winners: [0] },
  });
  assert.equal(wrong.valid, false);
  assert.equal(wrong.certificate, null);
  const [differs] = wrong.problems;
  assert.ok(differs !== undefined && differs.code === "WINNERS_DIFFER");
  assert.deepEqual([differs.claimed, differs.computed], [[0], [1]]);

  const illegal = await api.verify("mixtour", { moves: ["a1", "a1"] });
  assert.deepEqual([illegal.valid, illegal.plies], [false, 1]);
  const [move] = illegal.problems;
  assert.deepEqual(
    [move?.code, move?.ply, move?.reason, move?.rule],
    ["ILLEGAL_MOVE", 1, "SQUARE_OCCUPIED", "MX-4"],
  );
  // Its words in the answer's language; messageId and args the same in every language.
  const occupied = { messageId: "mixtour-square-occupied", args: { square: "a1" } };
  assert.deepEqual(
    [move?.message, move?.messageId, move?.args],
    [
      "move 2 (a1): a1 is not empty",
      "verify-at-move",
      { move: 2, notation: "a1", error: occupied },
    ],
  );
  assert.deepEqual(codes(await api.verify("mixtour", { moves: FINISHED.slice(0, 4) })), [
    "NOT_FINISHED",
  ]);
});

test("record: the text record, read back by verify and replay", async () => {
  const text = await api.record("mixtour", {
    moves: FINISHED,
    ...WON,
    tags: { Event: "Club night", Player0: "Ada", Player1: "Bo" },
  });
  assert.match(text, /^\[Game "mixtour"\]\n/);
  assert.ok(text.includes('[Event "Club night"]\n'));
  assert.ok(text.includes('[Result "scores 0 1; winners 1"]\n'));
  assert.ok(text.endsWith("\n9. a1:4-b1\n"));

  const verdict = await api.verify("mixtour", { record: text });
  assert.deepEqual([verdict.valid, verdict.plies], [true, 9]);
  const replayed = await api.replay("mixtour", { record: text });
  const byMoves = await api.replay("mixtour", { moves: FINISHED, options: { pointsToWin: 1 } });
  assert.deepEqual(replayed.state, byMoves.state);

  // An illegal move of a record names its line of the text.
  const illegal = await api.verify("mixtour", { record: text.replace("3. b1-a1", "3. a1") });
  const [move] = illegal.problems;
  assert.ok(move?.line !== undefined);
  assert.deepEqual(
    [move.code, move.ply, text.split("\n")[move.line - 1]],
    ["ILLEGAL_MOVE", 2, "3. b1-a1"],
  );
});

test("INVALID_RECORD: 400 with the line at fault", async () => {
  const record = '[Game "mixtour"]\n\n1. a1\n2 b1\n';
  await assert.rejects(api.verify("mixtour", { record }), (error: unknown) => {
    assert.ok(error instanceof ServiceError);
    assert.deepEqual([error.code, error.status, error.details.line], ["INVALID_RECORD", 400, 4]);
    return true;
  });
});

/** The lines of a batch, each kind once, and the codes of their verdicts. */
const BATCH: BatchLine[] = [
  { game: "mixtour", moves: FINISHED, ...WON },
  { game: "mixtour", moves: ["a1", "a1"] },
  { game: "chess" as "mixtour", moves: [] },
  { game: "mixtour", record: '[Game "mixtour"]\n[Options "{\\"pointsToWin\\":1}"]\n' },
  { game: "mixtour", moves: ["a1", "line\u2028separator"] },
  { game: "te-trix", moves: [], claimed: { winners: [] } },
];
const BATCH_CODES = [
  [],
  ["ILLEGAL_MOVE"],
  ["UNKNOWN_GAME"],
  ["NOT_FINISHED"],
  ["INVALID_NOTATION"],
  ["NOT_FINISHED"],
];

test("verifyBatch: one verdict per line, in order, as they arrive", async () => {
  const { fetch, sent } = recordingFetchOfText();
  const batchApi = new RegelwerkClient({ baseUrl: serviceUrl(), fetch });
  const pulled: number[] = [];
  async function* lines(): AsyncGenerator<BatchLine> {
    for (const [n, line] of BATCH.entries()) {
      pulled.push(n + 1);
      yield line;
    }
  }
  const received: BatchVerdict[] = [];
  for await (const verdict of batchApi.verifyBatch(lines(), { linesPerRequest: 4 })) {
    // The lines are read as they are sent: the first verdict comes before line 5 is read.
    if (received.length === 0) assert.deepEqual(pulled, [1, 2, 3, 4]);
    received.push(verdict);
  }
  assert.deepEqual(
    received.map((v) => v.line),
    [1, 2, 3, 4, 5, 6],
  );
  assert.deepEqual(received.map(codes), BATCH_CODES);
  assert.deepEqual(
    received.map((v) => v.game),
    ["mixtour", "mixtour", "chess", "mixtour", "mixtour", "te-trix"],
  );
  const [won, , unknown, , separated] = received;
  assert.deepEqual([won?.valid, won?.status, won?.winners, won?.plies], [true, "finished", [1], 9]);
  assert.ok(won?.certificate !== null && won?.certificate.game === "mixtour");
  assert.deepEqual([unknown?.status, unknown?.scores, unknown?.certificate], [null, null, null]);
  // U+2028 ends a line for some readers, not for NDJSON: the verdict arrived whole.
  assert.match(separated?.problems[0]?.message ?? "", /line\u2028separator/);

  // Two requests of NDJSON, the second holding lines 5 and 6.
  assert.deepEqual(
    sent.map((s) => [s.url, s.headers["content-type"], s.body.split("\n").length - 1]),
    [
      [`${serviceUrl()}/v1/verify`, "application/x-ndjson", 4],
      [`${serviceUrl()}/v1/verify`, "application/x-ndjson", 2],
    ],
  );
  assert.deepEqual(JSON.parse(sent[1]?.body.split("\n")[1] ?? ""), BATCH[5]);

  // In one request (an array will do) the verdicts are the same.
  const inOne: BatchVerdict[] = [];
  for await (const verdict of api.verifyBatch(BATCH)) inOne.push(verdict);
  assert.deepEqual(inOne, received);
});

test("verifyBatch: left early, the rest is not read; the client goes on", async () => {
  const lines = Array.from({ length: 600 }, (): BatchLine => ({
    game: "mixtour",
    moves: FINISHED,
  }));
  let seen = 0;
  for await (const verdict of api.verifyBatch(lines)) {
    seen = verdict.line;
    if (seen === 3) break;
  }
  assert.equal(seen, 3);
  assert.ok((await api.listGames()).games.length > 0);
});

test("verifyBatch: a fetch without a body stream is read whole", async () => {
  const plain: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init);
    return { status: response.status, headers: response.headers, text: () => response.text() };
  };
  const textOnly = new RegelwerkClient({ baseUrl: serviceUrl(), fetch: plain });
  const received: BatchVerdict[] = [];
  for await (const verdict of textOnly.verifyBatch(BATCH, { linesPerRequest: 5 })) {
    received.push(verdict);
  }
  assert.deepEqual(received.map(codes), BATCH_CODES);
});

test("verifyBatch: refusals and answers that are no verdicts", async () => {
  const twoLines: BatchLine[] = [BATCH[1]!, BATCH[1]!];
  const failure = async (batchApi: RegelwerkClient, lines = twoLines): Promise<unknown> => {
    try {
      for await (const verdict of batchApi.verifyBatch(lines)) void verdict;
    } catch (error) {
      return error;
    }
    assert.fail("the batch succeeded");
  };
  const wrongPath = new RegelwerkClient(`${serviceUrl()}/nope`);
  const notFound = await failure(wrongPath);
  assert.ok(notFound instanceof ServiceError);
  assert.deepEqual([notFound.code, notFound.status], ["NOT_FOUND", 404]);
  await assert.rejects(
    failure(api, []).then(() => undefined),
    /the batch succeeded/,
  );
  await assert.rejects(
    (async () => {
      for await (const verdict of api.verifyBatch(twoLines, { linesPerRequest: 0 })) void verdict;
    })(),
    RangeError,
  );

  const verdict = (line: number): string =>
    `${JSON.stringify({ line, game: "mixtour", valid: true, problems: [], plies: 0, status: "ongoing", scores: [0, 0], winners: [], certificate: null })}\n`;
  const answers: [string, string, RegExp][] = [
    ["application/json", '{"valid": true}', /not NDJSON/],
    ["application/x-ndjson", verdict(1), /ended after 1 of 2 verdicts/],
    ["application/x-ndjson", `${verdict(1)}{not json\n`, /a line is not JSON/],
    ["application/x-ndjson", `${verdict(1)}{"line": 2}\n`, /not a BatchVerdict/],
    ["application/x-ndjson", verdict(2) + verdict(1), /verdict 1 is not of line 1/],
    [
      "application/x-ndjson",
      verdict(1) + verdict(2) + verdict(3),
      /more verdicts than the 2 lines sent/,
    ],
  ];
  for (const [media, body, message] of answers) {
    const odd = await standIn((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": media }).end(body));
    });
    try {
      const error = await failure(new RegelwerkClient(odd.url));
      assert.ok(error instanceof TransportError, String(error));
      assert.deepEqual([error.reason, error.status], ["bad-response", 200]);
      assert.match(error.message, message);
    } finally {
      await odd.close();
    }
  }
});

test("checkCertificate: signed by this service, and of this record", async () => {
  const text = await api.record("mixtour", { moves: FINISHED, ...WON });
  const { certificate } = await api.verify("mixtour", { record: text });
  assert.ok(certificate !== null);
  const keyId = certificate.sig.split(".")[0];
  assert.deepEqual(await api.checkCertificate({ certificate }), {
    valid: true,
    problems: [],
    keyId,
  });
  assert.equal((await api.checkCertificate({ certificate, record: text })).valid, true);
  const another = await api.record("mixtour", { moves: FINISHED, ...WON, tags: { Round: "2" } });
  const ofAnother = await api.checkCertificate({ certificate, record: another });
  assert.deepEqual([ofAnother.valid, codes(ofAnother)], [false, ["DIGEST_DIFFERS"]]);
  const altered = await api.checkCertificate({ certificate: { ...certificate, winners: [0] } });
  assert.deepEqual(
    [altered.valid, codes(altered), altered.keyId],
    [false, ["BAD_SIGNATURE"], keyId],
  );
});

/** globalThis.fetch, recording each request's URL, headers and text body. */
function recordingFetchOfText(): {
  fetch: FetchLike;
  sent: { url: string; headers: Record<string, string>; body: string }[];
} {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, headers: init.headers, body: init.body ?? "" });
    return globalThis.fetch(url, init);
  };
  return { fetch, sent };
}

test("analyze: a review of a record, the same again, the annotated record the same game", async () => {
  const moves = ["c3", "c4", "c3-c4"];
  const body = { moves, options: { pointsToWin: 2 }, budget: 3, analysisSeed: "ts" };
  const review = await api.analyze("mixtour", body);
  assert.deepEqual(
    review.plies.map((p) => p.kind),
    ["decision", "decision", "decision"],
  );
  for (const p of review.players) {
    assert.ok(Math.abs(p.result - (p.start + p.skill + p.luck)) < 1e-3);
  }
  assert.equal(review.stats.budget, 3);
  assert.deepEqual(await api.analyze("mixtour", body), review);
  const again = await api.analyze("mixtour", {
    record: review.annotated,
    budget: 3,
    analysisSeed: "ts",
  });
  assert.deepEqual(again.plies, review.plies);
});

/** analyzeBatch's lines: a short game, a game the service does not have, a text record. */
const ANALYZE_BATCH: AnalyzeBatchLine[] = [
  { game: "mixtour", moves: ["c3", "c4"], budget: 2 },
  { game: "chess" as "mixtour", moves: [] },
  { game: "mixtour", record: '[Game "mixtour"]\n1. c3\n', budget: 2 },
];

/** A review without its line and game: what a single analyze answers. */
const reviewOnly = (review: BatchReview | undefined): unknown => {
  assert.ok(review !== undefined && !("error" in review));
  const { line, game, ...answer } = review;
  void line;
  void game;
  return answer;
};

test("analyzeBatch: one review per line, in order, as they arrive", async () => {
  const { fetch, sent } = recordingFetchOfText();
  const batchApi = new RegelwerkClient({ baseUrl: serviceUrl(), fetch });
  const pulled: number[] = [];
  async function* lines(): AsyncGenerator<AnalyzeBatchLine> {
    for (const [n, line] of ANALYZE_BATCH.entries()) {
      pulled.push(n + 1);
      yield line;
    }
  }
  const received: BatchReview[] = [];
  for await (const review of batchApi.analyzeBatch(lines(), { linesPerRequest: 2 })) {
    // The lines are read as they are sent: the first review comes before line 3 is read.
    if (received.length === 0) assert.deepEqual(pulled, [1, 2]);
    received.push(review);
  }
  assert.deepEqual(
    received.map((r) => [r.line, r.game]),
    [
      [1, "mixtour"],
      [2, "chess"],
      [3, "mixtour"],
    ],
  );
  const [review, unknown, fromRecord] = received;
  assert.ok(review !== undefined && !("error" in review));
  assert.ok(fromRecord !== undefined && !("error" in fromRecord));
  assert.deepEqual(
    review.plies.map((p) => p.notation),
    ["c3", "c4"],
  );
  assert.deepEqual(
    fromRecord.plies.map((p) => p.notation),
    ["c3"],
  );
  assert.match(review.annotated, /^\[Game "mixtour"\]\n/);
  assert.match(fromRecord.annotated, /^\[Game "mixtour"\]\n/);
  assert.deepEqual([review.stats.budget, fromRecord.stats.budget], [2, 2]);
  // A line without a review: the error a single analyze is refused with.
  assert.ok(unknown !== undefined && "error" in unknown);
  assert.deepEqual(
    [unknown.error.code, unknown.error.messageId],
    ["UNKNOWN_GAME", "error-unknown-game"],
  );
  await assert.rejects(api.analyze("chess" as "mixtour", { moves: [] }), (error: unknown) => {
    assert.ok(error instanceof ServiceError);
    assert.deepEqual(
      [error.code, error.status, error.message, error.details],
      ["UNKNOWN_GAME", 404, unknown.error.message, unknown.error.details],
    );
    return true;
  });
  // A review is analyze's answer, with its line and game.
  assert.deepEqual(
    reviewOnly(review),
    await api.analyze("mixtour", { moves: ["c3", "c4"], budget: 2 }),
  );
  assert.deepEqual(
    reviewOnly(fromRecord),
    await api.analyze("mixtour", { record: '[Game "mixtour"]\n1. c3\n', budget: 2 }),
  );

  // Two requests of NDJSON to /v1/analyze, the second holding line 3.
  assert.deepEqual(
    sent.map((s) => [s.url, s.headers["content-type"], s.body.split("\n").length - 1]),
    [
      [`${serviceUrl()}/v1/analyze`, "application/x-ndjson", 2],
      [`${serviceUrl()}/v1/analyze`, "application/x-ndjson", 1],
    ],
  );
  assert.deepEqual(JSON.parse(sent[1]?.body.split("\n")[0] ?? ""), ANALYZE_BATCH[2]);

  // In one request (an array will do) the reviews are the same.
  const inOne: BatchReview[] = [];
  for await (const again of api.analyzeBatch(ANALYZE_BATCH)) inOne.push(again);
  assert.deepEqual(inOne, received);
});

test("analyzeBatch: refusals and answers that are no reviews", async () => {
  const twoLines: AnalyzeBatchLine[] = [ANALYZE_BATCH[0]!, ANALYZE_BATCH[1]!];
  const failure = async (batchApi: RegelwerkClient, lines = twoLines): Promise<unknown> => {
    try {
      for await (const review of batchApi.analyzeBatch(lines)) void review;
    } catch (error) {
      return error;
    }
    assert.fail("the batch succeeded");
  };
  const notFound = await failure(new RegelwerkClient(`${serviceUrl()}/nope`));
  assert.ok(notFound instanceof ServiceError);
  assert.deepEqual([notFound.code, notFound.status], ["NOT_FOUND", 404]);
  await assert.rejects(
    failure(api, []).then(() => undefined),
    /the batch succeeded/,
  );
  await assert.rejects(
    (async () => {
      for await (const review of api.analyzeBatch(twoLines, { linesPerRequest: 0 })) void review;
    })(),
    RangeError,
  );
  const notALine = await failure(api, [twoLines[0]!, "mixtour" as unknown as AnalyzeBatchLine]);
  assert.ok(notALine instanceof TypeError);
  assert.match(notALine.message, /batch line 2 is not an analyze body with its game/);

  const line = (text: object): string => `${JSON.stringify(text)}\n`;
  const review = (n: number): string =>
    line({
      line: n,
      game: "mixtour",
      plies: [],
      players: [],
      stats: { iterations: 0, positions: 0, cpuLimited: false, budget: 2 },
      annotated: "",
    });
  const error = { code: "UNKNOWN_GAME", message: "m", messageId: "e", args: {}, details: {} };
  const lineError = (n: number): string => line({ line: n, game: "chess", error });
  const verdict = line({ line: 1, game: "mixtour", valid: true, problems: [], plies: 0 });
  const answers: [string, string, RegExp | null][] = [
    ["application/x-ndjson", review(1) + lineError(2).slice(0, -1), null],
    ["application/json", '{"plies": []}', /not NDJSON/],
    ["application/x-ndjson", lineError(1), /ended after 1 of 2 reviews/],
    ["application/x-ndjson", `${review(1)}{not json\n`, /a line is not JSON/],
    ["application/x-ndjson", `${review(1)}{"line": 2, "game": null}\n`, /not a BatchReview/],
    ["application/x-ndjson", verdict, /not a BatchReview/],
    ["application/x-ndjson", review(2) + lineError(1), /review 1 is not of line 1/],
    ["application/x-ndjson", review(1) + review(2) + review(3), /more reviews than the 2 lines/],
  ];
  for (const [media, body, message] of answers) {
    const odd = await standIn((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": media }).end(body));
    });
    try {
      const oddApi = new RegelwerkClient(odd.url);
      if (message === null) {
        // Both kinds of line, the last without its newline: whole.
        const lines: BatchReview[] = [];
        for await (const found of oddApi.analyzeBatch(twoLines)) lines.push(found);
        assert.deepEqual(
          lines.map((r) => [r.line, "error" in r]),
          [
            [1, false],
            [2, true],
          ],
        );
        continue;
      }
      const error = await failure(oddApi);
      assert.ok(error instanceof TransportError, String(error));
      assert.deepEqual([error.reason, error.status], ["bad-response", 200]);
      assert.match(error.message, message);
    } finally {
      await odd.close();
    }
  }
});
