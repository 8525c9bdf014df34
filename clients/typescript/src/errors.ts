// The client's errors, one small tree:
//
//   RegelwerkError (abstract: code, status, message, messageId, args)
//   ├── ServiceError         the service refused: code is the API's ErrorCode, details typed
//   ├── TransportError       code "TRANSPORT": no answer (network, timeout, abort) or not one
//   │                        of the service's answers (not JSON, not its error shape)
//   └── GraphQLRequestError  code "GRAPHQL": the GraphQL answer carried `errors`
//
// `isRegelwerkError(e)` narrows an unknown caught value to the union of the three, so a
// `switch (e.code)` narrows further to the class (and its `details`, `reason` or `errors`).
//
// `message` is in the answer's language (the client's `language`, or the call's); `messageId`
// and `args` are the same in every language, undefined and {} for the client's own errors.
import type { ErrorBody, ErrorCode, ErrorDetails, MessageArgs } from "./types.js";

/** The codes the client adds to the service's ErrorCode. */
export type ClientErrorCode = "TRANSPORT" | "GRAPHQL";

/** What a RegelwerkError is made with besides its message and status. */
interface ErrorParts {
  cause?: unknown;
  messageId?: string | undefined;
  args?: MessageArgs | undefined;
}

/** Every failure of a call through this client. */
export abstract class RegelwerkError extends Error {
  abstract readonly code: ErrorCode | ClientErrorCode;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The message's stable id in the service's catalog; undefined when no service worded it. */
  readonly messageId: string | undefined;
  /** The message's named arguments (numbers, notation, paths, a nested `{messageId, args}`). */
  readonly args: MessageArgs;

  protected constructor(message: string, status: number, parts: ErrorParts = {}) {
    super(message, "cause" in parts ? { cause: parts.cause } : undefined);
    this.status = status;
    this.messageId = parts.messageId;
    this.args = parts.args ?? {};
  }
}

/** A refusal's error object as it may arrive: a service older than its catalog sends it
 * without `messageId` and `args`. */
export type ErrorObject = Omit<ErrorBody["error"], "messageId" | "args"> &
  Partial<Pick<ErrorBody["error"], "messageId" | "args">>;

/** The service refused: `{"error": {"code", "message", "messageId", "args", "details"}}`. */
export class ServiceError extends RegelwerkError {
  override readonly name = "ServiceError";
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(status: number, error: ErrorObject) {
    super(error.message, status, { messageId: error.messageId, args: error.args });
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
  /** An API code's error carries its `messageId` and `args` (a request error none). */
  extensions?: {
    code?: GraphQLErrorCode;
    messageId?: string;
    args?: MessageArgs;
    [key: string]: unknown;
  };
}

/**
 * The GraphQL answer carried `errors`: a request error (no `data`) or field errors.
 * `messageId` and `args` are the first error's (from its `extensions`), when it has them.
 */
export class GraphQLRequestError extends RegelwerkError {
  override readonly name = "GraphQLRequestError";
  readonly code = "GRAPHQL";
  readonly errors: GraphQLErrorEntry[];
  /** Partial data next to field errors; undefined for a request error. */
  readonly data: unknown;

  constructor(status: number, errors: GraphQLErrorEntry[], data: unknown) {
    const extensions = errors[0]?.extensions;
    const messageId = extensions?.messageId;
    const args = extensions?.args;
    super(errors.map((e) => e.message).join("; ") || "GraphQL error", status, {
      messageId: typeof messageId === "string" ? messageId : undefined,
      args: typeof args === "object" && args !== null && !Array.isArray(args) ? args : undefined,
    });
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
