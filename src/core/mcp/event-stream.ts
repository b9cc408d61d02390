/** A live body: a Node stream (node-fetch) or a web stream (an injected fetch); both iterate chunks. */
export type LiveBody = NodeJS.ReadableStream | AsyncIterable<Uint8Array | string>;

/** How reading a stream ended. */
export interface StreamOutcome {
  /** `done`: the handler said so; `ended`: the stream ended first; `failed`: it broke (or was destroyed). */
  readonly end: 'done' | 'ended' | 'failed';
  /** The id of the last event that carried one (for `Last-Event-ID`), if any did. */
  readonly lastEventId: string | undefined;
  /** What the stream failed with, for `failed`. */
  readonly error?: unknown;
  /** Whether an event of this stream carried an id (the server still offers a place to resume from). */
  readonly gaveEventId: boolean;
  /** The last `retry:` field of the stream (milliseconds to wait before reconnecting), if any. */
  readonly retryMs?: number;
}

export type MessageHandler = (message: unknown) => boolean;

/** Frees a live body: destroys a Node stream, cancels a web stream. */
export function discardLiveBody(body: unknown): void {
  const live = body as { destroy?: () => void; cancel?: () => Promise<void> } | null | undefined;
  if (typeof live?.destroy === 'function') live.destroy();
  else void live?.cancel?.().catch(() => undefined);
}

// The parser loads with the first stream so that importing the library does not pay for it; the body
// is discarded once the handler is done, so a stream the server leaves open does not hold the socket.
export async function readMessageEvents(
  body: LiveBody,
  onMessage: MessageHandler,
  options: { readonly lastEventId?: string; readonly onChunk?: () => void } = {},
): Promise<StreamOutcome> {
  let lastId = options.lastEventId;
  let gaveEventId = false;
  let retryMs: number | undefined;
  let done = false;
  let invalid: SyntaxError | undefined;
  const { createParser } = await import('eventsource-parser');
  const parser = createParser({
    onRetry(interval) {
      retryMs = interval;
    },
    onEvent(event) {
      if (done || invalid) return;
      if (event.id !== undefined) {
        lastId = event.id;
        gaveEventId = true;
      }
      if ((event.event ?? 'message') !== 'message' || event.data.trim() === '') return;
      let decoded: unknown;
      try {
        decoded = JSON.parse(event.data);
      } catch (error) {
        invalid = error as SyntaxError;
        return;
      }
      for (const message of Array.isArray(decoded) ? (decoded as unknown[]) : [decoded]) {
        if (onMessage(message)) {
          done = true;
          return;
        }
      }
    },
  });
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      options.onChunk?.();
      const decoded = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (decoded !== '') text = decoded;
      parser.feed(decoded);
      if (invalid) throw invalid;
      if (done) return { end: 'done', lastEventId: lastId, gaveEventId, retryMs };
    }
    // The parser keeps a final `\r` waiting for a `\n` that will not come: it ended a line.
    if (text.endsWith('\r')) parser.feed('\n');
    if (invalid) throw invalid;
    return { end: done ? 'done' : 'ended', lastEventId: lastId, gaveEventId, retryMs };
  } catch (error) {
    if (error === invalid) throw error;
    return { end: 'failed', lastEventId: lastId, error, gaveEventId, retryMs };
  } finally {
    discardLiveBody(body);
  }
}
