// Declared here, not imported from node-fetch: node-fetch 2 ships no types, and the library's declarations must
// not make a user install type packages. node-fetch 2 and 3 (and any fetch of their signature) fit.
import type { Agent } from 'node:http';

/** The headers of a response, as node-fetch's `Headers` offers them. */
export interface FetchHeaders extends Iterable<[string, string]> {
  /** The value of a header (several values joined by `, `), or `null`. */
  get(name: string): string | null;
  /** Whether the header is present. */
  has(name: string): boolean;
  /** Calls `callback` for each header. */
  forEach(callback: (value: string, name: string) => void): void;
  /** `[name, value]` pairs, names in lower case. */
  entries(): IterableIterator<[string, string]>;
  /** The header names, in lower case. */
  keys(): IterableIterator<string>;
  /** The header values. */
  values(): IterableIterator<string>;
}

/**
 * A response as the library returns it: node-fetch's `Response` (status, headers, and a
 * body that can be read once, with `json()`, `text()` or `arrayBuffer()`).
 */
export interface FetchResponse {
  /** Whether the status is 2xx. */
  readonly ok: boolean;
  /** The HTTP status. */
  readonly status: number;
  /** The status text (`OK`, `Not Found`, ...). */
  readonly statusText: string;
  /** The URL the response came from. */
  readonly url: string;
  /** Whether the response came after a redirect (never, for the library's requests). */
  readonly redirected: boolean;
  /** The response headers. */
  readonly headers: FetchHeaders;
  /** The body as a Node stream (`null` when there is none). */
  readonly body: NodeJS.ReadableStream | null;
  /** Whether the body has been read. */
  readonly bodyUsed: boolean;
  /** Reads the body as JSON. */
  json(): Promise<unknown>;
  /** Reads the body as text (UTF-8). */
  text(): Promise<string>;
  /** Reads the body as bytes. */
  arrayBuffer(): Promise<ArrayBuffer>;
  /** A copy whose body can be read separately. */
  clone(): FetchResponse;
}

/** What a request body may be. */
export type FetchBody = string | Buffer | Uint8Array | URLSearchParams | NodeJS.ReadableStream;

/** The options of one fetch call, as the transport passes them (node-fetch's `RequestInit`). */
export interface FetchRequestInit {
  /** The HTTP method. */
  method?: string;
  /** The request headers. */
  headers?: Record<string, string>;
  /** The request body. */
  body?: FetchBody;
  /** What to do with a redirect; the library always sends `'manual'` (redirects are never followed). */
  redirect?: 'error' | 'follow' | 'manual';
  /** Aborts the request (the attempt's timeout, the caller's signal). */
  signal?: AbortSignal | null;
  /** The agent, or a function of the request URL that picks it. */
  agent?: Agent | ((url: URL) => Agent | undefined);
  /** Ask for and decode gzip/deflate bodies. @default true */
  compress?: boolean;
  /** The largest body accepted, in bytes (0: no limit). @default 0 */
  size?: number;
}

/**
 * The transport seam: anything with node-fetch's signature. Inject one to record, mock or
 * reroute requests.
 */
export type FetchLike = (url: string, init: FetchRequestInit) => Promise<FetchResponse>;

/** An agent, or a function that picks one per request URL. */
export type AgentOption = Agent | ((url: URL) => Agent | undefined);
