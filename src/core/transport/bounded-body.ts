// A body is read chunk by chunk and counted, so that a server streaming without end costs at most the limit
// in memory (issue 47): the transport stops reading and aborts the request, which frees the socket.
import { ResponseTooLargeError } from '../errors/error-classes.js';
import type { FetchResponse } from '../platform/fetch-types.js';
import { utf8Text } from '../platform/in-memory-response.js';

/**
 * The default bound on one response body, in bytes: 64 MiB. PagerDuty's largest answers are pages of at most
 * a few hundred records with their `include[]`d references (tens of MB at the very most): twice that is
 * headroom, and memory stays bounded.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** What a bounded read is about: the limit and, for the error's message, the request. */
export interface BodyBound {
  readonly maxBytes: number;
  readonly method: string;
  readonly url: string;
}

/** The error for a body over its bound; `received` is how many bytes had arrived when reading stopped. */
export function tooLarge(bound: BodyBound, received: number, declared = false): ResponseTooLargeError {
  const seen = declared ? `declares ${received} bytes` : `passed ${bound.maxBytes} bytes`;
  return new ResponseTooLargeError(
    `${bound.method} ${bound.url}: the response body ${seen}, over the limit of ${bound.maxBytes} bytes ` +
      '(maxResponseBytes; raise it if such answers are expected)',
    { limit: bound.maxBytes, url: bound.url },
  );
}

/** The `Content-Length` a response declares, when it is a number. */
function declaredLength(response: FetchResponse): number | undefined {
  const header: unknown = response.headers.get('content-length');
  if (typeof header !== 'string' || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

/** Joins the chunks read into one array (without a copy for a single chunk). */
function joined(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Any body that iterates its chunks: a Node stream (node-fetch) or a web stream (undici, Deno, Bun, browsers). */
function chunksOf(body: unknown): AsyncIterable<Uint8Array | string> | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  if (Symbol.asyncIterator in body) return body as AsyncIterable<Uint8Array | string>;
  const web = body as { getReader?: () => ReadableStreamDefaultReader<Uint8Array> };
  if (typeof web.getReader !== 'function') return undefined;
  // Safari's and older runtimes' web streams are not async-iterable: read them through their reader.
  const reader = web.getReader();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        reader.releaseLock();
      }
    },
  };
}

const ENCODER = new TextEncoder();

/**
 * Reads a whole body, refusing it once it passes `bound.maxBytes` (or declares more in `Content-Length`).
 * A response without a readable stream (an injected fetch's own object) is read whole, then checked.
 *
 * @throws ResponseTooLargeError past the bound; the caller aborts the request so that its socket is freed
 */
export async function readBoundedBody(response: FetchResponse, bound: BodyBound): Promise<Uint8Array> {
  const declared = declaredLength(response);
  if (declared !== undefined && declared > bound.maxBytes) throw tooLarge(bound, declared, true);
  if (response.body === null) return new Uint8Array(0);
  const chunks = chunksOf(response.body);
  if (chunks === undefined) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > bound.maxBytes) throw tooLarge(bound, bytes.byteLength);
    return bytes;
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? ENCODER.encode(chunk) : chunk;
    total += bytes.byteLength;
    if (total > bound.maxBytes) throw tooLarge(bound, total);
    parts.push(bytes);
  }
  return joined(parts, total);
}

/** Reads a live body (a streamed response) to its end as text, within the bound. */
export async function readBoundedText(response: FetchResponse, bound: BodyBound): Promise<string> {
  return utf8Text(await readBoundedBody(response, bound));
}
