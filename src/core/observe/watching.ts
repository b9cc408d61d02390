// What a client watches its calls with: checked at construction, the observing code itself loaded at the first
// observed call, so that a client without hooks or telemetry (and a page bundling one) carries none of it.
import type { Logger } from '../logging.js';
import { VERSION } from '../../generated/version.js';
import { checkedHooks, type HookCall, type RequestHooks } from './hooks.js';
import type { CallObserver } from './call-observer.js';
import type { Telemetry, TelemetryOptions } from './telemetry.js';

/** A client's hooks and telemetry options; the telemetry made at the first call that needs it. */
export interface Watching {
  readonly hooks?: RequestHooks;
  readonly telemetry?: TelemetryOptions;
  /** The library's version, for the tracer and meter. */
  readonly version: string;
  /** Made once per client, by the observing code. */
  loadedTelemetry?: Telemetry;
  observing?: Promise<typeof import('./call-observer.js')>;
}

/** The client's {@link Watching} for its options (checked); `undefined` when it has neither. */
export function watchingOf(
  hooks: RequestHooks | undefined,
  telemetry: boolean | TelemetryOptions | undefined,
): Watching | undefined {
  if (
    telemetry !== undefined &&
    typeof telemetry !== 'boolean' &&
    (typeof telemetry !== 'object' || telemetry === null)
  )
    throw new TypeError('telemetry must be a boolean or an object');
  const checked = checkedHooks(hooks);
  const options = telemetry === true ? {} : telemetry === false ? undefined : telemetry;
  if (checked === undefined && options === undefined) return undefined;
  return { hooks: checked, telemetry: options, version: VERSION };
}

/** The observer of one call (the observing code loaded once per client). */
export async function observe(watching: Watching, call: HookCall, log: Logger): Promise<CallObserver> {
  const { observeCall } = await (watching.observing ??= import('./call-observer.js'));
  return observeCall(watching, call, log);
}

/** The `onError` hooks, for a failure met outside the attempt loop too (a status a method refuses). */
export async function runErrorHooks(hooks: RequestHooks | undefined, call: HookCall, error: Error): Promise<void> {
  for (const hook of hooks?.onError ?? []) await hook(call, error);
}
