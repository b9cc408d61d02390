import { ResponseTooLargeError } from '../errors/error-classes.js';

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

// One event's data: a JSON-RPC message or a batch. True once the handler is done; the parse error of bad JSON.
function handleEventData(data: string, onMessage: MessageHandler): boolean | SyntaxError {
  let decoded: unknown;
  try {
    decoded = JSON.parse(data);
  } catch (error) {
    return error as SyntaxError;
  }
  for (const message of Array.isArray(decoded) ? (decoded as unknown[]) : [decoded]) {
    if (onMessage(message)) return true;
  }
  return false;
}

// The parser loads with the first stream so that importing the library does not pay for it; the body
// is discarded once the handler is done, so a stream the server leaves open does not hold the socket.
export async function readMessageEvents(
  body: LiveBody,
  onMessage: MessageHandler,
  options: { readonly lastEventId?: string; readonly onChunk?: () => void; readonly maxEventBytes?: number } = {},
): Promise<StreamOutcome> {
  let lastId = options.lastEventId;
  // Bytes fed since the last event ended: one event may not pass the bound (a server streaming one endless
  // event would otherwise fill memory inside the parser).
  let pending = 0;
  let tooLarge: ResponseTooLargeError | undefined;
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
      pending = 0;
      if (done || invalid) return;
      if (event.id !== undefined) {
        lastId = event.id;
        gaveEventId = true;
      }
      if ((event.event ?? 'message') !== 'message' || event.data.trim() === '') return;
      const handled = handleEventData(event.data, onMessage);
      if (handled instanceof SyntaxError) invalid = handled;
      else done = handled;
    },
  });
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      options.onChunk?.();
      const decoded = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (decoded !== '') text = decoded;
      pending += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
      parser.feed(decoded);
      if (invalid) throw invalid;
      const max = options.maxEventBytes;
      if (max !== undefined && pending > max) {
        tooLarge = new ResponseTooLargeError(
          `an MCP event passed ${max} bytes before it ended (maxResponseBytes, per event); the stream was closed`,
          { limit: max, url: '' },
        );
        throw tooLarge;
      }
      if (done) return { end: 'done', lastEventId: lastId, gaveEventId, retryMs };
    }
    // The parser keeps a final `\r` waiting for a `\n` that will not come: it ended a line.
    if (text.endsWith('\r')) parser.feed('\n');
    if (invalid) throw invalid;
    return { end: done ? 'done' : 'ended', lastEventId: lastId, gaveEventId, retryMs };
  } catch (error) {
    if (error === invalid || error === tooLarge) throw error;
    return { end: 'failed', lastEventId: lastId, error, gaveEventId, retryMs };
  } finally {
    discardLiveBody(body);
  }
}
