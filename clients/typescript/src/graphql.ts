// GraphQL over HTTP with automatic persisted queries (Apollo's protocol, version 1): send the
// query's sha256 first; on PERSISTED_QUERY_NOT_FOUND send the text with the hash once, after
// which the service (that process, or every replica through Redis) knows the hash.
import { GraphQLRequestError, type GraphQLErrorEntry } from "./errors.js";
import { sha256Hex } from "./sha256.js";
import {
  badResponse,
  exchange,
  parseJson,
  type CallOptions,
  type TransportSettings,
} from "./transport.js";

/** GraphQL variables: a JSON object. */
export type GraphQLVariables = Record<string, unknown>;

declare const queryTypes: unique symbol;

/** A query text that carries its answer's `data` type and its variables' type. */
export type TypedQuery<TData, TVariables extends GraphQLVariables = GraphQLVariables> = string & {
  readonly [queryTypes]?: { data: TData; variables: TVariables };
};

/** Gives a fixed query text the types of its `data` and its variables. */
export function typedQuery<TData, TVariables extends GraphQLVariables = GraphQLVariables>(
  text: string,
): TypedQuery<TData, TVariables> {
  return text as TypedQuery<TData, TVariables>;
}

/** Options of one GraphQL call. */
export interface GraphQLCallOptions extends CallOptions {
  /** POST (default) or GET; a successful GET may be cached by browsers and proxies. */
  method?: "GET" | "POST";
  /** Send the hash first (default: the client's `persistedQueries`). */
  persisted?: boolean;
  /** Which operation of the document to run. */
  operationName?: string;
}

interface GraphQLRequest {
  query?: string;
  variables?: GraphQLVariables;
  operationName?: string;
  extensions?: { persistedQuery: { version: 1; sha256Hash: string } };
}

export const GRAPHQL_RESPONSE_MEDIA = "application/graphql-response+json";
const MAX_REMEMBERED_HASHES = 256;

/** Runs GraphQL operations against one endpoint. */
export class GraphQLTransport {
  private readonly hashes = new Map<string, string>();
  private persistedSupported = true;

  constructor(
    private readonly settings: TransportSettings,
    private readonly url: string,
    private readonly persistedByDefault: boolean,
  ) {}

  async run<TData>(
    query: string,
    variables: GraphQLVariables | undefined,
    options: GraphQLCallOptions,
  ): Promise<TData> {
    const base: GraphQLRequest = {};
    if (variables !== undefined) base.variables = variables;
    if (options.operationName !== undefined) base.operationName = options.operationName;
    if (!(options.persisted ?? this.persistedByDefault) || !this.persistedSupported) {
      return this.send<TData>({ ...base, query }, options);
    }
    const extensions = { persistedQuery: { version: 1 as const, sha256Hash: this.hash(query) } };
    try {
      return await this.send<TData>({ ...base, extensions }, options);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError) || error.data !== undefined) throw error;
      if (error.codes.includes("PERSISTED_QUERY_NOT_FOUND")) {
        return this.send<TData>({ ...base, query, extensions }, options);
      }
      if (error.codes.includes("PERSISTED_QUERY_NOT_SUPPORTED")) {
        this.persistedSupported = false;
        return this.send<TData>({ ...base, query }, options);
      }
      throw error;
    }
  }

  private hash(query: string): string {
    let digest = this.hashes.get(query);
    if (digest === undefined) {
      // Queries should be fixed texts; a program that builds them must not grow the map.
      if (this.hashes.size >= MAX_REMEMBERED_HASHES) this.hashes.clear();
      digest = sha256Hex(query);
      this.hashes.set(query, digest);
    }
    return digest;
  }

  private async send<TData>(request: GraphQLRequest, options: GraphQLCallOptions): Promise<TData> {
    const headers: Record<string, string> = {
      accept: `${GRAPHQL_RESPONSE_MEDIA}, application/json;q=0.9`,
    };
    let url = this.url;
    let body: string | undefined;
    const method = options.method ?? "POST";
    if (method === "GET") {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(request)) {
        if (value !== undefined)
          params.set(key, typeof value === "string" ? value : JSON.stringify(value));
      }
      url = `${url}${url.includes("?") ? "&" : "?"}${params.toString()}`;
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request);
    }
    const answer = await exchange(
      this.settings,
      url,
      body === undefined ? { method, headers } : { method, headers, body },
      options,
    );
    const parsed = parseJson(answer, url);
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      !("data" in parsed || "errors" in parsed)
    ) {
      throw badResponse(answer, url, "not a GraphQL answer");
    }
    const errors = "errors" in parsed ? parsed.errors : undefined;
    const data = "data" in parsed ? parsed.data : undefined;
    if (errors !== undefined) {
      if (!Array.isArray(errors) || !errors.every(isErrorEntry)) {
        throw badResponse(answer, url, "malformed GraphQL errors");
      }
      if (errors.length > 0) throw new GraphQLRequestError(answer.status, errors, data);
    }
    if (answer.status < 200 || answer.status > 299 || data === undefined || data === null) {
      throw badResponse(answer, url, "a GraphQL answer without data or errors");
    }
    return data as TData;
  }
}

function isErrorEntry(entry: unknown): entry is GraphQLErrorEntry {
  return (
    typeof entry === "object" &&
    entry !== null &&
    "message" in entry &&
    typeof entry.message === "string"
  );
}
