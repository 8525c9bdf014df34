// The REST operations under /v1 (one method per operationId of schema/openapi.json) and the
// GraphQL helper, over one fetch-based transport.
import { ServiceError } from "./errors.js";
import {
  GraphQLTransport,
  type GraphQLCallOptions,
  type GraphQLVariables,
  type TypedQuery,
} from "./graphql.js";
import {
  badResponse,
  exchange,
  parseJson,
  type CallOptions,
  type Exchange,
  type FetchLike,
  type TransportSettings,
} from "./transport.js";
import type {
  ErrorBody,
  GameId,
  GameList,
  LegalMoves,
  LegalMovesBody,
  NewGameBody,
  PlayAnswer,
  PlayBody,
  Position,
  RenderBody,
  ReplayAnswer,
  ReplayBody,
  RestOperation,
  RouteOf,
  Score,
  ScoreBody,
  StateBody,
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
}

// Each route is checked by the compiler against the generated `paths`: the path and method
// must be the ones whose operation is the operationId named on the left.
const ROUTES = {
  listGames: ["get", "/v1/games"],
  newGame: ["post", "/v1/games/{game}/new"],
  getPosition: ["post", "/v1/games/{game}/position"],
  legalMoves: ["post", "/v1/games/{game}/legal-moves"],
  play: ["post", "/v1/games/{game}/play"],
  score: ["post", "/v1/games/{game}/score"],
  replay: ["post", "/v1/games/{game}/replay"],
  view: ["post", "/v1/games/{game}/view"],
  render: ["post", "/v1/games/{game}/render"],
} as const satisfies { [Op in RestOperation]: RouteOf<Op> };

const SVG_MEDIA = "image/svg+xml";

/** A typed client of one Regelwerk service: REST under /v1 and GraphQL at /graphql. */
export class RegelwerkClient {
  readonly baseUrl: string;
  private readonly transport: TransportSettings;
  private readonly graphqlTransport: GraphQLTransport;

  constructor(options: ClientOptions | string) {
    const settings = typeof options === "string" ? { baseUrl: options } : options;
    this.baseUrl = settings.baseUrl.replace(/\/+$/, "");
    const fetchImpl = settings.fetch ?? globalThis.fetch?.bind(globalThis);
    if (fetchImpl === undefined) {
      throw new TypeError("no fetch in this environment: pass options.fetch");
    }
    this.transport = {
      fetch: fetchImpl,
      headers: { ...settings.headers },
      timeoutMs: settings.timeoutMs ?? 0,
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

  /** `POST /v1/games/{game}/new`: a new game; with a seed the opening chance is sampled. */
  newGame<G extends GameId>(
    game: G,
    body: NewGameBody<G> = {},
    options?: CallOptions,
  ): Promise<Position<G>> {
    return this.call("newGame", game, body, options);
  }

  /** `POST /v1/games/{game}/position`: a state read back, validated, everything derived. */
  getPosition<G extends GameId>(
    game: G,
    body: StateBody<G>,
    options?: CallOptions,
  ): Promise<Position<G>> {
    return this.call("getPosition", game, body, options);
  }

  /** `POST /v1/games/{game}/legal-moves`: every legal move by notation and move document. */
  legalMoves<G extends GameId>(
    game: G,
    body: LegalMovesBody<G>,
    options?: CallOptions,
  ): Promise<LegalMoves<G>> {
    return this.call("legalMoves", game, body, options);
  }

  /** `POST /v1/games/{game}/play`: one move (`move`) or several (`moves`), with events. */
  play<G extends GameId>(
    game: G,
    body: PlayBody<G>,
    options?: CallOptions,
  ): Promise<PlayAnswer<G>> {
    return this.call("play", game, body, options);
  }

  /** `POST /v1/games/{game}/score`: scores, status, winners, reason and the breakdown. */
  score<G extends GameId>(game: G, body: ScoreBody<G>, options?: CallOptions): Promise<Score<G>> {
    return this.call("score", game, body, options);
  }

  /** `POST /v1/games/{game}/replay`: a game from its start; `keyId` picks the signing key. */
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

  private async call<T>(
    operation: RestOperation,
    game: GameId | undefined,
    body: object | undefined,
    options: CallOptions = {},
  ): Promise<T> {
    const [method, route] = ROUTES[operation];
    const path = game === undefined ? route : route.replace("{game}", encodeURIComponent(game));
    const url = this.baseUrl + path;
    const svg = operation === "render";
    const accept = svg ? `${SVG_MEDIA}, application/json;q=0.9` : "application/json";
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
    if (svg) {
      if (answer.contentType !== SVG_MEDIA) {
        throw badResponse(answer, url, `not SVG (${answer.contentType || "no content type"})`);
      }
      return answer.text as T;
    }
    return parseJson(answer, url) as T;
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

function isErrorBody(value: unknown): value is ErrorBody {
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
    error.details !== null
  );
}

/** The key id of a signed state (the part of its `sig` before the dot), for `replay`'s keyId. */
export function keyIdOf(state: { sig?: string }): string | undefined {
  const sig = state.sig;
  return sig === undefined ? undefined : sig.split(".", 1)[0];
}
