/**
 * One `text/event-stream` reply of the MCP endpoint: `event: message`, an `id:` per event
 * (stream id and a counter), and one JSON-RPC message per `data:` line.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** An SSE reply in progress; writes nothing once the client has gone. */
export class McpEventStream {
  readonly #response: ServerResponse;
  readonly #streamId = randomUUID();
  #count = 0;

  /**
   * Sends the headers (200, `text/event-stream`) at once, so the client sees the stream open.
   *
   * @param response - the response to write to
   * @param requestId - its `x-request-id`
   */
  constructor(response: ServerResponse, requestId: string) {
    this.#response = response;
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-request-id': requestId,
    });
    response.flushHeaders();
  }

  /** Writes one message as an event. */
  send(message: unknown): void {
    if (this.#response.writableEnded || this.#response.destroyed) return;
    this.#count += 1;
    this.#response.write(`event: message\nid: ${this.#streamId}-${this.#count}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Ends the stream (after the response, or without one when the call was cancelled). */
  end(): void {
    if (!this.#response.writableEnded) this.#response.end();
  }
}
