import { AbortedDuringPause } from './abortable-sleep.js';
import { spentBudgetReset } from './retry-rules.js';

/** What the gate needs from its client. */
export interface RequestGateOptions {
  /** The client's sleep, in seconds (injected in tests); it gets a signal to end early. */
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds. @default Date.now */
  readonly now?: () => number;
}

/** A concurrent reader's share of the gate. */
export interface Lane {
  /** The lane's width: how many of its tasks may run at once. */
  readonly width: number;
  /** Runs `task` once fewer than `width` lane tasks of the client are running. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Closes the lane (its tasks must be settled). */
  close(): void;
}

interface Waiter {
  readonly width: number;
  readonly start: () => void;
}

function untilSettledOrAborted(promise: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  const settled = promise.then(
    () => undefined,
    () => undefined,
  );
  if (!signal) return settled;
  if (signal.aborted) return Promise.reject(new AbortedDuringPause(signal.reason));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(new AbortedDuringPause(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** The gate of one client (see the module comment). */
// A 429 holds the gate for its pause so that every request of the client waits, not only the one that got it.
export class RequestGate {
  readonly #sleep: RequestGateOptions['sleep'];
  readonly #now: () => number;
  readonly #holds = new Set<Promise<unknown>>();
  #budgetResetAt = 0;
  #budgetPause: Promise<void> | undefined;
  #budgetWaiters = 0;
  #budgetStop: AbortController | undefined;
  #readers = 0;
  #running = 0;
  readonly #queue: Waiter[] = [];

  /** @param options - the client's sleep and clock */
  constructor(options: RequestGateOptions) {
    this.#sleep = options.sleep;
    this.#now = options.now ?? Date.now;
  }

  /** Whether the gate is holding requests back now. */
  get held(): boolean {
    return this.#holds.size > 0 || this.#budgetSpent();
  }

  /** How many lane tasks are running. */
  get running(): number {
    return this.#running;
  }

  /**
   * `undefined` when a request may be sent now (the common case),
   * else a promise that resolves when it may.
   *
   * @throws AbortedDuringPause (the promise rejects) when `signal` fires while waiting
   */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    return this.held ? this.#waitWhileHeld(signal) : undefined;
  }

  /** Holds the gate until `pause` (the pause of a request that got a 429) settles. */
  hold(pause: Promise<unknown>): void {
    const held: Promise<unknown> = pause.then(
      () => this.#holds.delete(held),
      () => this.#holds.delete(held),
    );
    this.#holds.add(held);
  }

  /** Reads a response's rate-limit headers: a spent budget holds the gate while a reader is open. */
  observe(headers: { get(name: string): string | null }): void {
    if (this.#readers === 0) return;
    const reset = spentBudgetReset(headers);
    if (reset === undefined) return;
    this.#budgetResetAt = Math.max(this.#budgetResetAt, this.#now() + reset * 1000);
  }

  /**
   * Opens a lane of `width` concurrent tasks for one reader.
   *
   * @throws RangeError for a width that is not a positive integer
   */
  open(width: number): Lane {
    if (!Number.isInteger(width) || width < 1)
      throw new RangeError(`a lane's width must be a positive integer, got ${width}`);
    if (width > 1) this.#readers += 1;
    let open = true;
    return {
      width,
      run: <T>(task: () => Promise<T>): Promise<T> => this.#run(width, task),
      close: () => {
        if (!open) return;
        open = false;
        if (width > 1) this.#readers -= 1;
        if (this.#readers === 0) this.#budgetResetAt = 0;
      },
    };
  }

  #run<T>(width: number, task: () => Promise<T>): Promise<T> {
    // A task runs while fewer than its lane's width of lane tasks run in the whole client:
    // two readers of width 8 share 8 requests in flight, not 16.
    if (this.#running < width && this.#queue.length === 0) return this.#start(task);
    const started = new Promise<T>((resolve, reject) => {
      this.#queue.push({ width, start: () => this.#start(task).then(resolve, reject) });
    });
    this.#wake();
    return started;
  }

  #start<T>(task: () => Promise<T>): Promise<T> {
    this.#running += 1;
    let result: Promise<T>;
    try {
      result = task();
    } catch (error) {
      result = Promise.reject(error);
    }
    return result.finally(() => {
      this.#running -= 1;
      this.#wake();
    });
  }

  #wake(): void {
    for (let index = 0; index < this.#queue.length; ) {
      const waiter = this.#queue[index];
      if (this.#running >= waiter.width) {
        index += 1;
        continue;
      }
      this.#queue.splice(index, 1);
      waiter.start();
    }
  }

  #budgetSpent(): boolean {
    if (this.#budgetResetAt === 0) return false;
    if (this.#now() < this.#budgetResetAt) return true;
    this.#budgetResetAt = 0;
    return false;
  }

  async #waitWhileHeld(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      if (this.#holds.size > 0) {
        await untilSettledOrAborted(Promise.all(this.#holds), signal);
        continue;
      }
      if (!this.#budgetSpent()) return;
      this.#budgetWaiters += 1;
      try {
        await untilSettledOrAborted(this.#budgetPauseFor(), signal);
      } finally {
        this.#budgetWaiters -= 1;
        // Nobody waits any more (they were aborted): end the shared pause, so that its
        // timer does not keep the process alive.
        if (this.#budgetWaiters === 0) this.#budgetStop?.abort();
      }
    }
  }

  /** One shared sleep until the budget's reset; when it ends, the budget counts as back. */
  #budgetPauseFor(): Promise<void> {
    if (this.#budgetPause) return this.#budgetPause;
    const until = this.#budgetResetAt;
    const stop = new AbortController();
    this.#budgetStop = stop;
    const pause = this.#sleep(Math.max(0, (until - this.#now()) / 1000), stop.signal).finally(() => {
      if (this.#budgetPause === pause) this.#budgetPause = undefined;
      if (this.#budgetStop === stop) this.#budgetStop = undefined;
      // A later response may have moved the reset further: only the reset slept for is over.
      if (!stop.signal.aborted && this.#budgetResetAt <= until) this.#budgetResetAt = 0;
    });
    this.#budgetPause = pause;
    return pause;
  }
}
