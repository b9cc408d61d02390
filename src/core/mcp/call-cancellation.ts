import { CallDeadline, type CallLimits, type Timers } from './call-deadline.js';
import type { JsonRpcId } from './json-rpc.js';
import { McpRequestCancelledError, type McpCancelReason } from './mcp-error.js';

/**
 * How one call ends early: its own signal fires when a time limit runs out or the caller's
 * signal fires, with the `McpRequestCancelledError` the call rejects with; the first wins.
 */
export class CallCancellation {
  readonly deadline: CallDeadline;
  readonly #controller = new AbortController();
  readonly #callerSignal: AbortSignal | undefined;
  readonly #onAbort: () => void;
  #reason: McpCancelReason | undefined;

  /** @throws McpRequestCancelledError when the caller's signal has already fired */
  constructor(method: string, id: JsonRpcId, limits: CallLimits, callerSignal?: AbortSignal, timers?: Timers) {
    if (callerSignal?.aborted) throw new McpRequestCancelledError(method, id, 'aborted', callerSignal.reason);
    this.deadline = new CallDeadline(
      limits,
      (name, seconds) =>
        this.#end('timeout', new McpRequestCancelledError(method, id, 'timeout', undefined, { name, seconds })),
      timers,
    );
    this.#callerSignal = callerSignal;
    this.#onAbort = () =>
      this.#end('aborted', new McpRequestCancelledError(method, id, 'aborted', callerSignal?.reason));
    callerSignal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get reason(): McpCancelReason | undefined {
    return this.#reason;
  }

  get error(): Error {
    return this.#controller.signal.reason as Error;
  }

  /** `promise`, or this call's error as soon as it is given up. */
  race<T>(promise: Promise<T>): Promise<T> {
    const { signal } = this.#controller;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  stop(): void {
    this.deadline.stop();
    this.#callerSignal?.removeEventListener('abort', this.#onAbort);
  }

  #end(reason: McpCancelReason, error: McpRequestCancelledError): void {
    this.#reason ??= reason;
    this.#controller.abort(error);
  }
}
