import { validateRetryMap, type RetryPolicy } from '../retry/retry-rules.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../transport/bounded-body.js';

/** How one numeric setting is checked. */
export interface NumberRule {
  readonly integer?: boolean;
  /** Zero is refused too (a timeout of 0 s would fail every attempt). */
  readonly positive?: boolean;
  /** Above this many seconds the caller surely meant milliseconds. */
  readonly maxSeconds?: number;
}

/**
 * Every retry and timeout setting: its default, its check and, on the row, its documentation.
 * The options type ({@link SettingOptions}), the client's accessors ({@link SettingAccessors}),
 * the option names and the checks all come from this table.
 */
const SETTINGS_TABLE = {
  /**
   * HTTP status to retry count: `-1` without limit, `0` never. 429 is retried without limit
   * unless set. On a client, a plain object that may be changed in place
   * (`client.retry[404] = 3`), read and checked at every request.
   * @default {}
   */
  retry: { default: {} as Readonly<Record<number, number>>, rule: 'retry-map' as const },
  /**
   * Cap on the retries of one request over all statuses with a finite `retry` count.
   * @default 10
   */
  maxHttpAttempts: { default: 10, rule: { integer: true } as NumberRule },
  /**
   * Retries after network errors and timeouts before a `NetworkError`.
   * @default 3
   */
  maxNetworkAttempts: { default: 3, rule: { integer: true } as NumberRule },
  /**
   * Seconds (not milliseconds: at most 600) one attempt may take, connection and body
   * included; a timeout is a network error.
   * @default 60
   */
  timeout: { default: 60, rule: { positive: true, maxSeconds: 600 } as NumberRule },
  /**
   * The largest response body read into memory, in bytes; a larger one (or one that declares more in
   * `Content-Length`) fails with `ResponseTooLargeError` and its connection is closed. For an MCP event
   * stream, the bound is per event.
   * @default 67108864 (64 MiB)
   */
  maxResponseBytes: { default: DEFAULT_MAX_RESPONSE_BYTES, rule: { integer: true, positive: true } as NumberRule },
  /**
   * The first cooldown factor `t0`, in seconds (at most 3600): the first pause is `t0 * a`.
   * @default 1.5
   */
  sleepTimer: { default: 1.5, rule: { maxSeconds: 3600 } as NumberRule },
  /**
   * The exponent base `a` of the cooldown.
   * @default 2
   */
  sleepTimerBase: { default: 2, rule: {} as NumberRule },
  /**
   * The randomising factor `rho` of the cooldown (0 = deterministic). Set on a client
   * (`client.staggerCooldown = 0.5`), not a constructor option: few callers need it.
   * @default 0
   */
  staggerCooldown: { default: 0, rule: {} as NumberRule, option: false as const },
};

export const SETTINGS: Readonly<typeof SETTINGS_TABLE> = Object.freeze(SETTINGS_TABLE);

export type SettingName = keyof typeof SETTINGS_TABLE;

/** The settings that are constructor options too (every one is settable on a client). */
export const OPTION_SETTINGS: readonly SettingName[] = Object.freeze(
  (Object.keys(SETTINGS_TABLE) as SettingName[]).filter((name) => !('option' in SETTINGS_TABLE[name])),
);
export type NumericSetting = Exclude<SettingName, 'retry'>;

/**
 * The retry and timeout options of every client. Each may also be read and set on a client
 * after construction ({@link SettingAccessors}).
 *
 * @interface
 */
export type SettingOptions = {
  -readonly [K in keyof typeof SETTINGS_TABLE as (typeof SETTINGS_TABLE)[K] extends { option: false }
    ? never
    : K]?: (typeof SETTINGS_TABLE)[K]['default'] extends number ? number : Readonly<Record<number, number>>;
};

/**
 * The retry and timeout settings of every client, one accessor each. Each may be set after
 * construction; a bad value is refused exactly as the constructor refuses it (`TypeError` or
 * `RangeError`) and the old one stays.
 *
 * @interface
 */
export type SettingAccessors = {
  -readonly [K in keyof typeof SETTINGS_TABLE]: (typeof SETTINGS_TABLE)[K]['default'] extends number
    ? number
    : Record<number, number>;
};

/** The settings a client holds; `retry` is a plain object its owner may change in place. */
export type Settings = SettingAccessors;

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
