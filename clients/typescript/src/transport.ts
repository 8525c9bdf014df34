// One HTTP exchange over fetch: headers, timeout and caller's signal, every failure to get an
// answer turned into a TransportError. What the answer means is the caller's business.
import { TransportError } from "./errors.js";

/** The part of a fetch Response the client reads (any fetch implementation has it). */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The part of RequestInit the client sends. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** A fetch implementation: `globalThis.fetch` (browsers, Node >= 18) or any compatible one. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Per-call options of every operation. */
export interface CallOptions {
  /** Aborts the call (the client throws a TransportError with reason "aborted"). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (milliseconds; 0 = none). */
  timeoutMs?: number;
  /** Added to the client's headers for this call. */
  headers?: Record<string, string>;
}

/** An answer read to its end. */
export interface Exchange {
  status: number;
  contentType: string;
  text: string;
}

export interface TransportSettings {
  fetch: FetchLike;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** Sends one request and reads the whole answer within the timeout. */
export async function exchange(
  settings: TransportSettings,
  url: string,
  request: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  call: CallOptions = {},
): Promise<Exchange> {
  const timeoutMs = call.timeoutMs ?? settings.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  // AbortSignal.any needs Node 20.3: link the caller's signal by hand (Node >= 18).
  const outer = call.signal;
  const forward = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", forward, { once: true });
  const init: FetchInit = {
    method: request.method,
    headers: { ...settings.headers, ...request.headers, ...call.headers },
    signal: controller.signal,
  };
  if (request.body !== undefined) init.body = request.body;
  try {
    const response = await settings.fetch(url, init);
    const text = await response.text();
    return {
      status: response.status,
      contentType: (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase(),
      text,
    };
  } catch (cause) {
    const what = `${request.method} ${url}`;
    if (timedOut) {
      throw new TransportError("timeout", `${what}: no answer within ${timeoutMs} ms`, { cause });
    }
    if (outer?.aborted) throw new TransportError("aborted", `${what}: aborted`, { cause });
    throw new TransportError("network", `${what}: ${describe(cause)}`, { cause });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

/** Parses a JSON answer; anything else is a TransportError "bad-response". */
export function parseJson(answer: Exchange, url: string): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (cause) {
    throw badResponse(answer, url, `not JSON (${answer.contentType || "no content type"})`, cause);
  }
}

export function badResponse(
  answer: Exchange,
  url: string,
  what: string,
  cause?: unknown,
): TransportError {
  return new TransportError("bad-response", `${url} answered ${answer.status}: ${what}`, {
    status: answer.status,
    body: answer.text.slice(0, 500),
    cause,
  });
}

/** The message of a failed fetch, with its cause (Node: "fetch failed" + ECONNREFUSED). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  return cause instanceof Error && cause.message
    ? `${error.message} (${cause.message})`
    : error.message;
}
