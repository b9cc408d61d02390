/**
 * The retry and timeout settings a client holds, as accessors: assigning one after
 * construction is checked exactly as the constructor checks it, so a `NaN` or negative
 * value can never reach the retry loop. `ApiClient` holds one and forwards its accessors.
 *
 * @module
 */
import type { ApiClientOptions } from './client-options.js';
import { validateRetryMap, type RetryPolicy } from '../retry/retry-rules.js';

/** The settings the constructor reads (each optional; the defaults apply otherwise). */
export type SettingsOptions = Pick<
  ApiClientOptions,
  | 'timeout'
  | 'retry'
  | 'maxHttpAttempts'
  | 'maxNetworkAttempts'
  | 'sleepTimer'
  | 'sleepTimerBase'
  | 'staggerCooldown'
  | 'retryUnresolvedHosts'
>;

/**
 * The checked settings of a client. Each setter throws
 * `TypeError` for a non-number (or `NaN`) and `RangeError` for a value out of range,
 * and leaves the old value in place.
 *
 * @example
 * ```ts
 * client.maxNetworkAttempts = 1;   // fine
 * client.sleepTimer = Number.NaN;  // throws TypeError; sleepTimer is unchanged
 * ```
 */
export class ClientSettings {
  #retry: Record<number, number> = {};
  #maxHttpAttempts = 10;
  #maxNetworkAttempts = 3;
  #timeout = 60;
  #sleepTimer = 1.5;
  #sleepTimerBase = 2;
  #staggerCooldown = 0;
  readonly #retryUnresolvedHosts: boolean;

  /** @param options - the settings; absent ones keep their defaults */
  constructor(options: SettingsOptions = {}) {
    this.retry = options.retry ?? {};
    this.maxHttpAttempts = options.maxHttpAttempts ?? 10;
    this.maxNetworkAttempts = options.maxNetworkAttempts ?? 3;
    this.timeout = options.timeout ?? 60;
    this.sleepTimer = options.sleepTimer ?? 1.5;
    this.sleepTimerBase = options.sleepTimerBase ?? 2;
    this.staggerCooldown = options.staggerCooldown ?? 0;
    this.#retryUnresolvedHosts = options.retryUnresolvedHosts === true;
  }

  /**
   * HTTP status to retry count (see {@link ApiClientOptions.retry}): a plain object that
   * may be changed in place (`client.retry[404] = 3`), read at the start of every request.
   * An entry that is not a valid count is a `RangeError` at the next request, before
   * anything is sent.
   */
  get retry(): Record<number, number> {
    return this.#retry;
  }

  /**
   * Replaces `retry` with a mutable copy of `value`, checked at once (`TypeError` or
   * `RangeError` naming the bad entry; the old value stays).
   */
  set retry(value: Readonly<Record<number, number>>) {
    this.#retry = { ...validateRetryMap(value) };
  }

  /** Cap on finite-status retries per request: a whole non-negative number. */
  get maxHttpAttempts(): number {
    return this.#maxHttpAttempts;
  }

  /** Sets `maxHttpAttempts`, checked as the constructor checks it. */
  set maxHttpAttempts(value: number) {
    this.#maxHttpAttempts = checkSetting('maxHttpAttempts', value);
  }

  /** Cap on network retries per request: a whole non-negative number. */
  get maxNetworkAttempts(): number {
    return this.#maxNetworkAttempts;
  }

  /** Sets `maxNetworkAttempts`, checked as the constructor checks it. */
  set maxNetworkAttempts(value: number) {
    this.#maxNetworkAttempts = checkSetting('maxNetworkAttempts', value);
  }

  /** Seconds before an attempt times out: a positive finite number, at most 600. */
  get timeout(): number {
    return this.#timeout;
  }

  /** Sets `timeout`, checked as the constructor checks it. */
  set timeout(value: number) {
    this.#timeout = checkSetting('timeout', value);
  }

  /** The first cooldown factor, in seconds: a non-negative finite number, at most 3600. */
  get sleepTimer(): number {
    return this.#sleepTimer;
  }

  /** Sets `sleepTimer`, checked as the constructor checks it. */
  set sleepTimer(value: number) {
    this.#sleepTimer = checkSetting('sleepTimer', value);
  }

  /** The cooldown's exponent base: a non-negative finite number. */
  get sleepTimerBase(): number {
    return this.#sleepTimerBase;
  }

  /** Sets `sleepTimerBase`, checked as the constructor checks it. */
  set sleepTimerBase(value: number) {
    this.#sleepTimerBase = checkSetting('sleepTimerBase', value);
  }

  /** The randomising factor `rho`: a non-negative finite number. */
  get staggerCooldown(): number {
    return this.#staggerCooldown;
  }

  /** Sets `staggerCooldown`, checked as the constructor checks it. */
  set staggerCooldown(value: number) {
    this.#staggerCooldown = checkSetting('staggerCooldown', value);
  }

  /**
   * The settings as the pure retry rules take them, read once per request. `retry` is
   * checked again, since it may have been changed in place since it was set.
   *
   * @throws TypeError / RangeError for a `retry` entry that is not a valid count
   */
  retryPolicy(): RetryPolicy {
    return Object.freeze({
      retry: validateRetryMap(this.#retry),
      maxHttpAttempts: this.#maxHttpAttempts,
      maxNetworkAttempts: this.#maxNetworkAttempts,
      sleepTimer: this.#sleepTimer,
      sleepTimerBase: this.#sleepTimerBase,
      staggerCooldown: this.#staggerCooldown,
      retryUnresolvedHosts: this.#retryUnresolvedHosts,
    });
  }
}

/** How one numeric setting is checked. */
export interface NumberRule {
  /** Whole numbers only (attempt counts). */
  readonly integer?: boolean;
  /** Zero is refused too (a timeout of 0 s would fail every attempt). */
  readonly positive?: boolean;
  /** The largest value, in seconds: above it the caller surely meant milliseconds. */
  readonly maxSeconds?: number;
}

/** The numeric settings of `ApiClient` and their rules. */
export const SETTING_RULES = Object.freeze({
  maxHttpAttempts: { integer: true },
  maxNetworkAttempts: { integer: true },
  timeout: { positive: true, maxSeconds: 600 },
  sleepTimer: { maxSeconds: 3600 },
  sleepTimerBase: {},
  staggerCooldown: {},
} satisfies Record<string, NumberRule>);

/** The name of a numeric setting. */
export type NumericSetting = keyof typeof SETTING_RULES;

/**
 * Checks a number against a rule: finite, non-negative (positive when the rule says),
 * whole when the rule says.
 *
 * @returns the value, unchanged
 * @throws TypeError when the value is not a number (or is NaN)
 * @throws RangeError when it is negative, infinite, zero where refused, fractional where
 *   refused, or above the rule's `maxSeconds`
 *
 * @example
 * ```ts
 * checkNumber('timeout', 30, { positive: true }); // 30
 * checkNumber('maxNetworkAttempts', NaN, { integer: true }); // throws TypeError
 * ```
 */
export function checkNumber(name: string, value: unknown, rule: NumberRule): number {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  }
  const sign = rule.positive ? 'positive' : 'non-negative';
  const bad =
    !Number.isFinite(value) ||
    value < 0 ||
    (rule.positive && value === 0) ||
    (rule.integer && !Number.isInteger(value));
  if (bad) {
    throw new RangeError(`${name} must be a${rule.integer ? ' whole' : ''} ${sign} finite number, got ${value}`);
  }
  if (rule.maxSeconds !== undefined && value > rule.maxSeconds) {
    throw new RangeError(`${name} is in seconds and must be at most ${rule.maxSeconds} seconds, got ${value}`);
  }
  return value;
}

/** Checks one of the client's numeric settings by name (see {@link SETTING_RULES}). */
export function checkSetting(name: NumericSetting, value: unknown): number {
  return checkNumber(name, value, SETTING_RULES[name]);
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null ? 'null' : typeof value;
}
