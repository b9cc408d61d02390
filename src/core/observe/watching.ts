// What a client watches its calls with: checked at construction, the observing code itself loaded at the first
// observed call, so that a client without hooks or telemetry (and a page bundling one) carries none of it.
import { VERSION } from '../../generated/version.js';
import { checkedHooks, type HookCall, type RequestHooks } from './hooks.js';
import type { CallObserver } from './call-observer.js';
import type { OpenTelemetryApi, OtelSpan, Telemetry, TelemetryOptions } from './telemetry.js';

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
  telemetry: TelemetryOptions | undefined,
): Watching | undefined {
  if (telemetry !== undefined) checkTelemetry(telemetry);
  const checked = checkedHooks(hooks);
  if (checked === undefined && telemetry === undefined) return undefined;
  return { hooks: checked, telemetry, version: VERSION };
}

function checkTelemetry(telemetry: unknown): void {
  const api = (telemetry as { api?: Partial<OpenTelemetryApi> } | null)?.api;
  if (typeof api?.trace?.getTracer !== 'function' || typeof api.metrics?.getMeter !== 'function') {
    throw new TypeError(
      "telemetry needs the OpenTelemetry API module: `import * as otel from '@opentelemetry/api'`, then " +
        '`telemetry: { api: otel }`',
    );
  }
}

// The span of the MCP request an HTTP call serves, carried on the call's request options under a symbol:
// the MCP client hands it down through its own `post`/`get` (which a subclass may override) to `request`.
const WITHIN: unique symbol = Symbol('pagerduty-client traced within');

/** `options` (a copy) marked as a step of the MCP request traced by `span`: its attempts become its children. */
export function tracedWithin<T extends object>(options: T, span: OtelSpan | undefined): T {
  return span === undefined ? options : { ...options, [WITHIN]: span };
}

/** The observer of one call (the observing code loaded once per client). */
export async function observe(watching: Watching, call: HookCall, options?: object): Promise<CallObserver> {
  const within = (options as { [WITHIN]?: OtelSpan } | undefined)?.[WITHIN];
  const { observeCall } = await (watching.observing ??= import('./call-observer.js'));
  return observeCall(watching, call, within);
}

/** The `onError` hooks, for a failure met outside the attempt loop too (a status a method refuses). */
export async function runErrorHooks(hooks: RequestHooks | undefined, call: HookCall, error: Error): Promise<void> {
  for (const hook of hooks?.onError ?? []) await hook(call, error);
}
