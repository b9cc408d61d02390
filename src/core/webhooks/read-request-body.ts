/**
 * The raw body of a request: the one a framework already read (`req.body` from
 * `express.raw()`, `req.rawBody`), else the stream, read up to a cap.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';

/** The body, or why there is none to verify. */
export type RequestBody =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'too-large' | 'already-read' | 'aborted' };

/** A request as a framework may hand it over, with the body it already read. */
export type WebhookRequest = IncomingMessage & {
  /** The body a framework read: a `Buffer` or string is used as the raw body (`express.raw()`). */
  readonly body?: unknown;
  /** The raw body some frameworks keep beside a parsed `body`. */
  readonly rawBody?: unknown;
};

const asBytes = (value: unknown): Uint8Array | undefined =>
  typeof value === 'string' ? Buffer.from(value, 'utf8') : value instanceof Uint8Array ? value : undefined;

/** Reads the raw body of `req`, refusing more than `maxBytes` bytes. */
export async function readRequestBody(req: WebhookRequest, maxBytes: number): Promise<RequestBody> {
  const early = asBytes(req.rawBody) ?? asBytes(req.body);
  if (early) return early.byteLength > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, bytes: early };
  // A body parser (`express.json()`) read the stream first: the bytes the signature covers are gone.
  if (req.readableEnded) return { ok: false, reason: 'already-read' };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: 'too-large' };
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (outcome: RequestBody): void => {
      req.off('data', onData);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      length += chunk.byteLength;
      if (length > maxBytes) {
        // Stop buffering; the rest is drained and dropped.
        req.resume();
        done({ ok: false, reason: 'too-large' });
      } else {
        chunks.push(chunk);
      }
    };
    req.on('data', onData);
    req.once('end', () => done({ ok: true, bytes: Buffer.concat(chunks) }));
    req.once('error', () => done({ ok: false, reason: 'aborted' }));
    req.once('aborted', () => done({ ok: false, reason: 'aborted' }));
  });
}
