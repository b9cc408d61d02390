import type { IncomingMessage } from 'node:http';
import { concatBytes, declaredTooLarge, hasDeadline, type BodyLimits, type RequestBody } from './body-outcome.js';

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
