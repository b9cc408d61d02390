/**
 * Faults on demand, for testing retries: rate limiting (429), server errors (5xx) and
 * dropped connections. Every rule is deterministic: it fires on counts (`next`,
 * `everyNth`) or on the emulator's seeded random source (`share`), never on real chance,
 * so a test knows exactly which requests fail.
 *
 * @module
 */
import type { RandomSource } from '../store/random.js';

/** When a fault fires. Rules combine: a request is hit when any of them says so. */
export interface FaultRule {
  /** Fire on the next `next` requests (counted by this fault's hits, so it always fires exactly `next` times). */
  next?: number;
  /** Fire on every n-th request this fault sees (n, 2n, 3n, ...). */
  everyNth?: number;
  /** Fire on this share (0 to 1) of requests, drawn from the emulator's seeded random source. */
  share?: number;
}

/** A 429 rate limit. */
export interface RateLimitFault extends FaultRule {
  /** Seconds sent in `Retry-After`. @default 1 */
  retryAfter?: number;
}

/** A 5xx answer. */
export interface ServerErrorFault extends FaultRule {
  /** The status sent. @default 500 */
  status?: number;
}

/**
 * The faults to inject. Several kinds may be set at once; when two would hit the same
 * request, a dropped connection wins over a 429, and a 429 over a 5xx. Faults hit a
 * request before it is handled, so a failed request changes nothing in the state.
 *
 * @example
 * ```ts
 * emulator.faults = { rateLimit: { everyNth: 3 }, dropConnection: { next: 1 } };
 * ```
 */
export interface FaultSettings {
  /** Answer 429 with `Retry-After`. */
  rateLimit?: RateLimitFault;
  /** Answer with a 5xx error. */
  serverError?: ServerErrorFault;
  /** Destroy the connection without answering. */
  dropConnection?: FaultRule;
  /**
   * Only requests whose path starts with this are counted and hit (`/incidents`, `/v2/enqueue`).
   * @default every request
   */
  pathPrefix?: string;
}

/** What to do with one request. */
export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'rate-limit'; retryAfter: number }
  | { kind: 'server-error'; status: number };

/** Per-kind counts: requests seen and faults fired since the settings were set. */
export interface FaultCounters {
  /** Requests seen. */
  seen: number;
  /** Faults fired. */
  fired: number;
}

type Kind = 'dropConnection' | 'rateLimit' | 'serverError';
const ORDER: readonly Kind[] = ['dropConnection', 'rateLimit', 'serverError'];

/** Checks settings: counts must be positive whole numbers, shares in [0, 1], statuses 5xx. */
export function validateFaults(settings: FaultSettings): FaultSettings {
  for (const kind of ORDER) {
    const rule = settings[kind];
    if (!rule) continue;
    for (const field of ['next', 'everyNth'] as const) {
      const value = rule[field];
      if (value !== undefined && (!Number.isInteger(value) || value < 0 || (field === 'everyNth' && value === 0))) {
        throw new RangeError(
          `faults.${kind}.${field} must be a ${field === 'next' ? 'non-negative' : 'positive'} whole number`,
        );
      }
    }
    if (rule.share !== undefined && !(rule.share >= 0 && rule.share <= 1)) {
      throw new RangeError(`faults.${kind}.share must be between 0 and 1`);
    }
  }
  const status = settings.serverError?.status;
  if (status !== undefined && !(Number.isInteger(status) && status >= 500 && status <= 599)) {
    throw new RangeError('faults.serverError.status must be a 5xx status');
  }
  const retryAfter = settings.rateLimit?.retryAfter;
  if (retryAfter !== undefined && !(retryAfter >= 0)) throw new RangeError('faults.rateLimit.retryAfter must be >= 0');
  return settings;
}

function fires(rule: FaultRule, counters: FaultCounters, random: RandomSource): boolean {
  const seen = counters.seen + 1;
  if (rule.next !== undefined && counters.fired < rule.next) return true;
  if (rule.everyNth !== undefined && seen % rule.everyNth === 0) return true;
  return rule.share !== undefined && rule.share > 0 && random() < rule.share;
}

/**
 * Decides the fault for one request, and counts it. Holds the counters, which start
 * again whenever new settings are given.
 */
export class FaultPlan {
  readonly #settings: FaultSettings;
  readonly #random: RandomSource;
  readonly #counters: Record<Kind, FaultCounters> = {
    dropConnection: { seen: 0, fired: 0 },
    rateLimit: { seen: 0, fired: 0 },
    serverError: { seen: 0, fired: 0 },
  };

  /**
   * @param settings - the faults (validated; copied)
   * @param random - the source of `share` draws
   */
  constructor(settings: FaultSettings, random: RandomSource) {
    this.#settings = structuredClone(validateFaults(settings));
    this.#random = random;
  }

  /** The settings in force (a copy). */
  get settings(): FaultSettings {
    return structuredClone(this.#settings);
  }

  /** How many requests each kind saw and hit. */
  get counters(): Readonly<Record<Kind, FaultCounters>> {
    return structuredClone(this.#counters);
  }

  /** The fault for a request to `path`, counting it for every kind that is set. */
  decide(path: string): FaultDecision {
    const prefix = this.#settings.pathPrefix;
    if (prefix !== undefined && !path.startsWith(prefix)) return { kind: 'none' };
    let chosen: Kind | undefined;
    for (const kind of ORDER) {
      const rule = this.#settings[kind];
      if (!rule) continue;
      const counters = this.#counters[kind];
      const hit = chosen === undefined && fires(rule, counters, this.#random);
      counters.seen += 1;
      if (hit) {
        counters.fired += 1;
        chosen = kind;
      }
    }
    if (chosen === 'dropConnection') return { kind: 'drop' };
    if (chosen === 'rateLimit') return { kind: 'rate-limit', retryAfter: this.#settings.rateLimit?.retryAfter ?? 1 };
    if (chosen === 'serverError') return { kind: 'server-error', status: this.#settings.serverError?.status ?? 500 };
    return { kind: 'none' };
  }
}
