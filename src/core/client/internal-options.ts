import type { ErrorFactory } from '../errors/error-classes.js';
import type { CallKey } from './call-metrics.js';

// Seams of the legacy layer, the CLI and the tests, under symbols no entry point exports: completions
// show users only what they set, and `checkOptionNames` (string keys) never sees them.
export interface InternalOptions {
  readonly sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** The legacy sessions throw pdpyras' error classes. */
  readonly errorFactory?: ErrorFactory;
  /** pdpyras retried a host name that does not resolve. */
  readonly retryUnresolvedHosts?: boolean;
  /** pdpyras 4 keyed its call metrics by path tokens. */
  readonly callKey?: CallKey;
  readonly compress?: boolean;
  readonly size?: number;
  /** The REST clients' behaviour at the legacy seams: a `Partial<RestPolicy>`, which only `rest/` reads. */
  readonly restPolicy?: object;
  /** The outermost constructor checked the option names: the classes under it do not again. */
  readonly optionsChecked?: boolean;
}

type Name = keyof InternalOptions;

// One symbol per setting, so that spreading two option objects merges their settings.
const KEYS: { readonly [K in Name]-?: symbol } = Object.freeze({
  sleep: Symbol('pagerduty-client sleep'),
  random: Symbol('pagerduty-client random'),
  errorFactory: Symbol('pagerduty-client errorFactory'),
  retryUnresolvedHosts: Symbol('pagerduty-client retryUnresolvedHosts'),
  callKey: Symbol('pagerduty-client callKey'),
  compress: Symbol('pagerduty-client compress'),
  size: Symbol('pagerduty-client size'),
  restPolicy: Symbol('pagerduty-client restPolicy'),
  optionsChecked: Symbol('pagerduty-client optionsChecked'),
});

/** `options` with `internal` added (over any already there); `options` itself is not changed. */
export function withInternal<T extends object>(options: T, internal: InternalOptions): T {
  const copy = { ...options } as Record<symbol, unknown>;
  for (const name of Object.keys(internal) as Name[]) {
    if (internal[name] !== undefined) copy[KEYS[name]] = internal[name];
  }
  return copy as unknown as T;
}

export function internalOf(options: object | undefined): InternalOptions {
  const found: Record<string, unknown> = {};
  if (typeof options !== 'object' || options === null) return found;
  const carrier = options as Record<symbol, unknown>;
  for (const name of Object.keys(KEYS) as Name[]) {
    if (carrier[KEYS[name]] !== undefined) found[name] = carrier[KEYS[name]];
  }
  return found as InternalOptions;
}

/** `options` marked as checked by the constructor that checked them, for the classes it extends. */
export function checkedOptions<T extends object>(options: T): T {
  return withInternal(options, { optionsChecked: true });
}

/** Whether a constructor above this one already checked these options' names. */
export function optionsAlreadyChecked(options: unknown): boolean {
  return (
    typeof options === 'object' &&
    options !== null &&
    (options as Record<symbol, unknown>)[KEYS.optionsChecked] === true
  );
}

/** The node-fetch options every request of a client carries (the legacy sessions' `compress` and `size`). */
export function passThroughOf(internal: InternalOptions): { compress?: boolean; size?: number } {
  const passThrough: { compress?: boolean; size?: number } = {};
  if (internal.compress !== undefined) passThrough.compress = internal.compress;
  if (internal.size !== undefined) passThrough.size = internal.size;
  return passThrough;
}
