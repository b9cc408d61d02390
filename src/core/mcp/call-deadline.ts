import { checkNumber } from '../client/settings.js';
import type { McpCallOptions } from './mcp-options.js';

// The SDK's DEFAULT_REQUEST_TIMEOUT_MSEC, in seconds.
export const DEFAULT_CALL_TIMEOUT = 60;

export type TimeLimitName = 'timeout' | 'maxTotalTimeout' | 'silence';

export interface CallLimits {
  readonly timeout: number;
  readonly maxTotalTimeout: number | undefined;
  readonly silence: number;
}

export interface CallLimitDefaults {
  readonly callTimeout: number;
  readonly maxTotalTimeout: number | undefined;
}

// Above these a caller surely meant milliseconds (60000 for 60 s).
const TIMEOUT_RULE = { positive: true, maxSeconds: 3600 } as const;
const TOTAL_RULE = { positive: true, maxSeconds: 86_400 } as const;

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

// Injectable so that the unit tests run on a clock of their own.
export interface Timers {
  set(action: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (action, ms) => setTimeout(action, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Silence counts only while a body is read: the wait for a resumption's headers is the engine's. */
export interface BodyWatch {
  bodyActivity(): void;
  bodyIdle(): void;
}

// Every call ends: a deadline restarted by progress (the SDK's `resetTimeoutOnProgress`), an optional
// total, and the longest silence of a reply body; the first to run out gives the call up, once.
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
