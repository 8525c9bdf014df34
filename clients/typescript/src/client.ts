// The REST operations under /v1 (one method per operationId of schema/openapi.json) and the
// GraphQL helper, over one fetch-based transport.
import { ServiceError, type ErrorObject } from "./errors.js";
import {
  GraphQLTransport,
  type GraphQLCallOptions,
  type GraphQLVariables,
  type TypedQuery,
} from "./graphql.js";
import {
  badResponse,
  checkedLanguage,
  exchange,
  exchangeStreamed,
  parseJson,
  type CallOptions,
  type Exchange,
  type FetchLike,
  type StreamedExchange,
  type TransportSettings,
} from "./transport.js";
import type {
  AnalyzeBatchLine,
  BatchGameReview,
  BatchLine,
  BatchLineError,
  BatchReview,
  BatchVerdict,
  CertificateBody,
  CertificateCheck,
  ContributeBody,
  GameId,
  GameList,
  GameRecordBody,
  LegalMoves,
  LegalMovesBody,
  NewGameAnswer,
  NextSteps,
  NextStepsBody,
  NewGameBody,
  PlayAnswer,
  PlayBody,
  Position,
  RenderBody,
  ReplayAnswer,
  ReplayBody,
  RestOperation,
  RouteOf,
  Rules,
  Score,
  ScoreBody,
  StateBody,
  SuggestAnswer,
  SuggestBody,
  EvaluateAnswer,
  EvaluateBody,
  AnalyzeAnswer,
  AnalyzeBody,
  VerifyAnswer,
  VerifyBody,
  ViewAnswer,
  ViewBody,
} from "./types.js";

/** How to reach the service. */
export interface ClientOptions {
  /** The service's origin, e.g. "http://127.0.0.1:8000" (without /v1). */
  baseUrl: string;
  /** Sent with every request (e.g. an X-Request-ID or an API gateway's key). */
  headers?: Record<string, string>;
  /** A fetch implementation; default: globalThis.fetch. */
  fetch?: FetchLike;
  /** Milliseconds before a call is aborted (TransportError "timeout"); 0 = none (default). */
  timeoutMs?: number;
  /** Where GraphQL is served, relative to baseUrl; default "/graphql". */
  graphqlPath?: string;
  /** Send a GraphQL query's hash before its text (automatic persisted queries); default true. */
  persistedQueries?: boolean;
  /**
   * The answers' language, sent as Accept-Language with every request (REST and GraphQL):
   * "de", "en", or a list such as "de-CH, en;q=0.5"; a call's `language` overrides it. Left
   * out, none is sent and the service answers in English, as it does for a language it lacks.
   */
  language?: string;
}

// Each route is checked by the compiler against the generated `paths`: the path and method
// must be the ones whose operation is the operationId named on the left.
const ROUTES = {
  listGames: ["get", "/v1/games"],
  getRules: ["get", "/v1/games/{game}/rules"],
  newGame: ["post", "/v1/games/{game}/new"],
  getPosition: ["post", "/v1/games/{game}/position"],
  legalMoves: ["post", "/v1/games/{game}/legal-moves"],
  nextSteps: ["post", "/v1/games/{game}/next-steps"],
  play: ["post", "/v1/games/{game}/play"],
  contribute: ["post", "/v1/games/{game}/contribute"],
  score: ["post", "/v1/games/{game}/score"],
  replay: ["post", "/v1/games/{game}/replay"],
  view: ["post", "/v1/games/{game}/view"],
  render: ["post", "/v1/games/{game}/render"],
  suggest: ["post", "/v1/games/{game}/suggest"],
  evaluate: ["post", "/v1/games/{game}/evaluate"],
  analyze: ["post", "/v1/games/{game}/analyze"],
  verify: ["post", "/v1/games/{game}/verify"],
  record: ["post", "/v1/games/{game}/record"],
  verifyBatch: ["post", "/v1/verify"],
  analyzeBatch: ["post", "/v1/analyze"],
  checkCertificate: ["post", "/v1/certificates"],
} as const satisfies { [Op in RestOperation]: RouteOf<Op> };

// The answers that are not JSON: render's SVG, record's text.
const TEXT_ANSWERS: Partial<Record<RestOperation, string>> = {
  render: "image/svg+xml",
  record: "text/plain",
};
const NDJSON = "application/x-ndjson";

/**
 * How many lines of a batch go in one request. fetch may send a whole request before it reads
 * the answer (browsers do), while the service answers each line as soon as it is verified (or
 * reviewed): the answers of one request must fit the connection's buffers until it is sent.
 */
export const LINES_PER_REQUEST = 256;

/** Options of `verifyBatch` and `analyzeBatch`: those of every call (the timeout is per
 * request) and the parts. */
export interface BatchOptions extends CallOptions {
  /** Lines per request (default LINES_PER_REQUEST); `line` still counts the whole batch. */
  linesPerRequest?: number;
}

/** A typed client of one Regelwerk service: REST under /v1 and GraphQL at /graphql. */
export class RegelwerkClient {
  readonly baseUrl: string;
  /** The language every request asks for unless its call names one (undefined: none). */
  readonly language: string | undefined;
  private readonly transport: TransportSettings;
  private readonly graphqlTransport: GraphQLTransport;

  constructor(options: ClientOptions | string) {
    const settings = typeof options === "string" ? { baseUrl: options } : options;
    this.baseUrl = settings.baseUrl.replace(/\/+$/, "");
    const fetchImpl = settings.fetch ?? globalThis.fetch?.bind(globalThis);
    if (fetchImpl === undefined) {
      throw new TypeError("no fetch in this environment: pass options.fetch");
    }
    this.language =
      settings.language === undefined ? undefined : checkedLanguage(settings.language);
    this.transport = {
      fetch: fetchImpl,
      headers: { ...settings.headers },
      timeoutMs: settings.timeoutMs ?? 0,
      language: this.language,
    };
    this.graphqlTransport = new GraphQLTransport(
      this.transport,
      this.baseUrl + (settings.graphqlPath ?? "/graphql"),
      settings.persistedQueries ?? true,
    );
  }

  /** `GET /v1/games`: every game with its players, flags and options (defaults, ranges). */
  listGames(options?: CallOptions): Promise<GameList> {
    return this.call("listGames", undefined, undefined, options);
  }

  /**
   * `GET /v1/games/{game}/rules`: the game's rules, rule by rule (`id` as refusals name it,
   * `text` Markdown), in the language asked for when they are written in it, else English;
   * `language` in the answer says which.
   */
  rules<G extends GameId>(game: G, options?: CallOptions): Promise<Rules<G>> {
    return this.call("getRules", game, undefined, options);
  }

  /** `POST /v1/games/{game}/new`: a new game and its events; with a seed the opening chance
   * is sampled. */
  newGame<G extends GameId>(
    game: G,
    body: NewGameBody<G> = {},
    options?: CallOptions,
  ): Promise<NewGameAnswer<G>> {
    return this.call("newGame", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/position`: a state read back, validated, everything derived; with
   * `describe: true` also its `prompt` (what it asks of whom) and `promptMessage`.
   */
  getPosition<G extends GameId>(
    game: G,
    body: StateBody<G>,
    options?: CallOptions,
  ): Promise<Position<G>> {
    return this.call("getPosition", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/legal-moves`: every legal move by notation and move document; with
   * `describe: true` each move's `description` and `descriptionMessage`, and the `prompt`.
   */
  legalMoves<G extends GameId>(
    game: G,
    body: LegalMovesBody<G>,
    options?: CallOptions,
  ): Promise<LegalMoves<G>> {
    return this.call("legalMoves", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/next-steps`: a turn built step by step. Send the `steps` chosen so
   * far (notations, or the `move` documents offered); get the legal next steps, each with its
   * move document, `canEnd`, and once it may end the whole `turn`, which `play` takes. A
   * refused step is a ServiceError (ILLEGAL_MOVE…) whose `details.step` is its index.
   */
  nextSteps<G extends GameId>(
    game: G,
    body: NextStepsBody<G>,
    options?: CallOptions,
  ): Promise<NextSteps<G>> {
    return this.call("nextSteps", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/play`: one move (`move`) or several (`moves`), with events; with
   * `describe: true` each event's `description` and the position's `prompt`.
   */
  play<G extends GameId>(
    game: G,
    body: PlayBody<G>,
    options?: CallOptions,
  ): Promise<PlayAnswer<G>> {
    return this.call("play", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/contribute`: a seat's `contribution` (`null` or left out: none) to a
   * fair game started open (`newGame(game, {seed, fair: {open: true}})`), for a seat its
   * state's `fair.awaiting` lists; the last one awaited draws the opening chance (its
   * `events`). A seat not awaited is refused: NOT_YOUR_TURN, `details.reason` NOT_AWAITED.
   */
  contribute<G extends GameId>(
    game: G,
    body: ContributeBody<G>,
    options?: CallOptions,
  ): Promise<PlayAnswer<G>> {
    return this.call("contribute", game, body, options);
  }

  /** `POST /v1/games/{game}/score`: scores, status, winners, reason and the breakdown. */
  score<G extends GameId>(game: G, body: ScoreBody<G>, options?: CallOptions): Promise<Score<G>> {
    return this.call("score", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/replay`: a game from its start (`keyId` picks the signing key), or
   * from its text record (`{record}`; its Result is not checked: `verify` does that).
   */
  replay<G extends GameId>(
    game: G,
    body: ReplayBody<G>,
    options?: CallOptions,
  ): Promise<ReplayAnswer<G>> {
    return this.call("replay", game, body, options);
  }

  /** `POST /v1/games/{game}/view`: what one player may see. */
  view<G extends GameId>(
    game: G,
    body: ViewBody<G>,
    options?: CallOptions,
  ): Promise<ViewAnswer<G>> {
    return this.call("view", game, body, options);
  }

  /** `POST /v1/games/{game}/render`: the position as SVG text (`data-` names on locations). */
  render<G extends GameId>(game: G, body: RenderBody<G>, options?: CallOptions): Promise<string> {
    return this.call("render", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/suggest`: the reference bot's move for `player` (default: the first
   * to move), found by Monte Carlo tree search of `budget` iterations (default 100, at most
   * the service's SUGGEST_MAX_BUDGET), or of a strength `level` instead ("easy" 10, "medium"
   * 50, "strong" SUGGEST_MAX_BUDGET), stopped after `budgetMs` milliseconds of wall-clock
   * time at the latest (alone: as many iterations as SUGGEST_MAX_BUDGET allows). The same
   * state, player, `seed` and `budget` give the same answer (with `budgetMs`, only when
   * `stats.timeLimited` is false). Refused: a finished game
   * (GAME_OVER), a pending throw or a player not to move (NOT_YOUR_TURN, `details.reason`
   * CHANCE_NODE or NOT_TO_MOVE).
   */
  suggest<G extends GameId>(
    game: G,
    body: SuggestBody<G>,
    options?: CallOptions,
  ): Promise<SuggestAnswer<G>> {
    return this.call("suggest", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/evaluate`: what the position is worth to every player (`values`:
   * mean return 0 to 1, its 95% interval, the mean score), by the reference bot's search from
   * `player`'s information (default: the first to move), with suggest's budgets (`budget`,
   * `level`, `budgetMs`); `best` is the move found best when that player is to move. A
   * finished game is valued exactly; the same state, player, seed and budget give the same
   * answer, kept in the service's cache.
   */
  evaluate<G extends GameId>(
    game: G,
    body: EvaluateBody<G>,
    options?: CallOptions,
  ): Promise<EvaluateAnswer<G>> {
    return this.call("evaluate", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/verify`: replays the game (its moves, or its text record `{record}`)
   * and compares the `claimed` scores and winners. What is wrong with the game is a problem of
   * the verdict (`valid` false), not an error; with a RULES_SECRET a valid one is certified.
   * `history`: a fair game's states as the service answered them; one its moves do not pass
   * through is a FORKED problem (the game branched there).
   */
  verify<G extends GameId>(
    game: G,
    body: VerifyBody<G>,
    options?: CallOptions,
  ): Promise<VerifyAnswer<G>> {
    return this.call("verify", game, body, options);
  }

  /**
   * `POST /v1/games/{game}/analyze`: a review of the game (its moves, or its text record
   * `{record}`): every decision's value before and after, what it gave up, its mark and the
   * best moves found; every chance event's luck; each player's result as start + skill + luck;
   * and `annotated`, the record with the review as comments. `budget`: search iterations a
   * position; `analysisSeed`: the same game, budget and seed give the same review.
   */
  analyze<G extends GameId>(
    game: G,
    body: AnalyzeBody<G>,
    options?: CallOptions,
  ): Promise<AnalyzeAnswer> {
    return this.call("analyze", game, body, options);
  }

  /** `POST /v1/games/{game}/record`: the game as a text record (tags, numbered moves). */
  record<G extends GameId>(
    game: G,
    body: GameRecordBody<G>,
    options?: CallOptions,
  ): Promise<string> {
    return this.call("record", game, body, options);
  }

  /**
   * `POST /v1/verify`: verifies many games, each line a verify body with its `game`; yields
   * one verdict per line, in order, as the service sends them. A line that cannot be
   * verified is an invalid verdict with that error's code. The lines are read as they are
   * sent, `linesPerRequest` to a request.
   */
  async *verifyBatch(
    lines: Iterable<BatchLine> | AsyncIterable<BatchLine>,
    options: BatchOptions = {},
  ): AsyncGenerator<BatchVerdict, void, undefined> {
    yield* this.batch<BatchVerdict>(VERDICTS, lines, options);
  }

  /**
   * `POST /v1/analyze`: reviews many games, each line an analyze body with its `game` (its
   * moves, or its text record `{game, record}`, each with its `budget` and `analysisSeed`);
   * yields one BatchReview per line, in order, as the service sends them: analyze's answer
   * with the `line` and `game`, or for a line without a review (an unknown game, an illegal
   * move, a record that does not read) its `error`, the one a single `analyze` is refused
   * with. The lines are read as they are sent, `linesPerRequest` to a request.
   */
  async *analyzeBatch(
    lines: Iterable<AnalyzeBatchLine> | AsyncIterable<AnalyzeBatchLine>,
    options: BatchOptions = {},
  ): AsyncGenerator<BatchReview, void, undefined> {
    yield* this.batch<BatchReview>(REVIEWS, lines, options);
  }

  /**
   * `POST /v1/certificates`: whether this service signed the certificate and, with the
   * record's text, that it is that record's (problems BAD_SIGNATURE, DIGEST_DIFFERS…).
   */
  checkCertificate(body: CertificateBody, options?: CallOptions): Promise<CertificateCheck> {
    return this.call("checkCertificate", undefined, body, options);
  }

  /**
   * Runs a GraphQL query; resolves to its `data`, throws GraphQLRequestError when the answer
   * carries `errors`. With persisted queries (the default) the hash goes first and the text
   * only when the service asks for it.
   */
  graphql<TData = unknown, TVariables extends GraphQLVariables = GraphQLVariables>(
    query: TypedQuery<TData, TVariables>,
    variables?: TVariables,
    options: GraphQLCallOptions = {},
  ): Promise<TData> {
    return this.graphqlTransport.run<TData>(query, variables, options);
  }

  private async *batch<T extends { line: number }>(
    kind: BatchKind,
    lines: Iterable<object> | AsyncIterable<object>,
    options: BatchOptions,
  ): AsyncGenerator<T, void, undefined> {
    const { linesPerRequest = LINES_PER_REQUEST, ...call } = options;
    const url = this.baseUrl + ROUTES[kind.operation][1];
    for await (const part of batchParts(lines, linesPerRequest, kind)) {
      const request = {
        method: "POST" as const,
        headers: { accept: `${NDJSON}, application/json;q=0.9`, "content-type": NDJSON },
        body: part.text,
      };
      yield* exchangeStreamed(this.transport, url, request, call, (answer) =>
        batchAnswers<T>(answer, part, url, kind),
      );
    }
  }

  private async call<T>(
    operation: RestOperation,
    game: GameId | undefined,
    body: object | undefined,
    options: CallOptions = {},
  ): Promise<T> {
    const [method, route] = ROUTES[operation];
    const path = game === undefined ? route : route.replace("{game}", encodeURIComponent(game));
    const url = this.baseUrl + path;
    const media = TEXT_ANSWERS[operation];
    const accept = media === undefined ? "application/json" : `${media}, application/json;q=0.9`;
    const request =
      method === "get"
        ? { method: "GET" as const, headers: { accept } }
        : {
            method: "POST" as const,
            headers: { accept, "content-type": "application/json" },
            body: JSON.stringify(body ?? {}),
          };
    const answer = await exchange(this.transport, url, request, options);
    if (answer.status < 200 || answer.status > 299) throw refusal(answer, url);
    if (media !== undefined) {
      if (answer.contentType !== media) {
        const expected = media === "image/svg+xml" ? "SVG" : media;
        throw badResponse(
          answer,
          url,
          `not ${expected} (${answer.contentType || "no content type"})`,
        );
      }
      return answer.text as T;
    }
    return parseJson(answer, url) as T;
  }
}

// -- batches -----------------------------------------------------------------------------

/** Consecutive lines of a batch, sent as one request; `first` is its first line's number. */
interface BatchPart {
  first: number;
  count: number;
  text: string;
}

/** A batch operation: what a line of its request is, and what a line of its answer is (one of
 * `shapes`, each the keys of an answer line, every key present). */
interface BatchKind {
  operation: "verifyBatch" | "analyzeBatch";
  /** What each request line is, for the TypeError of one that is not. */
  lineIs: string;
  /** The answer lines' type, and what a message calls one. */
  name: string;
  noun: string;
  shapes: readonly (readonly string[])[];
}

// The keys of each kind of answer line (the compiler holds each object to its type's keys).
const VERDICT_KEYS = Object.keys({
  line: true,
  game: true,
  valid: true,
  problems: true,
  plies: true,
  status: true,
  scores: true,
  winners: true,
  certificate: true,
} satisfies { [K in keyof BatchVerdict]-?: true });
const REVIEW_KEYS = Object.keys({
  line: true,
  game: true,
  plies: true,
  players: true,
  stats: true,
  annotated: true,
} satisfies { [K in keyof BatchGameReview]-?: true });
const LINE_ERROR_KEYS = Object.keys({
  line: true,
  game: true,
  error: true,
} satisfies { [K in keyof BatchLineError]-?: true });

const VERDICTS: BatchKind = {
  operation: "verifyBatch",
  lineIs: "a verify body with its game",
  name: "BatchVerdict",
  noun: "verdict",
  shapes: [VERDICT_KEYS],
};
const REVIEWS: BatchKind = {
  operation: "analyzeBatch",
  lineIs: "an analyze body with its game",
  name: "BatchReview",
  noun: "review",
  shapes: [REVIEW_KEYS, LINE_ERROR_KEYS],
};

async function* batchParts(
  lines: Iterable<object> | AsyncIterable<object>,
  size: number,
  kind: BatchKind,
): AsyncGenerator<BatchPart, void, undefined> {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`linesPerRequest is a whole number from 1, got ${size}`);
  }
  let first = 1;
  let part: string[] = [];
  for await (const line of lines) {
    if (typeof line !== "object" || line === null || Array.isArray(line)) {
      throw new TypeError(`batch line ${first + part.length} is not ${kind.lineIs}`);
    }
    // One line whatever the values hold: JSON.stringify escapes line feeds inside strings.
    part.push(`${JSON.stringify(line)}\n`);
    if (part.length === size) {
      yield { first, count: size, text: part.join("") };
      first += size;
      part = [];
    }
  }
  if (part.length > 0) yield { first, count: part.length, text: part.join("") };
}

/** A part's answer lines (verdicts, reviews) as they arrive: one per line sent, in order,
 * numbered in the batch. */
async function* batchAnswers<T extends { line: number }>(
  answer: StreamedExchange,
  part: BatchPart,
  url: string,
  kind: BatchKind,
): AsyncGenerator<T, void, undefined> {
  const ok = answer.status >= 200 && answer.status <= 299;
  if (!ok || answer.contentType !== NDJSON) {
    let text = "";
    for await (const chunk of answer.chunks) text += chunk;
    const whole = { status: answer.status, contentType: answer.contentType, text };
    if (!ok) throw refusal(whole, url);
    throw badResponse(whole, url, `not NDJSON (${answer.contentType || "no content type"})`);
  }
  let read = 0;
  const answerLine = (text: string): T => {
    const bad = (what: string, cause?: unknown): Error =>
      badResponse(
        { status: answer.status, contentType: answer.contentType, text },
        url,
        what,
        cause,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      throw bad("a line is not JSON", cause);
    }
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      !kind.shapes.some((keys) => keys.every((k) => k in parsed))
    ) {
      throw bad(`a line is not a ${kind.name}`);
    }
    const found = parsed as T;
    read += 1;
    if (read > part.count) throw bad(`more ${kind.noun}s than the ${part.count} lines sent`);
    if (found.line !== read) throw bad(`${kind.noun} ${read} is not of line ${read}`);
    return { ...found, line: part.first + read - 1 };
  };
  // Split at line feeds only: an answer's text may hold U+2028, which is no line end here.
  let pending = "";
  for await (const chunk of answer.chunks) {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") yield answerLine(line);
  }
  if (pending.trim() !== "") yield answerLine(pending);
  if (read !== part.count) {
    const whole = { status: answer.status, contentType: answer.contentType, text: "" };
    throw badResponse(whole, url, `the answer ended after ${read} of ${part.count} ${kind.noun}s`);
  }
}

/** The service's refusal as a ServiceError, or a TransportError for anything else. */
function refusal(answer: Exchange, url: string): Error {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch (cause) {
    return badResponse(answer, url, `not JSON (${answer.contentType || "no content type"})`, cause);
  }
  if (!isErrorBody(parsed)) return badResponse(answer, url, "not a Regelwerk error answer");
  return new ServiceError(answer.status, parsed.error);
}

function isErrorBody(value: unknown): value is { error: ErrorObject } {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = value.error;
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    "message" in error &&
    typeof error.message === "string" &&
    "details" in error &&
    typeof error.details === "object" &&
    error.details !== null &&
    (!("messageId" in error) || typeof error.messageId === "string") &&
    (!("args" in error) || (typeof error.args === "object" && error.args !== null))
  );
}

/** The key id of a signed state (the part of its `sig` before the dot), for `replay`'s keyId. */
export function keyIdOf(state: { sig?: string }): string | undefined {
  const sig = state.sig;
  return sig === undefined ? undefined : sig.split(".", 1)[0];
}
