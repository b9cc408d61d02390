import { validateRetryMap, type RetryPolicy } from '../retry/retry-rules.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the docs' links
import type { ApiClientOptions } from './client-options.js';

/** How one numeric setting is checked. */
export interface NumberRule {
  readonly integer?: boolean;
  /** Zero is refused too (a timeout of 0 s would fail every attempt). */
  readonly positive?: boolean;
  /** Above this many seconds the caller surely meant milliseconds. */
  readonly maxSeconds?: number;
}

/** Every setting: its default and its rule (`retry` is checked by `validateRetryMap`). */
export const SETTINGS = Object.freeze({
  retry: { default: {}, rule: 'retry-map' },
  maxHttpAttempts: { default: 10, rule: { integer: true } },
  maxNetworkAttempts: { default: 3, rule: { integer: true } },
  timeout: { default: 60, rule: { positive: true, maxSeconds: 600 } },
  sleepTimer: { default: 1.5, rule: { maxSeconds: 3600 } },
  sleepTimerBase: { default: 2, rule: {} },
  staggerCooldown: { default: 0, rule: {} },
} as const);

export type SettingName = keyof typeof SETTINGS;
export type NumericSetting = Exclude<SettingName, 'retry'>;

/** The settings a client holds; `retry` is a plain object its owner may change in place. */
export type Settings = { [K in NumericSetting]: number } & { retry: Record<number, number> };

export function initialSettings(given: Partial<Readonly<Record<SettingName, unknown>>>): Settings {
  const settings = { retry: {} } as Settings;
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    assignSetting(settings, name, given[name] ?? SETTINGS[name].default);
  }
  return settings;
}

/** Checks `value` for `name` and stores it; a bad value throws and leaves the old one. */
export function assignSetting(settings: Settings, name: SettingName, value: unknown): void {
  if (name === 'retry') settings.retry = { ...validateRetryMap(value as Readonly<Record<number, number>>) };
  else settings[name] = checkSetting(name, value);
}

export function checkSetting(name: NumericSetting, value: unknown): number {
  return checkNumber(name, value, SETTINGS[name].rule);
}

// `retry` is checked again here: it may have been changed in place since it was assigned.
export function retryPolicy(settings: Settings, retryUnresolvedHosts = false): RetryPolicy {
  return Object.freeze({
    retry: validateRetryMap(settings.retry),
    maxHttpAttempts: settings.maxHttpAttempts,
    maxNetworkAttempts: settings.maxNetworkAttempts,
    sleepTimer: settings.sleepTimer,
    sleepTimerBase: settings.sleepTimerBase,
    staggerCooldown: settings.staggerCooldown,
    retryUnresolvedHosts,
  });
}

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

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null ? 'null' : typeof value;
}

/**
 * The retry and timeout settings of every client, one accessor each, made from the settings
 * table (`client/settings.ts`). Each may be set after construction; a bad value is refused
 * exactly as the constructor refuses it (`TypeError` or `RangeError`) and the old one stays.
 */
export interface SettingAccessors {
  /**
   * HTTP status to retry count (see {@link ApiClientOptions.retry}): a plain object that may
   * be changed in place (`client.retry[404] = 3`), read (and checked) at every request.
   */
  retry: Record<number, number>;
  /** Cap on finite-status retries per request (see {@link ApiClientOptions.maxHttpAttempts}). */
  maxHttpAttempts: number;
  /** Cap on network retries per request (see {@link ApiClientOptions.maxNetworkAttempts}). */
  maxNetworkAttempts: number;
  /** Seconds before an attempt times out (see {@link ApiClientOptions.timeout}). */
  timeout: number;
  /** The first cooldown factor, in seconds (see {@link ApiClientOptions.sleepTimer}). */
  sleepTimer: number;
  /** The cooldown's exponent base (see {@link ApiClientOptions.sleepTimerBase}). */
  sleepTimerBase: number;
  /** The cooldown's randomising factor (see {@link ApiClientOptions.staggerCooldown}). */
  staggerCooldown: number;
}
