/**
 * `ApiClient`, the engine under every client: it holds its settings, call metrics,
 * transport and attempt loop, and offers the ways to send (`request`, the low-level
 * methods, text and JSON). Every way reaches the network through `request`, so an
 * override of it (or of `get`, `post`, ...) sees every call.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { authorizationHeader, authSecret, type AuthMethod } from '../auth/auth-methods.js';
import type { HttpErrorParts } from '../errors/client-errors.js';
import type { ErrorSpec } from '../errors/error-classes.js';
import type { RefusalFailure, RequestContext } from '../errors/failure-facts.js';
import { decodeJsonBody } from '../errors/json-body.js';
import {
  ALL_METHODS,
  API_CLIENT_OPTION_NAMES,
  upperMethod,
  type ApiClientOptions,
  type HttpMethod,
  type RequestOptions,
} from './client-options.js';
import { silentLogger, stderrLogger, type Logger } from '../logging.js';
import type { QueryParams } from '../request/query.js';
import type { RequestGate } from '../retry/request-gate.js';
import type { RateLimitState } from '../rate-limit/rate-limiter.js';
import { CallMetrics, pathCallKey } from './call-metrics.js';
import { engineParts, type EngineParts } from './engine-parts.js';
import { checkOptionNames } from './option-names.js';
import { sendThroughLowLevel } from './low-level-call.js';
import { prepareRequest, type RequestPreparationHost } from './request-preparation.js';
import { checkBaseUrl, resolveUrl } from '../request/url.js';
import { userAgent } from '../request/user-agent.js';

export type { ApiClientOptions, HeaderMap, HttpMethod, PassThroughInit, RequestOptions } from './client-options.js';

/** The base URL of an `ApiClient` built without `baseUrl`: the REST API v2 (US region). */
export const DEFAULT_BASE_URL = 'https://api.pagerduty.com';

/**
 * The base of all clients: sends requests with retries, and nothing else.
 *
 * @example
 * ```ts
 * await using client = new ApiClient(tokenAuth(key), { baseUrl: 'https://api.pagerduty.com' });
 * const response = await client.get('/users', { params: { limit: 10 } });
 * console.log(response.status, await response.json());
 * ```
 */
export class ApiClient {
  /**
   * Headers sent with every request: a plain object, read at every request, that may be
   * changed in place (`client.headers['X-Team'] = 'sre'`) or replaced.
   */
  headers: Record<string, string | undefined>;
  /** Prints DEBUG lines to standard error when true (and no `logger` was given). */
  printDebug: boolean;
  #auth: AuthMethod;
  readonly #metrics = new CallMetrics();
  /** Settings, errors, transport, gate and attempt loop. */
  readonly #engine: EngineParts;
  /** What a request is prepared from (see `prepareRequest`). */
  readonly #preparation: RequestPreparationHost;
  #url = '';
  #logger: Logger | undefined;
  #debugLogger: Logger | undefined;

  /**
   * @param auth - how requests are authenticated (see `tokenAuth`, `bearerAuth`, ...)
   * @param options - engine options; every one has a default
   * @throws TypeError for options that are not an object or have an unknown key
   */
  constructor(auth: AuthMethod, options: ApiClientOptions = {}) {
    checkOptionNames('ApiClient', options, API_CLIENT_OPTION_NAMES);
    const { baseUrl, debug, headers, logger, callKey, ...engineOptions } = options;
    this.#auth = auth;
    // HTTP errors go through the client's own method, which a subclass may extend.
    this.#engine = engineParts(engineOptions, {
      secret: () => authSecret(this.#auth),
      httpError: (parts) => this.httpError(parts),
      metrics: this.#metrics,
    });
    const metricKey = callKey ?? pathCallKey; // fixed at construction
    // The overridable parts (permittedMethods, normalizeUrl, encodeParams, defaultHeaders) are read per request.
    this.#preparation = {
      clientName: this.constructor.name,
      timeout: () => this.timeout,
      permittedMethods: () => this.permittedMethods,
      fail: (spec) => this.#engine.errors.fail(spec),
      normalizeUrl: (url) => this.normalizeUrl(url),
      encodeParams: (params, verb, url) => this.encodeParams(params, verb, url),
      requestParts: () => ({
        defaultHeaders: this.defaultHeaders(),
        clientHeaders: this.headers,
        authorization: authorizationHeader(this.#auth),
        auth: this.#auth,
        passThrough: this.#engine.passThrough,
      }),
      metricKey: (verb, target) => metricKey(verb, target, this.#url),
      retryPolicy: () => this.#engine.settings.retryPolicy(),
      log: () => this.log,
    };
    this.#logger = logger;
    this.url = baseUrl ?? DEFAULT_BASE_URL;
    this.headers = { ...headers };
    this.printDebug = debug ?? false;
  }

  /**
   * HTTP status to retry count (see {@link ApiClientOptions.retry}): a plain object that
   * may be changed in place (`client.retry[404] = 3`), read (and checked) at every request.
   */
  get retry(): Record<number, number> {
    return this.#engine.settings.retry;
  }

  /** Replaces `retry` with a mutable copy, checked at once (`TypeError` or `RangeError`; the old value stays). */
  set retry(value: Readonly<Record<number, number>>) {
    this.#engine.settings.retry = value;
  }

  /** Cap on finite-status retries per request: a whole non-negative number. */
  get maxHttpAttempts(): number {
    return this.#engine.settings.maxHttpAttempts;
  }

  /** Sets `maxHttpAttempts`, checked as the constructor checks it. */
  set maxHttpAttempts(value: number) {
    this.#engine.settings.maxHttpAttempts = value;
  }

  /** Cap on network retries per request: a whole non-negative number. */
  get maxNetworkAttempts(): number {
    return this.#engine.settings.maxNetworkAttempts;
  }

  /** Sets `maxNetworkAttempts`, checked as the constructor checks it. */
  set maxNetworkAttempts(value: number) {
    this.#engine.settings.maxNetworkAttempts = value;
  }

  /** Seconds before an attempt times out: a positive finite number, at most 600. */
  get timeout(): number {
    return this.#engine.settings.timeout;
  }

  /** Sets `timeout`, checked as the constructor checks it. */
  set timeout(value: number) {
    this.#engine.settings.timeout = value;
  }

  /** The first cooldown factor, in seconds: a non-negative finite number, at most 3600. */
  get sleepTimer(): number {
    return this.#engine.settings.sleepTimer;
  }

  /** Sets `sleepTimer`, checked as the constructor checks it. */
  set sleepTimer(value: number) {
    this.#engine.settings.sleepTimer = value;
  }

  /** The cooldown's exponent base: a non-negative finite number. */
  get sleepTimerBase(): number {
    return this.#engine.settings.sleepTimerBase;
  }

  /** Sets `sleepTimerBase`, checked as the constructor checks it. */
  set sleepTimerBase(value: number) {
    this.#engine.settings.sleepTimerBase = value;
  }

  /** The randomising factor `rho`: a non-negative finite number. */
  get staggerCooldown(): number {
    return this.#engine.settings.staggerCooldown;
  }

  /** Sets `staggerCooldown`, checked as the constructor checks it. */
  set staggerCooldown(value: number) {
    this.#engine.settings.staggerCooldown = value;
  }

  /**
   * Responses received per endpoint, keyed `"METHOD endpoint"` (`"GET /users/{id}"` on the
   * REST clients): every attempt that got a response counts, retried ones too. Assign
   * `{}` to start counting afresh.
   */
  get apiCallCounts(): Record<string, number> {
    return this.#metrics.apiCallCounts;
  }

  /** Replaces the counts (`{}` starts afresh). */
  set apiCallCounts(value: Record<string, number>) {
    this.#metrics.apiCallCounts = value;
  }

  /** Seconds spent per endpoint (keys as in {@link ApiClient.apiCallCounts}), from sending each attempt until its body was read. */
  get apiTime(): Record<string, number> {
    return this.#metrics.apiTime;
  }

  /** Replaces the times (`{}` starts afresh). */
  set apiTime(value: Record<string, number>) {
    this.#metrics.apiTime = value;
  }

  /** The number of responses received so far (the sum of `apiCallCounts`). */
  get totalCallCount(): number {
    return this.#metrics.totalCallCount;
  }

  /** The seconds spent so far (the sum of `apiTime`). */
  get totalCallTime(): number {
    return this.#metrics.totalCallTime;
  }

  /** The rate limit as this client last saw it (the `ratelimit-*` headers), and whether its requests are held now: a read-only copy. */
  get rateLimit(): RateLimitState {
    return this.#engine.rateLimit.view();
  }

  /** The base URL (`https://` unless loopback, no trailing slash). Settable. */
  get url(): string {
    return this.#url;
  }

  /** Sets the base URL; a non-https (non-loopback) or malformed URL is a `UrlError`. */
  set url(value: string) {
    this.#url = checkBaseUrl(value, (message) => this.#engine.errors.fail({ kind: 'url', message }));
  }

  /** The logger: the `logger` option, else a standard-error printer while `printDebug` is on, else silent. */
  get log(): Logger {
    if (this.#logger) return this.#logger;
    if (!this.printDebug) return silentLogger;
    this.#debugLogger ??= stderrLogger(this.constructor.name);
    return this.#debugLogger;
  }

  /** Replaces the logger. */
  set log(logger: Logger) {
    this.#logger = logger;
  }

  /** The methods this client may send; any other is a `UrlError` before a request. */
  get permittedMethods(): readonly HttpMethod[] {
    return ALL_METHODS;
  }

  /** The credential, redacted (`*` and its last four characters). */
  get redactedSecret(): string {
    return this.#engine.errors.redactedSecret();
  }

  /** The headers every request starts from; subclasses add theirs (Accept, From, ...). */
  protected defaultHeaders(): Record<string, string> {
    return { 'User-Agent': userAgent(), Accept: 'application/json' };
  }

  /**
   * The query parameters as sent: unchanged here; the REST clients append `[]` to list keys
   * (or use the style the operation declares, hence the method and URL).
   */
  protected encodeParams(params: QueryParams, _method?: HttpMethod, _url?: string): QueryParams {
    return params;
  }

  /** The client's request gate: a 429 pauses every request of the client; concurrent pagination takes turns there. */
  protected get requestGate(): RequestGate {
    return this.#engine.gate;
  }

  /** The auth method, for subclasses that build clients from the same credential. */
  protected get auth(): AuthMethod {
    return this.#auth;
  }

  /** Replaces the credential: the next request uses it (the legacy sessions' settable key). */
  protected set auth(auth: AuthMethod) {
    this.#auth = auth;
  }

  /**
   * The full URL of a path (with or without a leading slash) or of a full URL under the
   * base URL. A URL on any other host or path is refused with a `UrlError`.
   */
  normalizeUrl(url: string): string {
    const refuse: RefusalFailure = (message, facts) => this.#engine.errors.fail({ kind: 'url', message, facts });
    return resolveUrl(this.#url, url, refuse);
  }

  /**
   * Sends a request, retrying as the policy says, and returns the last response whatever
   * its status (its body read into memory), except 401, which throws `HttpError` at once.
   * Every other method calls it, so overriding it in a subclass sees every request.
   *
   * @throws UrlError before any request for a foreign URL or a method not permitted
   * @throws NetworkError when network retries run out
   * @throws HttpError on 401
   */
  async request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    return this.#engine.loop.run(prepareRequest(method, url, options, this.#preparation));
  }

  /**
   * Sends a request (through {@link ApiClient.request} or the low-level method of its
   * verb) and returns the response with its body as text, after a success check. The
   * returned response's own body has been read; use `text`.
   *
   * @throws HttpError / HttpServerError for a non-success status once retries run out
   */
  async requestText(
    method: string,
    url: string,
    options?: RequestOptions,
  ): Promise<{
    /** The response; its own body has been read. */
    response: Response;
    /** The body, decoded as UTF-8. */
    text: string;
  }> {
    return this.sendText(method, url, options);
  }

  /**
   * Sends as every higher-level method does: through the client's own low-level method
   * (`get`, `post`, ... which call `request`), so that an override sees the call, then
   * reads the body and checks the status.
   *
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpError / HttpServerError for a non-success status once retries run out
   */
  protected async sendText(
    method: string,
    url: string,
    options: RequestOptions = {},
    context?: RequestContext,
  ): Promise<{
    /** The response; its body has been read. */
    readonly response: Response;
    /** The body, decoded as UTF-8. */
    readonly text: string;
  }> {
    const verb = upperMethod(method);
    const response = await sendThroughLowLevel(this, verb, url, options);
    const text = await response.text();
    return this.#success(verb, response, text, response.url || this.normalizeUrl(url), context);
  }

  /** `request('GET', ...)`; every GET of a higher-level method (`rget`, the iterators, ...) goes through it. */
  get(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('GET', url, options);
  }

  /** `request('POST', ...)`; `rpost`, `jpost` and the events methods go through it. */
  post(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('POST', url, options);
  }

  /** `request('PUT', ...)`; `rput`, `jput` and `persist`'s update go through it. */
  put(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('PUT', url, options);
  }

  /** `request('PATCH', ...)`; `rpatch` and `jpatch` go through it. */
  patch(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('PATCH', url, options);
  }

  /** `request('DELETE', ...)`; `rdelete` and `jdelete` go through it. */
  delete(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('DELETE', url, options);
  }

  /**
   * Sends a request and returns its decoded JSON body (`null` when the body is empty, as
   * on 204). The base of every higher-level method.
   *
   * @throws HttpError for a non-success status once retries run out
   * @throws HttpServerError for 5xx, a redirect, or a body that is not JSON
   *
   * @example
   * ```ts
   * const body = await client.requestJson<{ users: User[] }>('GET', '/users');
   * ```
   */
  async requestJson<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<T | null> {
    const verb = upperMethod(method);
    const { response, text } = await this.sendText(verb, url, options);
    const detail = 'API responded with a body that is not valid JSON';
    const onInvalid = (): Error =>
      this.httpError({
        method: verb,
        url: response.url,
        response,
        body: text,
        detail,
        kind: 'http-server',
        facts: { reason: 'not-json' },
      });
    return decodeJsonBody(text, onInvalid) as T | null;
  }

  /** The response and its text when the status is a success (2xx); else throws its HTTP error. */
  #success(
    verb: string,
    response: Response,
    text: string,
    url: string,
    context?: RequestContext,
  ): { response: Response; text: string } {
    if (response.status >= 200 && response.status < 300) return { response, text };
    throw this.httpError({ method: verb, url, response, body: text, facts: context });
  }

  /** The body of a successful (2xx) response as text. @throws HttpError / HttpServerError for any other status */
  async successText(method: string, response: Response): Promise<string> {
    return this.#success(method, response, await response.text(), response.url).text;
  }

  /**
   * Builds (does not throw) the HTTP error for a response, through the client's error
   * factory, with the secret scrubbed from the message. Plumbing between the engine and
   * the client modules, hence not in the documentation.
   *
   * @param parts - method, URL, response and body; `detail`, `kind` and `facts` (by
   *   default the reason the status gives) when the caller knows more
   * @internal
   */
  httpError(parts: HttpErrorParts): Error {
    return this.#engine.errors.http(parts);
  }

  /** Builds (does not throw) an error of the given kind through the client's error factory (the legacy layer's too). */
  protected makeError(spec: ErrorSpec): Error {
    return this.#engine.errors.fail(spec);
  }

  /** Frees the client's connections. The client must not be used afterwards. */
  close(): void {
    this.#engine.transport.close();
  }

  /** `await using client = new ...` closes the client at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }
}
