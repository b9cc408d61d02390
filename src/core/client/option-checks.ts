/**
 * The numeric settings of a client and the rule each must satisfy. One table serves the
 * constructor and the setters, so a value refused at construction is refused later too.
 *
 * @module
 */

/** How one numeric setting is checked. */
export interface NumberRule {
  /** Whole numbers only (attempt counts). */
  readonly integer?: boolean;
  /** Zero is refused too (a timeout of 0 s would fail every attempt). */
  readonly positive?: boolean;
}

/** The numeric settings of `ApiClient` and their rules. */
export const SETTING_RULES = Object.freeze({
  maxHttpAttempts: { integer: true },
  maxNetworkAttempts: { integer: true },
  timeout: { positive: true },
  sleepTimer: {},
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
 * @throws RangeError when it is negative, infinite, zero where refused, or fractional where refused
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
  const bad = !Number.isFinite(value) || value < 0 || (rule.positive && value === 0) || (rule.integer && !Number.isInteger(value));
  if (bad) {
    throw new RangeError(`${name} must be a${rule.integer ? ' whole' : ''} ${sign} finite number, got ${value}`);
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
