// One HTTP exchange over fetch: headers, timeout and caller's signal, every failure to get an
// answer turned into a TransportError. What the answer means is the caller's business.
import { RegelwerkError, TransportError } from "./errors.js";

/** The part of a fetch Response the client reads (any fetch implementation has it). */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  /** The body as it arrives (verifyBatch reads it so); without it, `text()` is read at once. */
  readonly body?: FetchBodyStream | null;
}

/** The part of a fetch body (a ReadableStream of bytes) the client reads. */
export interface FetchBodyStream {
  getReader(): {
    read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
    cancel(reason?: unknown): Promise<void>;
  };
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
  /** The answer's language for this call ("de", "en"), instead of the client's. */
  language?: string;
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
  /** Sent as Accept-Language unless a call names its own; undefined: none. */
  language: string | undefined;
}

/**
 * `language` checked as an Accept-Language value: "de", or a list such as "de-CH, en;q=0.5".
 * The service answers in the best of them it has, else in English.
 */
export function checkedLanguage(language: string): string {
  // One character class, anchored: linear in the text's length.
  if (typeof language !== "string" || language.trim() === "" || !/^[\x20-\x7e]+$/.test(language)) {
    throw new RangeError(
      `language is a language tag such as "de" or "en", got ${JSON.stringify(language)}`,
    );
  }
  return language;
}

/** The headers of one request: the call's over the request's over the client's, and the
 * language (the call's, else the client's) in place of any Accept-Language among them. */
function requestHeaders(
  settings: TransportSettings,
  request: OutgoingRequest,
  call: CallOptions,
): Record<string, string> {
  const headers = { ...settings.headers, ...request.headers, ...call.headers };
  const language = call.language ?? settings.language;
  if (language === undefined) return headers;
  const kept = Object.entries(headers).filter(([name]) => name.toLowerCase() !== "accept-language");
  return { ...Object.fromEntries(kept), "accept-language": checkedLanguage(language) };
}

/** A request as the client sends it. */
export interface OutgoingRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/** Sends one request and reads the whole answer within the timeout. */
export async function exchange(
  settings: TransportSettings,
  url: string,
  request: OutgoingRequest,
  call: CallOptions = {},
): Promise<Exchange> {
  const attempt = new Attempt(settings, url, request, call);
  try {
    const response = await settings.fetch(url, attempt.init);
    const text = await response.text();
    return { status: response.status, contentType: contentType(response), text };
  } catch (cause) {
    throw attempt.failure(cause);
  } finally {
    attempt.end();
  }
}

/** An answer whose body is read as it arrives. */
export interface StreamedExchange {
  status: number;
  contentType: string;
  /** The body's text in pieces, as they arrive (read it once). */
  chunks: AsyncIterable<string>;
}

/**
 * Sends one request and hands the answer to `read` while its body arrives, yielding what
 * `read` yields. The timeout covers the whole exchange; a failure to get the body is a
 * TransportError as in `exchange` (what `read` throws passes unchanged), and a body left unread
 * (an error, or the caller stopped early) is cancelled at the end.
 */
export async function* exchangeStreamed<T>(
  settings: TransportSettings,
  url: string,
  request: OutgoingRequest,
  call: CallOptions,
  read: (answer: StreamedExchange) => AsyncGenerator<T, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  const attempt = new Attempt(settings, url, request, call);
  try {
    const response = await settings.fetch(url, attempt.init);
    yield* read({
      status: response.status,
      contentType: contentType(response),
      chunks: textChunks(response),
    });
  } catch (cause) {
    if (cause instanceof RegelwerkError) throw cause;
    throw attempt.failure(cause);
  } finally {
    attempt.end();
  }
}

async function* textChunks(response: FetchResponse): AsyncGenerator<string, void, undefined> {
  const body = response.body;
  if (body === undefined || body === null) {
    yield await response.text();
    return;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  try {
    while (!done) {
      const next = await reader.read();
      done = next.done;
      const text = decoder.decode(next.value, { stream: !done });
      if (text !== "") yield text;
    }
  } finally {
    // Left early: the rest of the body is not wanted (fetch then frees the connection).
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

/** One call's fetch options, its timeout and the caller's signal linked to one controller. */
class Attempt {
  readonly init: FetchInit;
  private readonly controller = new AbortController();
  private readonly timeoutMs: number;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly outer: AbortSignal | undefined;
  private readonly forward = (): void => this.controller.abort(this.outer?.reason);
  private timedOut = false;

  constructor(
    settings: TransportSettings,
    private readonly url: string,
    private readonly request: OutgoingRequest,
    call: CallOptions,
  ) {
    // First: a language that is no header value throws before a timer or listener exists.
    const headers = requestHeaders(settings, request, call);
    this.timeoutMs = call.timeoutMs ?? settings.timeoutMs;
    this.timer =
      this.timeoutMs > 0
        ? setTimeout(() => {
            this.timedOut = true;
            this.controller.abort();
          }, this.timeoutMs)
        : undefined;
    // AbortSignal.any needs Node 20.3: link the caller's signal by hand (Node >= 18).
    this.outer = call.signal;
    if (this.outer?.aborted) this.controller.abort(this.outer.reason);
    else this.outer?.addEventListener("abort", this.forward, { once: true });
    this.init = {
      method: request.method,
      headers,
      signal: this.controller.signal,
    };
    if (request.body !== undefined) this.init.body = request.body;
  }

  failure(cause: unknown): TransportError {
    const what = `${this.request.method} ${this.url}`;
    if (this.timedOut) {
      return new TransportError("timeout", `${what}: no answer within ${this.timeoutMs} ms`, {
        cause,
      });
    }
    if (this.outer?.aborted) return new TransportError("aborted", `${what}: aborted`, { cause });
    return new TransportError("network", `${what}: ${describe(cause)}`, { cause });
  }

  end(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.outer?.removeEventListener("abort", this.forward);
  }
}

function contentType(response: FetchResponse): string {
  return (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
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
