import type { Logger } from '../logging.js';
import { jsonRpcNotification, type JsonRpcId, type JsonRpcRequest } from './json-rpc.js';
import type { McpCancelReason } from './mcp-error.js';
import type { ClientFeatures } from './client-features.js';
import { answerServerRequest, type McpRequestHandler } from './server-requests.js';

export interface OneWayMessagesOptions {
  readonly post: (message: object) => Promise<void>;
  // A function: the client's logger may be replaced after construction.
  readonly log: () => Logger;
  readonly onRequest: McpRequestHandler | undefined;
  readonly features: ClientFeatures;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// These get no response, so a failure is logged, never thrown.
export class OneWayMessages {
  readonly #options: OneWayMessagesOptions;
  readonly #underWay = new Set<Promise<void>>();

  constructor(options: OneWayMessagesOptions) {
    this.#options = options;
  }

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

  /** In the background, so that a stream is read on while the answer is worked out; `close` waits for it. */
  answer(request: JsonRpcRequest): void {
    const work = answerServerRequest(request, this.#options.onRequest, this.#options.features)
      .then((message) => this.#options.post(message))
      .catch((error: unknown) =>
        this.#options.log().warn(`answering the server's ${request.method} failed: ${reasonOf(error)}`),
      );
    this.#underWay.add(work);
    void work.finally(() => this.#underWay.delete(work));
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.#underWay]);
  }

  guard(what: string, callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.#options.log().warn(`${what} threw: ${reasonOf(error)}`);
    }
  }
}
