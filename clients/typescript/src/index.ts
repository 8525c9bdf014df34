// @regelwerk/client: a typed client of the Regelwerk rules service (README.md).
export {
  LINES_PER_REQUEST,
  RegelwerkClient,
  keyIdOf,
  type BatchOptions,
  type ClientOptions,
} from "./client.js";
export {
  GraphQLRequestError,
  RegelwerkError,
  ServiceError,
  TransportError,
  isRegelwerkError,
  type AnyRegelwerkError,
  type ClientErrorCode,
  type ErrorObject,
  type GraphQLErrorCode,
  type GraphQLErrorEntry,
  type TransportReason,
} from "./errors.js";
export {
  GRAPHQL_RESPONSE_MEDIA,
  typedQuery,
  type GraphQLCallOptions,
  type GraphQLVariables,
  type TypedQuery,
} from "./graphql.js";
export { sha256Hex } from "./sha256.js";
export type {
  CallOptions,
  FetchBodyStream,
  FetchInit,
  FetchLike,
  FetchResponse,
} from "./transport.js";
export type * from "./types.js";
