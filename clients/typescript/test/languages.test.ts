// German and English against the real server: the client's `language` and a call's, refusals
// worded in the language asked for with the same messageId and args in both, the rules in
// either language, and English for a language the service does not have.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  GraphQLRequestError,
  RegelwerkClient,
  ServiceError,
  TransportError,
  typedQuery,
  type FetchLike,
  type Language,
  type MessageArgs,
  type Rules,
  type State,
} from "@regelwerk/client";

import { GAMES, client, recordingFetch, serviceUrl } from "./helpers.js";

// A Mixtour state with three problems the catalog words in both languages.
const BROKEN = {
  game: "mixtour",
  v: 1,
  board: { c3: "wq" },
  supply: [19],
  toMove: 0,
} as unknown as State<"mixtour">;

async function refusal(call: Promise<unknown>): Promise<ServiceError> {
  const error = await call.then(
    () => assert.fail("the call succeeded"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ServiceError, String(error));
  return error;
}

/** An illegal second move (its message nested in another's args) and a broken state. */
async function refused(
  api: RegelwerkClient,
  language?: string,
): Promise<{ move: ServiceError; broken: ServiceError }> {
  const options = language === undefined ? {} : { language };
  const { state } = await api.newGame("mixtour");
  return {
    move: await refusal(api.play("mixtour", { state, moves: ["a1", "a1"] }, options)),
    broken: await refusal(api.getPosition("mixtour", { state: BROKEN }, options)),
  };
}

/** What stays the same in every language. */
function wire(error: ServiceError): unknown {
  const problems = (error.details.problems ?? []).map((p) => [p.path, p.messageId, p.args]);
  return [error.code, error.messageId, error.args, error.details.ply, problems];
}

test("German refusals have the English messageId and args", async () => {
  const english = await refused(client());
  const german = await refused(client({ language: "de" }));
  assert.equal(english.move.message, "move 2: a1 is not empty");
  assert.match(german.move.message, /^Zug 2: .*a1/);
  assert.equal(english.move.details.ply, 1); // a ply counts from 0, the messages' moves from 1
  const args: MessageArgs = {
    move: 2,
    error: { messageId: "mixtour-square-occupied", args: { square: "a1" } },
  };
  assert.deepEqual([english.move.messageId, english.move.args], ["error-at-move", args]);
  assert.deepEqual(wire(german.move), wire(english.move));
  assert.deepEqual(german.move.details, english.move.details); // reason, rule, ply

  assert.deepEqual(
    [english.broken.code, english.broken.messageId, english.broken.args],
    ["INVALID_STATE", "error-invalid-state", { count: 3 }],
  );
  assert.deepEqual(wire(german.broken), wire(english.broken));
  assert.notEqual(german.broken.message, english.broken.message);
  const reasons = (error: ServiceError) => (error.details.problems ?? []).map((p) => p.reason);
  const pairs = reasons(english.broken).map((reason, n) => [reason, reasons(german.broken)[n]]);
  assert.ok(pairs.length === 3 && pairs.every(([en, de]) => en !== de), JSON.stringify(pairs));
});

test("a call's language overrides the client's", async () => {
  const german = client({ language: "de" });
  const english = client();
  assert.equal(german.language, "de");
  assert.equal(english.language, undefined);
  assert.equal((await refused(german, "en")).move.message, (await refused(english)).move.message);
  assert.equal((await refused(english, "de")).move.message, (await refused(german)).move.message);
  assert.equal((await german.rules("mixtour", { language: "en" })).language, "en");
  assert.equal((await english.rules("mixtour", { language: "de" })).language, "de");
});

test("a language the service lacks is answered in English; a list in its best", async () => {
  const english = client();
  for (const language of ["fr", "tlh", "*", "en-US"]) {
    const other = client({ language });
    const [theirs, ours] = [await refused(other), await refused(english)];
    assert.equal(theirs.move.message, ours.move.message, language);
    assert.deepEqual(wire(theirs.move), wire(ours.move));
    assert.deepEqual(await other.rules("te-trix"), await english.rules("te-trix"));
  }
  const listed = client({ language: "fr-CH, fr;q=0.9, de;q=0.5" });
  assert.equal((await listed.rules("mixtour")).language, "de");
  assert.match((await refused(listed)).move.message, /^Zug 2: /);
});

test("the rules of every game in both languages", async () => {
  const api = client();
  for (const game of GAMES) {
    const english: Rules<typeof game> = await api.rules(game);
    const german = await api.rules(game, { language: "de" });
    const languages: Language[] = [english.language, german.language];
    assert.deepEqual([english.game, german.game, ...languages], [game, game, "en", "de"]);
    const ids = english.rules.map((rule) => rule.id);
    assert.ok(ids.length > 0);
    assert.deepEqual(
      german.rules.map((rule) => rule.id),
      ids,
    );
    assert.ok([...english.rules, ...german.rules].every((rule) => rule.text !== ""));
    assert.notDeepEqual(
      english.rules.map((rule) => rule.text),
      german.rules.map((rule) => rule.text),
    );
  }
  const unknown = await refusal(client({ language: "de" }).rules("chess" as "mixtour"));
  assert.deepEqual([unknown.code, unknown.status], ["UNKNOWN_GAME", 404]);
});

test("the games' words in German", async () => {
  const api = client();
  const [english, german] = [await api.listGames(), await api.listGames({ language: "de" })];
  const [mixtourEn, mixtourDe] = [english.games[0], german.games[0]];
  assert.ok(mixtourEn?.id === "mixtour" && mixtourDe?.id === "mixtour");
  assert.deepEqual(
    [mixtourEn.playerNames, mixtourDe.playerNames],
    [
      ["White", "Blue"],
      ["Weiß", "Blau"],
    ],
  );
  assert.deepEqual(
    [mixtourEn.options.pointsToWin.title, mixtourDe.options.pointsToWin.title],
    ["Points to win", "Punkte zum Sieg"],
  );
  english.games.forEach((game, n) => {
    const worded = german.games[n];
    assert.ok(worded !== undefined && worded.id === game.id);
    assert.equal(worded.playerNames.length, game.maxPlayers);
    assert.deepEqual(Object.keys(worded.options), Object.keys(game.options));
  });
});

test("described legal moves in German: German descriptions and a prompt", async () => {
  const api = client({ language: "de" });
  const { state } = await api.newGame("mixtour");
  const lean = await api.legalMoves("mixtour", { state });
  const german = await api.legalMoves("mixtour", { state, describe: true });
  const english = await api.legalMoves("mixtour", { state, describe: true }, { language: "en" });
  assert.ok(lean.prompt === undefined && lean.moves.every((m) => m.description === undefined));
  assert.deepEqual(
    german.moves.map((m) => m.notation),
    lean.moves.map((m) => m.notation),
  );
  const [first] = german.moves;
  assert.deepEqual(
    [first?.notation, first?.description, first?.descriptionMessage],
    [
      "a1",
      "Weiß setzt einen Stein auf a1",
      { messageId: "mixtour-place", args: { player: 0, square: "a1" } },
    ],
  );
  assert.equal(german.prompt, "Weiß ist am Zug: einen Stein einsetzen");
  assert.deepEqual(german.promptMessage, {
    messageId: "mixtour-prompt-place",
    args: { player: 0 },
  });
  // Only the words differ: the same messages in English.
  assert.equal(english.prompt, "White to move: place a piece");
  assert.deepEqual(english.promptMessage, german.promptMessage);
  assert.deepEqual(
    english.moves.map((m) => m.descriptionMessage),
    german.moves.map((m) => m.descriptionMessage),
  );
  english.moves.forEach((m, n) => assert.notEqual(m.description, german.moves[n]?.description));
});

test("a described play and position in German", async () => {
  const api = client({ language: "de" });
  const { state } = await api.newGame("mixtour");
  const played = await api.play("mixtour", { state, moves: ["a1", "b1"], describe: true });
  const position = await api.getPosition("mixtour", { state: played.state, describe: true });
  const lean = await api.play("mixtour", { state, move: "a1" });
  assert.deepEqual(
    played.events.map((e) => e.description),
    ["Weiß setzt einen Stein auf a1", "Blau setzt einen Stein auf b1"],
  );
  const prompt = "Weiß ist am Zug: einen Stein einsetzen oder einen Stapel ziehen";
  assert.deepEqual([played.prompt, position.prompt], [prompt, prompt]);
  const asked = { messageId: "mixtour-prompt-place-or-move", args: { player: 0 } };
  assert.deepEqual([played.promptMessage, position.promptMessage], [asked, asked]);
  assert.ok(lean.prompt === undefined && lean.events.every((e) => e.description === undefined));
});

const PLAY = typedQuery<
  {
    play: {
      __typename: string;
      code?: string;
      message?: string;
      messageId?: string;
      args?: MessageArgs;
    };
    rules: { __typename: string; language?: string };
  },
  { state: State<"mixtour">; moves: string[] }
>(`query Play($state: JSON!, $moves: [JSON!]!) {
  play(game: "mixtour", state: $state, moves: $moves) {
    __typename ... on MoveRejected { code message messageId args }
  }
  rules(game: "mixtour") { __typename ... on Rules { language } }
}`);

test("GraphQL in the client's language or the call's", async () => {
  const api = client({ language: "de" });
  const { state } = await api.newGame("mixtour");
  const german = await api.graphql(PLAY, { state, moves: ["a1", "a1"] });
  const english = await api.graphql(PLAY, { state, moves: ["a1", "a1"] }, { language: "en" });
  assert.match(german.play.message ?? "", /^Zug 2: /);
  assert.equal(english.play.message, "move 2: a1 is not empty");
  assert.deepEqual({ ...german.play, message: undefined }, { ...english.play, message: undefined });
  assert.deepEqual([german.rules.language, english.rules.language], ["de", "en"]);

  const fieldError = await api
    .graphql('{ newGame(game: "mixtour") { ... on Position { view(player: 7) } } }')
    .catch((e: unknown) => e);
  assert.ok(fieldError instanceof GraphQLRequestError);
  assert.deepEqual(fieldError.codes, ["INVALID_PLAYER"]);
  assert.equal(fieldError.messageId, fieldError.errors[0]?.extensions?.messageId);
  assert.ok(fieldError.messageId !== undefined);
});

test("verdicts' problems in the batch's language", async () => {
  const api = client({ language: "de" });
  const lines = [{ game: "mixtour" as const, moves: ["a1", "a1"] }];
  const messages = async (language?: string) => {
    const found: string[] = [];
    const options = language === undefined ? {} : { language };
    for await (const verdict of api.verifyBatch(lines, options)) {
      found.push(...verdict.problems.map((p) => p.message));
    }
    return found;
  };
  const [german, english] = [await messages(), await messages("en")];
  assert.equal(german.length, 1);
  assert.notDeepEqual(german, english);
});

test("reviews' line errors in the batch's language", async () => {
  const api = client({ language: "de" });
  const lines = [{ game: "chess" as "mixtour", moves: [] }];
  const errors = async (language?: string) => {
    const found: { code: string; message: string; messageId: string }[] = [];
    const options = language === undefined ? {} : { language };
    for await (const review of api.analyzeBatch(lines, options)) {
      assert.ok("error" in review);
      const { code, message, messageId } = review.error;
      found.push({ code, message, messageId });
    }
    return found;
  };
  const [german, english] = [await errors(), await errors("en")];
  assert.equal(german.length, 1);
  assert.deepEqual(
    [german[0]?.code, german[0]?.messageId],
    [english[0]?.code, english[0]?.messageId],
  );
  assert.notEqual(german[0]?.message, english[0]?.message);
});

test("what is sent: Accept-Language from the client or the call, in place of a header's", async () => {
  const { fetch, sent } = recordingFetch();
  const api = client({ fetch, language: "de", headers: { "Accept-Language": "en" } });
  await api.listGames();
  await api.listGames({ language: "en-GB, en;q=0.5" });
  await api.graphql("{ games { id } }", undefined, { persisted: false });
  await client({ fetch }).listGames();
  const languages = sent.map((s) =>
    Object.entries(s.headers)
      .filter(([name]) => name.toLowerCase() === "accept-language")
      .map(([, value]) => value),
  );
  assert.deepEqual(languages, [["de"], ["en-GB, en;q=0.5"], ["de"], []]);
});

test("a language that is no header value is refused before anything is sent", async () => {
  const { fetch, sent } = recordingFetch();
  for (const language of ["", "  ", "de\r\nX-Evil: 1", "Deutsch ü"]) {
    assert.throws(() => new RegelwerkClient({ baseUrl: serviceUrl(), language }), RangeError);
    await assert.rejects(client({ fetch }).listGames({ language }), RangeError);
  }
  assert.equal(sent.length, 0);
});

test("errors of the client's own, or of an older service, have no messageId", async () => {
  const old: FetchLike = async () =>
    new Response(JSON.stringify({ error: { code: "GAME_OVER", message: "m", details: {} } }), {
      status: 422,
      headers: { "content-type": "application/json" },
    });
  const error = await refusal(
    new RegelwerkClient({ baseUrl: "http://old.test", fetch: old }).listGames(),
  );
  assert.deepEqual(
    [error.code, error.message, error.messageId, error.args],
    ["GAME_OVER", "m", undefined, {}],
  );
  const offline: FetchLike = async () => {
    throw new TypeError("fetch failed");
  };
  const transport = await new RegelwerkClient({ baseUrl: "http://off.test", fetch: offline })
    .listGames()
    .catch((e: unknown) => e);
  assert.ok(transport instanceof TransportError);
  assert.deepEqual([transport.messageId, transport.args], [undefined, {}]);
});
