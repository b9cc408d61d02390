/**
 * The messages the client sends on its own that get no response: `notifications/cancelled`
 * for a call given up, and the answers to the server's requests (sent in the background,
 * so that `close` can wait for them). They never fail a call: a failure is logged.
 *
 * @module
 */
import type { Logger } from '../logging.js';
import { jsonRpcNotification, type JsonRpcId, type JsonRpcRequest } from './json-rpc.js';
import type { McpCancelReason } from './mcp-error.js';
import { answerServerRequest, type McpRequestHandler } from './server-requests.js';

/** What one-way messages need of the client. */
export interface OneWayMessagesOptions {
  /** Posts a message at most once; rejects when it is not accepted. */
  readonly post: (message: object) => Promise<void>;
  /** The client's logger now (it may be replaced after construction). */
  readonly log: () => Logger;
  readonly onRequest: McpRequestHandler | undefined;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the client's one-way messages and runs the caller's callbacks, logging what fails.
 *
 * @example
 * ```ts
 * const messages = new OneWayMessages({ post, log: () => console, onRequest: undefined });
 * await messages.cancelled('r1', 'timeout');
 * ```
 */
export class OneWayMessages {
  readonly #options: OneWayMessagesOptions;
  readonly #underWay = new Set<Promise<void>>();

  constructor(options: OneWayMessagesOptions) {
    this.#options = options;
  }

  /** Tells the server to stop working on a request the client gave up. */
  async cancelled(requestId: JsonRpcId, reason: McpCancelReason): Promise<void> {
    const text = reason === 'timeout' ? 'the client timed out' : 'the caller aborted the request';
    try {
      await this.#options.post(jsonRpcNotification('notifications/cancelled', { requestId, reason: text }));
    } catch (error) {
      this.#options
        .log()
        .warn(`notifications/cancelled for request ${JSON.stringify(requestId)} failed: ${reasonOf(error)}`);
    }
  }

  /** Answers a server request in the background. */
  answer(request: JsonRpcRequest): void {
    const work = answerServerRequest(request, this.#options.onRequest)
      .then((message) => this.#options.post(message))
      .catch((error: unknown) =>
        this.#options.log().warn(`answering the server's ${request.method} failed: ${reasonOf(error)}`),
      );
    this.#underWay.add(work);
    void work.finally(() => this.#underWay.delete(work));
  }

  /** Resolves once the answers under way are sent (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#underWay]);
  }

  /** Runs a caller's callback; what it throws is logged, never thrown. */
  guard(what: string, callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.#options.log().warn(`${what} threw: ${reasonOf(error)}`);
    }
  }
}
