// The GraphQL helper against the real /graphql: typed queries, automatic persisted queries
// (hash first, the text only when asked), over POST and GET, and typed errors.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";

import {
  GRAPHQL_RESPONSE_MEDIA,
  GraphQLRequestError,
  RegelwerkClient,
  sha256Hex,
  typedQuery,
  type State,
} from "@regelwerk/client";

import { GAMES, client, closedPortUrl, recordingFetch, standIn } from "./helpers.js";

type Games = { games: { id: string; minPlayers: number }[] };

/** A query text no server process has seen yet (so its hash is unknown there). */
function freshQuery(): string {
  return `# ${randomUUID()}\nquery Games { games { id minPlayers } }`;
}

interface PersistedBody {
  query?: string;
  extensions?: { persistedQuery?: { version: number; sha256Hash: string } };
}

function persistedOf(body: unknown): PersistedBody {
  assert.ok(typeof body === "object" && body !== null);
  return body as PersistedBody;
}

test("a typed query with variables; failures of the rules are union members", async () => {
  const api = client();
  const NEW = typedQuery<
    { newGame: { __typename: string; state?: State; toMove?: number[] } },
    { game: string; seed: string }
  >(`
    query New($game: String!, $seed: String) {
      newGame(game: $game, seed: $seed) {
        __typename
        ... on Position { state toMove }
      }
    }
  `);
  for (const game of GAMES) {
    const { newGame } = await api.graphql(NEW, { game, seed: "gql" });
    assert.equal(newGame.__typename, "Position");
    assert.equal(newGame.state?.game, game);
    const rest = await api.newGame(game, { seed: "gql" });
    assert.deepEqual(newGame.state, rest.state);
  }
  const { newGame } = await api.graphql(NEW, { game: "chess", seed: "gql" });
  assert.equal(newGame.__typename, "InvalidRequest");
});

test("persisted queries: the hash first, the text once on PERSISTED_QUERY_NOT_FOUND", async () => {
  const { fetch, sent } = recordingFetch();
  const api = client({ fetch });
  const query = typedQuery<Games>(freshQuery());
  const first = await api.graphql(query);
  assert.deepEqual(first.games.map((g) => g.id).sort(), [...GAMES].sort());
  const [byHash, withText, ...more] = sent;
  assert.ok(byHash !== undefined && withText !== undefined);
  assert.deepEqual(more, []);
  const hash = sha256Hex(query);
  assert.deepEqual(persistedOf(byHash.body), {
    extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
  });
  assert.equal(byHash.status, 400); // PERSISTED_QUERY_NOT_FOUND, a request error
  assert.equal(persistedOf(withText.body).query, query);
  assert.equal(persistedOf(withText.body).extensions?.persistedQuery?.sha256Hash, hash);
  assert.equal(withText.status, 200);
  for (const request of sent)
    assert.match(request.headers["accept"] ?? "", /graphql-response\+json/);

  const second = await api.graphql(query);
  assert.deepEqual(second, first);
  assert.equal(sent.length, 3);
  assert.equal(persistedOf(sent[2]?.body).query, undefined);
  assert.equal(sent[2]?.status, 200);
});

test("persisted queries over GET: a small URL, cacheable answers", async () => {
  const { fetch, sent } = recordingFetch();
  const api = client({ fetch });
  const query = typedQuery<Games>(freshQuery());
  await api.graphql(query, undefined, { method: "GET" });
  const again = await api.graphql(query, undefined, { method: "GET" });
  assert.equal(again.games.length, GAMES.length);
  assert.deepEqual(
    sent.map((s) => [s.method, s.status, new URL(s.url).searchParams.has("query")]),
    [
      ["GET", 400, false],
      ["GET", 200, true],
      ["GET", 200, false],
    ],
  );
  assert.equal(sent[2]?.answerHeaders.get("cache-control"), "public, max-age=300");
  assert.equal(sent[2]?.answerHeaders.get("content-type"), GRAPHQL_RESPONSE_MEDIA);
});

test("persisted: false sends the text at once", async () => {
  const { fetch, sent } = recordingFetch();
  const api = client({ fetch, persistedQueries: false });
  const { games } = await api.graphql(typedQuery<Games>(freshQuery()));
  assert.equal(games.length, GAMES.length);
  assert.equal(sent.length, 1);
  assert.deepEqual(Object.keys(persistedOf(sent[0]?.body)), ["query"]);
});

test("GraphQLRequestError: a document that does not validate", async () => {
  const { fetch, sent } = recordingFetch();
  const api = client({ fetch });
  try {
    await api.graphql(`query { games { id nonsense } } # ${randomUUID()}`);
    assert.fail("the query succeeded");
  } catch (error) {
    assert.ok(error instanceof GraphQLRequestError);
    assert.equal(error.code, "GRAPHQL");
    assert.equal(error.status, 400);
    assert.deepEqual(error.codes, ["GRAPHQL_VALIDATION_FAILED"]);
    assert.equal(error.data, undefined);
    assert.match(error.message, /nonsense/);
    assert.ok(error.errors[0]?.locations !== undefined);
  }
  assert.equal(sent.length, 2); // the hash, then the text that does not validate
});

test("GraphQLRequestError: variables of the wrong type, field errors with partial data", async () => {
  const api = client();
  const wrongType = await api
    .graphql(
      typedQuery<unknown, { seed: number }>(
        'query ($seed: String) { newGame(game: "mixtour", seed: $seed) { __typename } }',
      ),
      { seed: 7 },
    )
    .catch((error: unknown) => error);
  assert.ok(wrongType instanceof GraphQLRequestError);
  assert.deepEqual(wrongType.codes, ["BAD_USER_INPUT"]);

  const fieldError = await api
    .graphql('{ newGame(game: "mixtour") { ... on Position { toMove view(player: 7) } } }')
    .catch((error: unknown) => error);
  assert.ok(fieldError instanceof GraphQLRequestError);
  assert.equal(fieldError.status, 200);
  assert.deepEqual(fieldError.codes, ["INVALID_PLAYER"]);
  assert.deepEqual(fieldError.errors[0]?.path, ["newGame", "view"]);
  assert.ok(fieldError.data !== undefined);
});

test("TRANSPORT from the GraphQL helper too", async () => {
  const offline = new RegelwerkClient(await closedPortUrl());
  const error = await offline.graphql("{ games { id } }").catch((e: unknown) => e);
  assert.ok(error instanceof Error && "code" in error && error.code === "TRANSPORT");
});

test("a server without persisted queries gets the text, from then on at once", async () => {
  const bodies: PersistedBody[] = [];
  const server = await standIn((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(raw) as PersistedBody;
      bodies.push(body);
      response.writeHead(body.query === undefined ? 400 : 200, {
        "content-type": GRAPHQL_RESPONSE_MEDIA,
      });
      const error = { message: "no", extensions: { code: "PERSISTED_QUERY_NOT_SUPPORTED" } };
      response.end(JSON.stringify(body.query === undefined ? { errors: [error] } : { data: 1 }));
    });
  });
  try {
    const api = new RegelwerkClient(server.url);
    assert.equal(await api.graphql(typedQuery<number>("{ a }")), 1);
    assert.equal(await api.graphql(typedQuery<number>("{ b }")), 1);
    assert.deepEqual(
      bodies.map((b) => [b.query, b.extensions === undefined]),
      [
        [undefined, false],
        ["{ a }", true],
        ["{ b }", true],
      ],
    );
  } finally {
    await server.close();
  }
});
