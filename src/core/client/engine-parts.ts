/**
 * The parts an `ApiClient` sends with, built from its engine options: the checked
 * settings, the error builder, the transport, the request gate, the rate limit and the
 * attempt loop, and the options left over for fetch. Built in this order, so that a bad
 * setting is reported before a bad proxy.
 *
 * @module
 */
import type { ApiClientOptions, PassThroughInit } from './client-options.js';
import type { Secret } from '../auth/secret.js';
import { ClientErrors, type HttpErrorParts } from '../errors/client-errors.js';
import { coreErrorFactory } from '../errors/error-classes.js';
import { timerSleep } from '../retry/abortable-sleep.js';
import { AttemptLoop } from '../retry/attempt-loop.js';
import { RequestGate } from '../retry/request-gate.js';
import { normalizeProxyUrl } from '../transport/proxy.js';
import { Transport } from '../transport/transport.js';
import type { CallMetrics } from './call-metrics.js';
import { ClientSettings } from './settings.js';
import { checkOnRateLimit, checkRateLimiter, ClientRateLimit } from '../rate-limit/client-rate-limit.js';

/** The options {@link engineParts} reads: those of `ApiClientOptions` the client keeps for itself are not among them. */
export type EngineOptions = Omit<ApiClientOptions, 'baseUrl' | 'debug' | 'headers' | 'logger' | 'callKey'>;

/** What the parts need of their client. */
export interface EngineHooks {
  /** The client's credential now (it may be replaced), scrubbed from error messages. */
  secret(): Secret | undefined;
  /** Builds the client's HTTP error (its own method, which a subclass may extend). */
  httpError(parts: HttpErrorParts): Error;
  /** The client's call metrics, which the loop counts into. */
  readonly metrics: CallMetrics;
}

/** The parts of one client, all owned by it. */
export interface EngineParts {
  /** The numeric settings and retry table, checked. */
  readonly settings: ClientSettings;
  /** Builds the client's errors, its secret scrubbed. */
  readonly errors: ClientErrors;
  /** Sends the attempts and holds the connections. */
  readonly transport: Transport;
  /** A 429 pauses every request of the client here; concurrent pagination takes turns here. */
  readonly gate: RequestGate;
  /** What the client saw of its rate limit, and the caller's limiter and hook. */
  readonly rateLimit: ClientRateLimit;
  /** Sends a prepared request with retries. */
  readonly loop: AttemptLoop;
  /** The fetch options of every request (the options the engine does not know). */
  readonly passThrough: PassThroughInit;
}

/**
 * The parts of a client with these options.
 *
 * @throws TypeError / RangeError for a bad setting; TypeError for a malformed `proxy`
 * @example
 * ```ts
 * const parts = engineParts({ timeout: 5 }, { secret: () => undefined, httpError: (p) => new Error(p.method), metrics: new CallMetrics() });
 * parts.settings.timeout; // 5
 * ```
 */
export function engineParts(options: EngineOptions, hooks: EngineHooks): EngineParts {
  const {
    timeout,
    retry,
    maxHttpAttempts,
    maxNetworkAttempts,
    sleepTimer,
    sleepTimerBase,
    staggerCooldown,
    retryUnresolvedHosts,
    fetch,
    agent,
    proxy,
    sleep,
    random,
    errorFactory,
    rateLimiter,
    onRateLimit,
    ...passThrough
  } = options;
  const settings = new ClientSettings({
    timeout,
    retry,
    maxHttpAttempts,
    maxNetworkAttempts,
    sleepTimer,
    sleepTimerBase,
    staggerCooldown,
    retryUnresolvedHosts,
  });
  const errors = new ClientErrors(errorFactory ?? coreErrorFactory, hooks.secret);
  // A malformed proxy is a configuration error now, not a network error at each request.
  const checkedProxy =
    typeof proxy === 'string' && proxy.trim() !== '' ? normalizeProxyUrl(proxy, 'the proxy option') : proxy;
  const transport = new Transport({ fetch, agent, proxy: checkedProxy });
  const pause = sleep ?? timerSleep;
  const gate = new RequestGate({ sleep: pause });
  const rateLimit = new ClientRateLimit({
    limiter: checkRateLimiter(rateLimiter),
    onRateLimit: checkOnRateLimit(onRateLimit),
    secret: hooks.secret,
    gate,
    sleep: pause,
    scrub: (text) => errors.scrub(text),
  });
  const loop = new AttemptLoop({
    transport,
    gate,
    rateLimit,
    sleep: pause,
    random: random ?? Math.random,
    errors,
    metrics: hooks.metrics,
    httpError: (parts) => hooks.httpError(parts),
  });
  return { settings, errors, transport, gate, rateLimit, loop, passThrough: { ...passThrough } };
}
