// A webhook request as the handlers receive it: its headers (Node's record or fetch's `Headers`), its raw body, and
// the reading of a body within a size cap and a deadline, from a `node:http` request or a fetch `Request`.
import type { IncomingMessage } from 'node:http';

/** Request headers: a Node headers record (`req.headers`) or a fetch `Headers`-like object. */
export type WebhookHeaders =
  | {
      /** The header's value, or `null` when absent (as fetch's `Headers.get`). */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

export const SIGNATURE_HEADER = 'x-pagerduty-signature';
export const WEBHOOK_ID_HEADER = 'x-webhook-id';

export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = name in record ? name : Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' || value === undefined ? value : value.join(',');
}

/** A raw request body: the bytes as received, or their UTF-8 text. */
export type RawBody = Uint8Array | string;

/**
 * The size cap on a webhook body, in bytes: 256 KiB. PagerDuty drops every webhook over
 * 256 KB instead of sending it, so a larger body is not one of its deliveries.
 */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export function bodyBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  throw new TypeError(
    'a webhook body must be a Buffer, a Uint8Array or a string (the raw request body, not parsed JSON)',
  );
}

/** The outcome of reading a request's body, whichever kind of request it is. */
export type RequestBody =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'too-large' | 'timeout' | 'already-read' | 'aborted' };

export interface BodyLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

// setTimeout fires at once past 2^31 - 1 ms, so a limit that large (or 0) means none.
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const hasDeadline = (timeoutMs: number): boolean => timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS;

/** A declared `Content-Length` over the cap: refused before a byte is read. */
export function declaredTooLarge(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = Number(contentLength ?? Number.NaN);
  return Number.isFinite(declared) && declared > maxBytes;
}

export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A request as a framework may hand it over, with the body it already read. */
export type WebhookRequest = IncomingMessage & {
  /** The body a framework read: a `Buffer` or string is used as the raw body (`express.raw()`). */
  readonly body?: unknown;
  /** The raw body some frameworks keep beside a parsed `body`. */
  readonly rawBody?: unknown;
};

const asBytes = (value: unknown): Uint8Array | undefined =>
  typeof value === 'string' ? new TextEncoder().encode(value) : value instanceof Uint8Array ? value : undefined;

export async function readRequestBody(req: WebhookRequest, limits: BodyLimits): Promise<RequestBody> {
  const { maxBytes, timeoutMs } = limits;
  const early = asBytes(req.rawBody) ?? asBytes(req.body);
  if (early) return early.byteLength > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, bytes: early };
  // A body parser (`express.json()`) read the stream first: the bytes the signature covers are gone.
  if (req.readableEnded) return { ok: false, reason: 'already-read' };
  if (declaredTooLarge(req.headers['content-length'], maxBytes)) return { ok: false, reason: 'too-large' };
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const onData = (chunk: Uint8Array): void => {
      length += chunk.byteLength;
      if (length > maxBytes) refuse('too-large');
      else chunks.push(chunk);
    };
    const onEnd = (): void => done({ ok: true, bytes: concatBytes(chunks, length) });
    const onAbort = (): void => done({ ok: false, reason: 'aborted' });
    const timer = hasDeadline(timeoutMs) ? setTimeout(() => refuse('timeout'), timeoutMs) : undefined;
    // The open request keeps the process alive as long as needed; the timer must not add to it.
    timer?.unref();
    const done = (outcome: RequestBody): void => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('aborted', onAbort);
      resolve(outcome);
    };
    const refuse = (reason: 'too-large' | 'timeout'): void => {
      done({ ok: false, reason });
      req.resume();
    };
    req.on('data', onData).once('end', onEnd).once('error', onAbort).once('aborted', onAbort);
  });
}

/**
 * Reads a fetch `Request`'s body within the size cap and the deadline, chunk by chunk, so that an
 * oversized or stalled body is refused without being buffered whole (`request.arrayBuffer()`
 * would wait for all of it).
 */
export async function readFetchBody(request: Request, limits: BodyLimits): Promise<RequestBody> {
  const { maxBytes, timeoutMs } = limits;
  // A framework (or a middleware) consumed the stream first: the bytes the signature covers are gone.
  if (request.bodyUsed) return { ok: false, reason: 'already-read' };
  if (declaredTooLarge(request.headers.get('content-length'), maxBytes)) return { ok: false, reason: 'too-large' };
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    if (hasDeadline(timeoutMs)) timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const stop = (reason: 'too-large' | 'timeout' | 'aborted'): RequestBody => {
    // Cancelling tells the runtime to stop receiving; its own rejection is of no interest.
    reader.cancel().catch(() => undefined);
    return { ok: false, reason };
  };
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'timeout') return stop('timeout');
      if (next.done) return { ok: true, bytes: concatBytes(chunks, length) };
      length += next.value.byteLength;
      if (length > maxBytes) return stop('too-large');
      chunks.push(next.value);
    }
  } catch {
    return stop('aborted');
  } finally {
    clearTimeout(timer);
  }
}
