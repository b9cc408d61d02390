import { concatBytes, declaredTooLarge, hasDeadline, type BodyLimits, type RequestBody } from './body-outcome.js';

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
