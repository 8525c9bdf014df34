// The client's errors, one small tree:
//
//   RegelwerkError (abstract: code, status, message)
//   ├── ServiceError         the service refused: code is the API's ErrorCode, details typed
//   ├── TransportError       code "TRANSPORT": no answer (network, timeout, abort) or not one
//   │                        of the service's answers (not JSON, not its error shape)
//   └── GraphQLRequestError  code "GRAPHQL": the GraphQL answer carried `errors`
//
// `isRegelwerkError(e)` narrows an unknown caught value to the union of the three, so a
// `switch (e.code)` narrows further to the class (and its `details`, `reason` or `errors`).
import type { ErrorBody, ErrorCode, ErrorDetails } from "./types.js";

/** The codes the client adds to the service's ErrorCode. */
export type ClientErrorCode = "TRANSPORT" | "GRAPHQL";

/** Every failure of a call through this client. */
export abstract class RegelwerkError extends Error {
  abstract readonly code: ErrorCode | ClientErrorCode;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;

  protected constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/** The service refused the request: `{"error": {"code", "message", "details"}}`. */
export class ServiceError extends RegelwerkError {
  override readonly name = "ServiceError";
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(status: number, error: ErrorBody["error"]) {
    super(error.message, status);
    this.code = error.code;
    this.details = error.details;
  }
}

/** Why no usable answer arrived. */
export type TransportReason = "network" | "timeout" | "aborted" | "bad-response";

/** No answer (network, timeout, abort), or an answer that is not the service's. */
export class TransportError extends RegelwerkError {
  override readonly name = "TransportError";
  readonly code = "TRANSPORT";
  readonly reason: TransportReason;
  /** The start of the answer's body, for a `bad-response`. */
  readonly body: string | undefined;

  constructor(
    reason: TransportReason,
    message: string,
    options: { status?: number; body?: string; cause?: unknown } = {},
  ) {
    super(message, options.status ?? 0, { cause: options.cause });
    this.reason = reason;
    this.body = options.body;
  }
}

/** Codes the GraphQL endpoint gives request errors (`extensions.code`); API codes too. */
export type GraphQLErrorCode =
  | "BAD_REQUEST"
  | "GRAPHQL_PARSE_FAILED"
  | "GRAPHQL_VALIDATION_FAILED"
  | "OPERATION_NOT_FOUND"
  | "BAD_USER_INPUT"
  | "PERSISTED_QUERY_NOT_FOUND"
  | "PERSISTED_QUERY_NOT_SUPPORTED"
  | "PERSISTED_QUERY_INVALID"
  | "PERSISTED_QUERY_HASH_MISMATCH"
  | "QUERY_TOO_LARGE"
  | "QUERY_TOO_DEEP"
  | "TOO_MANY_ALIASES"
  | "TOO_MANY_ROOT_FIELDS"
  | "INTERNAL"
  | ErrorCode
  // Any other code a newer service sends; the names above stay suggested by editors.
  | (string & {});

/** One entry of a GraphQL answer's `errors` (GraphQL over HTTP, "Response"). */
export interface GraphQLErrorEntry {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: { code?: GraphQLErrorCode; [key: string]: unknown };
}

/** The GraphQL answer carried `errors`: a request error (no `data`) or field errors. */
export class GraphQLRequestError extends RegelwerkError {
  override readonly name = "GraphQLRequestError";
  readonly code = "GRAPHQL";
  readonly errors: GraphQLErrorEntry[];
  /** Partial data next to field errors; undefined for a request error. */
  readonly data: unknown;

  constructor(status: number, errors: GraphQLErrorEntry[], data: unknown) {
    super(errors.map((e) => e.message).join("; ") || "GraphQL error", status);
    this.errors = errors;
    this.data = data;
  }

  /** Every error's `extensions.code` (in order, without the ones that have none). */
  get codes(): GraphQLErrorCode[] {
    return this.errors.flatMap((e) =>
      e.extensions?.code === undefined ? [] : [e.extensions.code],
    );
  }
}

/** Any error this client throws, as a union a `switch (e.code)` narrows. */
export type AnyRegelwerkError = ServiceError | TransportError | GraphQLRequestError;

/** Whether `e` was thrown by this client (narrows a caught `unknown`). */
export function isRegelwerkError(e: unknown): e is AnyRegelwerkError {
  return (
    e instanceof ServiceError || e instanceof TransportError || e instanceof GraphQLRequestError
  );
}
