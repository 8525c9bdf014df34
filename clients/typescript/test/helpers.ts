// Shared by the tests: the real server's URL (REGELWERK_URL), clients, a fetch that records
// what it sends, and local stand-ins for what the real server never does (hang, answer HTML).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import {
  RegelwerkClient,
  type ClientOptions,
  type FetchLike,
  type GameId,
} from "@regelwerk/client";

/** Every game, in the catalogue's terms; the compiler holds it equal to GameId. */
export const GAMES = [
  "mixtour",
  "tric-trac",
  "te-trix",
  "triominos-junior",
] as const satisfies readonly GameId[];
type Complete = [GameId] extends [(typeof GAMES)[number]] ? true : false;
export const GAMES_COMPLETE: Complete = true;

/** The real server's base URL; the pytest wrapper starts it and sets REGELWERK_URL. */
export function serviceUrl(): string {
  const url = process.env["REGELWERK_URL"];
  if (url === undefined || url === "") {
    throw new Error("REGELWERK_URL is not set: run the tests through tests/clients (pytest)");
  }
  return url;
}

export function client(options: Omit<ClientOptions, "baseUrl"> = {}): RegelwerkClient {
  return new RegelwerkClient({ ...options, baseUrl: serviceUrl() });
}

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  answerHeaders: Headers;
}

/** globalThis.fetch, recording every request and its status. */
export function recordingFetch(): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init);
    sent.push({
      url,
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : (JSON.parse(init.body) as unknown),
      status: response.status,
      answerHeaders: response.headers,
    });
    return response;
  };
  return { fetch, sent };
}

/** A local HTTP server answering every request with `handler`; stopped by `close`. */
export async function standIn(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens (a port that was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const { url, close } = await standIn(() => undefined);
  await close();
  return url;
}
