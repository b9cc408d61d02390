/**
 * The time limits of one MCP call, so that every call ends: a deadline that each
 * progress report of the call restarts (the official SDK's `timeout` with
 * `resetTimeoutOnProgress`), an optional cap on the whole call (`maxTotalTimeout`), and
 * the longest the server may stay silent while a reply body is read (the client's
 * `timeout`). The first to run out gives the call up, once.
 *
 * @module
 */
import { checkNumber } from '../client/settings.js';
import type { McpCallOptions } from './mcp-options.js';

/** The deadline of a call that sets none and whose client sets no `callTimeout`, in seconds (the SDK's 60 000 ms). */
export const DEFAULT_CALL_TIMEOUT = 60;

/** Which limit ran out. */
export type TimeLimitName = 'timeout' | 'maxTotalTimeout' | 'silence';

/** The limits of one call, in seconds. */
export interface CallLimits {
  /** Restarted by each progress report. */
  readonly timeout: number;
  /** Never restarted; none when undefined. */
  readonly maxTotalTimeout: number | undefined;
  /** The longest gap between two chunks of a reply body (and from its headers to its first chunk). */
  readonly silence: number;
}

/** The client-wide defaults of the per-call limits. */
export interface CallLimitDefaults {
  readonly callTimeout: number;
  readonly maxTotalTimeout: number | undefined;
}

// Above these a caller surely meant milliseconds (60000 for 60 s).
const TIMEOUT_RULE = { positive: true, maxSeconds: 3600 } as const;
const TOTAL_RULE = { positive: true, maxSeconds: 86_400 } as const;

/**
 * Checks the client's `callTimeout` and `maxTotalTimeout`.
 *
 * @throws TypeError / RangeError for a value that is not a positive number of seconds (at most 3600 and 86400)
 * @example
 * ```ts
 * callLimitDefaults({ callTimeout: 30 }); // { callTimeout: 30, maxTotalTimeout: undefined }
 * ```
 */
export function callLimitDefaults(options: {
  readonly callTimeout?: number;
  readonly maxTotalTimeout?: number;
}): CallLimitDefaults {
  const { callTimeout, maxTotalTimeout } = options;
  return {
    callTimeout:
      callTimeout === undefined ? DEFAULT_CALL_TIMEOUT : checkNumber('callTimeout', callTimeout, TIMEOUT_RULE),
    maxTotalTimeout:
      maxTotalTimeout === undefined ? undefined : checkNumber('maxTotalTimeout', maxTotalTimeout, TOTAL_RULE),
  };
}

/**
 * The limits of one call: its own `timeout` and `maxTotalTimeout` when it sets them, the
 * client's otherwise; `silence` is the client's `timeout` setting.
 *
 * @throws TypeError / RangeError for a call option that is not a positive number of seconds
 * @example
 * ```ts
 * callLimits({ callTimeout: 60, maxTotalTimeout: undefined }, { timeout: 5 }, 60);
 * // { timeout: 5, maxTotalTimeout: undefined, silence: 60 }
 * ```
 */
export function callLimits(defaults: CallLimitDefaults, options: McpCallOptions, silence: number): CallLimits {
  const { timeout, maxTotalTimeout } = options;
  return {
    timeout: timeout === undefined ? defaults.callTimeout : checkNumber('timeout', timeout, TIMEOUT_RULE),
    maxTotalTimeout:
      maxTotalTimeout === undefined
        ? defaults.maxTotalTimeout
        : checkNumber('maxTotalTimeout', maxTotalTimeout, TOTAL_RULE),
    silence,
  };
}

/** How the deadline waits: `setTimeout` and `clearTimeout` unless a test injects its own. */
export interface Timers {
  set(action: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (action, ms) => setTimeout(action, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the exchange tells the deadline while it reads a reply body. */
export interface BodyWatch {
  /** The body started, or a chunk of it arrived: the silence limit starts over. */
  bodyActivity(): void;
  /** No body is being read (between a broken stream and its resumption's headers, or after the reply). */
  bodyIdle(): void;
}

/**
 * The running limits of one call. `onExpire` is called once, with the first limit that
 * runs out; `stop` clears them all.
 *
 * @example
 * ```ts
 * const deadline = new CallDeadline(limits, (name, seconds) => controller.abort(new Error(`${name} ${seconds}`)));
 * deadline.progress(); // a progress report: the deadline starts over
 * deadline.stop();
 * ```
 */
export class CallDeadline implements BodyWatch {
  readonly #limits: CallLimits;
  readonly #onExpire: (name: TimeLimitName, seconds: number) => void;
  readonly #timers: Timers;
  #deadline: unknown;
  #total: unknown;
  #silence: unknown;
  #ended = false;

  constructor(limits: CallLimits, onExpire: (name: TimeLimitName, seconds: number) => void, timers = realTimers) {
    this.#limits = limits;
    this.#onExpire = onExpire;
    this.#timers = timers;
    this.#deadline = this.#arm('timeout', limits.timeout);
    if (limits.maxTotalTimeout !== undefined) this.#total = this.#arm('maxTotalTimeout', limits.maxTotalTimeout);
  }

  /** A progress report of the call: the deadline starts over (the total does not). */
  progress(): void {
    if (this.#ended) return;
    this.#timers.clear(this.#deadline);
    this.#deadline = this.#arm('timeout', this.#limits.timeout);
  }

  bodyActivity(): void {
    if (this.#ended) return;
    this.#timers.clear(this.#silence);
    this.#silence = this.#arm('silence', this.#limits.silence);
  }

  bodyIdle(): void {
    this.#timers.clear(this.#silence);
    this.#silence = undefined;
  }

  /** Clears every limit; none fires afterwards. */
  stop(): void {
    this.#ended = true;
    for (const handle of [this.#deadline, this.#total, this.#silence]) this.#timers.clear(handle);
  }

  #arm(name: TimeLimitName, seconds: number): unknown {
    return this.#timers.set(
      () => {
        if (this.#ended) return;
        this.stop();
        this.#onExpire(name, seconds);
      },
      Math.max(1, Math.round(seconds * 1000)),
    );
  }
}
