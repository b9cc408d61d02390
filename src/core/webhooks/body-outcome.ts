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
