// Concurrent pagination's turns: the lanes of one client share its requests in flight, so that two readers
// of width 8 send 8 requests at once, not 16. While a reader of width above 1 runs, the client's gate holds
// every request when an answer says the budget is spent (see `RequestGate.concurrentReader`).
import type { RequestGate } from '../../rate-limit/request-gate.js';

/** A concurrent reader's share of its client's requests in flight. */
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

/** The lanes of one client (see the module comment). */
export class PaginationLanes {
  readonly #gate: Pick<RequestGate, 'concurrentReader'>;
  #running = 0;
  readonly #queue: Waiter[] = [];

  /** @param gate - the client's gate, told while a concurrent reader runs */
  constructor(gate: Pick<RequestGate, 'concurrentReader'>) {
    this.#gate = gate;
  }

  /** How many lane tasks are running. */
  get running(): number {
    return this.#running;
  }

  /**
   * Opens a lane of `width` concurrent tasks for one reader.
   *
   * @throws RangeError for a width that is not a positive integer
   */
  open(width: number): Lane {
    if (!Number.isInteger(width) || width < 1)
      throw new RangeError(`a lane's width must be a positive integer, got ${width}`);
    const ended = width > 1 ? this.#gate.concurrentReader() : undefined;
    return {
      width,
      run: <T>(task: () => Promise<T>): Promise<T> => this.#run(width, task),
      close: () => ended?.(),
    };
  }

  #run<T>(width: number, task: () => Promise<T>): Promise<T> {
    // A task runs while fewer than its lane's width of lane tasks run in the whole client.
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
}
