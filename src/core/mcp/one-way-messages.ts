// Messages that get no response (a cancellation, the answer to a server request, a caller's handler):
// a failure is logged, never thrown.
import type { Logger } from '../logging.js';
import { jsonRpcNotification, type JsonRpcId, type JsonRpcNotification } from './json-rpc.js';
import type { McpCancelReason } from './mcp-error.js';

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The `notifications/cancelled` the server is sent when a call is given up. */
export function cancelledNotification(requestId: JsonRpcId, reason: McpCancelReason): JsonRpcNotification {
  const text = reason === 'timeout' ? 'the client timed out' : 'the caller aborted the request';
  return jsonRpcNotification('notifications/cancelled', { requestId, reason: text });
}

/** Runs a caller's handler; what it throws is logged, so that a stream is read on. */
export function guarded(log: Logger, what: string, handler: () => void): void {
  try {
    handler();
  } catch (error) {
    log.warn(`${what} threw: ${reasonOf(error)}`);
  }
}

/** Work under way in the background (answers to server requests), which closing the client waits for. */
export class BackgroundWork {
  readonly #underWay = new Set<Promise<void>>();

  add(work: Promise<void>): void {
    this.#underWay.add(work);
    void work.finally(() => this.#underWay.delete(work));
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.#underWay]);
  }
}
