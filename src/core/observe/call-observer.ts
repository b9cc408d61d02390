// What watches one call: the caller's hooks and the call's trace, behind one object the attempt loop tells
// about each step. A client with neither makes none, so an unobserved call costs a few `undefined` checks.
import type { FetchRequestInit, FetchResponse } from '../platform/fetch-types.js';
import type { HookCall, HookRequest, HookRetry, RequestHooks } from './hooks.js';
import { Telemetry, type CallTrace, type OtelSpan } from './telemetry.js';
import type { Watching } from './watching.js';

/** Splits the credential off a request's headers: hooks never see it, and cannot replace it. */
function withoutAuthorization(headers: Readonly<Record<string, string>>): {
  rest: Record<string, string>;
  authorization: [string, string] | undefined;
} {
  const rest: Record<string, string> = {};
  let authorization: [string, string] | undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') authorization = [name, value];
    else rest[name] = value;
  }
  return { rest, authorization };
}

/** The headers a hook was given, checked: the credential stays the client's. */
export function headersAfterHooks(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') {
      throw new TypeError('a beforeRequest hook may not set Authorization: the credential is the client’s own');
    }
    if (typeof value !== 'string') throw new TypeError(`a beforeRequest hook set header ${name} to a non-string`);
  }
  return headers;
}

const NO_HOOKS: RequestHooks = Object.freeze({});

export class CallObserver {
  readonly #call: HookCall;
  readonly #hooks: RequestHooks;
  readonly #trace: CallTrace | undefined;
  #request: HookRequest | undefined;
  #ended = false;

  constructor(call: HookCall, hooks: RequestHooks | undefined, trace: CallTrace | undefined) {
    this.#call = call;
    this.#hooks = hooks ?? NO_HOOKS;
    this.#trace = trace;
  }

  /** The request of the attempt about to be sent, after the `beforeRequest` hooks and the trace context. */
  async beforeAttempt(attempt: number, init: FetchRequestInit): Promise<FetchRequestInit> {
    // Traced only: no hook is told of the request, so its headers need no split or check, only the context.
    if (this.#hooks === NO_HOOKS) {
      if (this.#trace === undefined) return init;
      const headers = { ...init.headers };
      this.#trace.attempt(attempt, headers);
      return { ...init, headers };
    }
    const { rest, authorization } = withoutAuthorization(init.headers ?? {});
    const request: HookRequest = { ...this.#call, attempt, headers: rest };
    this.#request = request;
    for (const hook of this.#hooks.beforeRequest ?? []) await hook(request);
    const headers = headersAfterHooks({ ...request.headers });
    this.#trace?.attempt(attempt, headers);
    if (authorization !== undefined) headers[authorization[0]] = authorization[1];
    return { ...init, headers };
  }

  /** An answer arrived: its span ends, then the `afterResponse` hooks run. */
  async afterResponse(response: FetchResponse): Promise<void> {
    this.#trace?.answered(response.status);
    const hooks = this.#hooks.afterResponse;
    if (hooks === undefined || this.#request === undefined) return;
    const view = {
      status: response.status,
      headers: response.headers,
      requestId: response.headers.get('x-request-id'),
    };
    for (const hook of hooks) await hook(this.#request, view);
  }

  /** The attempt failed in the transport. */
  attemptFailed(error: unknown): void {
    this.#trace?.failed(error);
  }

  /** A retry is coming: counted, then the `beforeRetry` hooks run. */
  async beforeRetry(retry: HookRetry): Promise<void> {
    this.#trace?.retried(retry.status === undefined ? 'network' : 'status', retry.status);
    const hooks = this.#hooks.beforeRetry;
    if (hooks === undefined || this.#request === undefined) return;
    for (const hook of hooks) await hook(this.#request, retry);
  }

  /** The call returned a response: its span ends with the status. */
  answered(status: number): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#trace?.end({ status });
  }

  /** The call failed: its span ends with the error, then the `onError` hooks run (their own errors win). */
  async failed(error: unknown): Promise<void> {
    if (!this.#ended) {
      this.#ended = true;
      this.#trace?.end({ error });
    }
    if (error instanceof Error) for (const hook of this.#hooks.onError ?? []) await hook(this.#call, error);
  }
}

/** The observer of one call: its hooks, and its trace once the telemetry API is loaded (a warning if it cannot be). */
export function observeCall(watching: Watching, call: HookCall, within?: OtelSpan): CallObserver {
  const { hooks, telemetry } = watching;
  const loaded =
    telemetry === undefined ? undefined : (watching.loadedTelemetry ??= new Telemetry(telemetry, watching.version));
  return new CallObserver(call, hooks, loaded?.start(call, within));
}
