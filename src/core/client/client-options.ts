import type { FetchResponse } from '../platform/fetch-types.js';
import type { Logger } from '../logging.js';
import type { ProxySetting } from '../platform/proxy.js';
import type { AgentOption, FetchLike } from '../transport/transport.js';
import type { RetryMode } from '../request/outgoing-request.js';
import type { OptionNames } from './option-names.js';
import { Refusal } from '../errors/refusal.js';
import { OPTION_SETTINGS, type SettingOptions } from './settings.js';
import type { RequestHooks } from '../observe/hooks.js';
import type { TelemetryOptions } from '../observe/telemetry.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { OnRateLimit } from '../rate-limit/rate-limit-info.js';
import type { Region } from './regions.js';
import type { HeaderMap, HttpMethod, RequestOptions } from '../request/outgoing-request.js';

export type { HeaderMap, HttpMethod, PassThroughInit, RequestOptions } from '../request/outgoing-request.js';

/** A response whose body the engine read, and that body as UTF-8 text. */
export interface TextExchange {
  /** Its own body has been read: use `text`. */
  readonly response: FetchResponse;
  /** The body, decoded as UTF-8. */
  readonly text: string;
}

/**
 * What a call's public method works out about its endpoint, once, and hands down to `request` with the options
 * it sends (the REST clients add what their tables say: canonical path, wrappers, declared headers).
 */
export interface Endpoint {
  /** The method, upper case. */
  readonly method: HttpMethod;
  /** The URL or path as handed to `get`/`post`/...: an override that changes it has its own endpoint worked out. */
  readonly url: string;
  /** The full URL, without the query. */
  readonly resolved: string;
  /** The call-metrics key and the hooks' and spans' operation, when the endpoint knows it. */
  readonly operation?: string;
  /** How a failed attempt may be retried, when the endpoint decides it. */
  readonly retryMode?: RetryMode;
  /** Headers the operation declares, sent unless the client's or the request's headers name them. */
  readonly headers?: Readonly<Record<string, string>>;
}

export function upperMethod(method: string): string {
  return method.toUpperCase();
}

/** Every method the engine knows, in the order `permittedMethods` lists them. */
export const ALL_METHODS: readonly HttpMethod[] = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** The refusal of a method the client may not send. */
export function methodRefusal(verb: HttpMethod, permitted: readonly HttpMethod[], client: string): Refusal {
  const message = `${verb} is not permitted on ${client} (permitted: ${permitted.join(', ')})`;
  return new Refusal(message, 'ERR_METHOD_NOT_PERMITTED');
}

/**
 * Options of every client (all optional). The retry and timeout settings come from the
 * settings table ({@link SettingOptions}).
 */
export interface ApiClientOptions extends SettingOptions {
  /**
   * The base URL every relative path is resolved against (`https://` unless loopback).
   * @default `https://api.pagerduty.com` (each client documents its own)
   */
  baseUrl?: string;
  /**
   * The region whose host the client uses (`'eu'`: `api.eu.pagerduty.com`, `events.eu.pagerduty.com`,
   * `mcp.eu.pagerduty.com`, ...; the OAuth identity service is global); `baseUrl` wins over it.
   * @default the region of a managed token provider's scope (`as_account-eu.`), else `'us'`
   */
  region?: Region;
  /**
   * Print one line per attempt to standard error: a WARN line for each retry (printed
   * without it too), else DEBUG (sets {@link ApiClient.printDebug}).
   * @default false
   */
  debug?: boolean;
  /** Headers sent with every request (after the defaults, before per-request headers). */
  headers?: HeaderMap;
  /**
   * Retry a POST that creates or acts (an incident, a note, a status update) after a
   * timeout or a dropped connection, as reads are retried. Off by default, because such a
   * POST whose body reached PagerDuty would run twice: without it a POST is retried only
   * where it provably did not arrive (a refused connection, a 429, a 503 with
   * `Retry-After`). POSTs that only read (the analytics queries) are retried either way,
   * and a request's own `retryMode` wins. @default false
   */
  retryWrites?: boolean;
  /**
   * Where log lines go (a console, pino or winston shaped object); replaces the built-in
   * logger. `silentLogger` prints nothing.
   * @default warnings and errors to standard error (a retry, a fallback, a refused key); every
   *   DEBUG line too with `debug: true`
   */
  logger?: Logger;
  /** The fetch implementation: the transport seam. @default node-fetch on Node, the global `fetch` elsewhere */
  fetch?: FetchLike;
  /**
   * An `http(s).Agent` (or a function of the URL) for every request; Node only.
   * @default one keep-alive agent per client
   */
  agent?: AgentOption;
  /**
   * A proxy URL (or a function of the request URL, called at every request).
   * @default `HTTPS_PROXY`/`HTTP_PROXY` unless `NO_PROXY`, as they are when the client is made
   */
  proxy?: ProxySetting;
  /**
   * A limiter shared with other clients (and, with `pagerduty-client/rate-limit-redis`,
   * other processes) using the same key: asked before every attempt, told after every
   * answer, so that a 429 or a spent budget met by one holds them all. It only ever sees
   * a hash of the key. A limiter that fails never fails a request: the client falls back
   * to its own pacing and warns once. @default none (the client paces only itself)
   */
  rateLimiter?: RateLimiter;
  /**
   * Called on every 429 and whenever a request would wait for a spent budget; return
   * `false` to fail at once instead of waiting (see {@link OnRateLimit}). @default none (wait)
   */
  onRateLimit?: OnRateLimit;
  /**
   * Allow an API key (`Token` auth) in a browser, where anyone who opens the page can read
   * it. Without it such a client throws at construction; OAuth bearer tokens (a PKCE sign-in)
   * need no opt-in. Only for a key meant to be public (a read-only key on an internal page).
   * @default false
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * The caller's functions at each step of every call: before each attempt (to add headers), after each
   * answer, before each retry, on a failure (see {@link RequestHooks}). @default none
   */
  hooks?: RequestHooks;
  /**
   * OpenTelemetry spans (one per call, one per attempt) and metrics, through the `@opentelemetry/api`
   * module you hand over (an optional peer dependency): see {@link TelemetryOptions}. @default none
   */
  telemetry?: TelemetryOptions;
}

/** The names of {@link ApiClientOptions}, checked at construction (see `checkOptionNames`). */
export const API_CLIENT_OPTION_NAMES: OptionNames<ApiClientOptions> = Object.freeze({
  baseUrl: true,
  region: true,
  debug: true,
  headers: true,
  // The retry and timeout settings, from their table.
  ...(Object.fromEntries(OPTION_SETTINGS.map((name) => [name, true])) as Record<keyof SettingOptions, true>),
  retryWrites: true,
  logger: true,
  fetch: true,
  agent: true,
  proxy: true,
  rateLimiter: true,
  onRateLimit: true,
  dangerouslyAllowBrowser: true,
  hooks: true,
  telemetry: true,
});

/**
 * {@link API_CLIENT_OPTION_NAMES} with a client's own `names`. Each client calls this marked pure: a consumer's
 * bundler then drops the names of a client its page never makes, which it cannot do for an object spread in place
 * (a spread may run getters). Five clients' names were in every page of the REST client alone.
 */
export function withApiClientOptionNames<T extends Readonly<Record<string, true>>>(
  names: T,
): Readonly<OptionNames<ApiClientOptions> & T> {
  return Object.freeze({ ...API_CLIENT_OPTION_NAMES, ...names });
}

export const REQUEST_OPTION_NAMES: OptionNames<RequestOptions> = Object.freeze({
  headers: true,
  json: true,
  form: true,
  params: true,
  timeout: true,
  stream: true,
  retryMode: true,
  extraParams: true,
  extraFields: true,
  body: true,
  signal: true,
  redirect: true,
  agent: true,
  compress: true,
  size: true,
});
