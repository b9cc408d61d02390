// Every way to send reaches the network through `request`, so that an override of it (or of `get`, ...)
// sees every call.
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import { Credential } from '../auth/credential.js';
import type { HttpErrorParts } from '../errors/client-errors.js';
import type { RequestFacts } from '../errors/error-classes.js';
import { Refusal } from '../errors/refusal.js';
import { decodeJsonBody } from '../errors/json-body.js';
import {
  ALL_METHODS,
  API_CLIENT_OPTION_NAMES,
  methodRefusal,
  upperMethod,
  type ApiClientOptions,
  type Endpoint,
  type HttpMethod,
  type PassThroughInit,
  type RequestOptions,
  type TextExchange,
} from './client-options.js';
import { stderrLogger, type Logger } from '../logging.js';
import { outgoingInit } from '../request/outgoing-request.js';
import { appendQuery, type QueryParams } from '../request/query.js';
import type { RequestGate } from '../rate-limit/request-gate.js';
import { checkedRetryMode, type RetryMode } from '../retry/retry-mode.js';
import type { RateLimitState } from '../rate-limit/rate-limiter.js';
import { CallMetrics, pathCallKey, type CallKey, type CallMetricsView } from './call-metrics.js';
import { internalOf, passThroughOf } from './internal-options.js';
import { checkOptionNames } from './option-names.js';
import { checkedCopy, requestOptionsOnce } from './request-options.js';
import { buildEngine, type Engine } from './engine.js';
import { defineAccessors } from './accessors.js';
import {
  assignSetting,
  checkSetting,
  initialSettings,
  retryPolicy,
  SETTINGS,
  type SettingName,
  type SettingAccessors,
  type Settings,
} from './settings.js';
import { checkBaseUrl, resolveUrl } from '../request/url.js';
import { userAgent } from '../request/user-agent.js';
import { browserPolicy, browserSafeInit, checkBrowserAuth, type BrowserPolicy } from '../platform/browser.js';
import type { RuntimeGlobals } from '../platform/runtime.js';
import { regionalBaseUrl } from './regions.js';
import type { HookCall } from '../observe/hooks.js';
import { observe, runErrorHooks } from '../observe/watching.js';

export type {
  ApiClientOptions,
  Endpoint,
  HeaderMap,
  HttpMethod,
  PassThroughInit,
  RequestOptions,
  TextExchange,
} from './client-options.js';
export type { SettingAccessors, SettingOptions } from './settings.js';
export type { CallMetricsView } from './call-metrics.js';

/** The base URL of an `ApiClient` built without `baseUrl`: the REST API v2 (US region). */
export const DEFAULT_BASE_URL = 'https://api.pagerduty.com';

// The settings' and metrics' accessors are defined on the prototype in the class's static block.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ApiClient extends SettingAccessors, CallMetricsView {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ApiClient {
  /**
   * Headers sent with every request: a plain object, read at every request, that may be
   * changed in place (`client.headers['X-Team'] = 'sre'`) or replaced.
   */
  headers: Record<string, string | undefined>;
  /** Prints DEBUG lines to standard error when true (and no `logger` was given). */
  printDebug: boolean;
  readonly #credential: Credential;
  #url = '';
  #logger: Logger | undefined;
  #debugLogger: Logger | undefined;
  #warnLogger: Logger | undefined;
  readonly #settings: Settings;
  readonly #retryUnresolvedHosts: boolean;
  // A POST that may act is sent at most once unless the client (or the endpoint: an analytics query) says otherwise.
  readonly #postRetryMode: RetryMode;
  readonly #callKey: CallKey;
  readonly #passThrough: PassThroughInit;
  readonly #metrics = new CallMetrics();
  readonly #engine: Engine;
  readonly #browser: BrowserPolicy;
  // The runtime does not change under a client: its user agent is worked out once.
  readonly #userAgent = userAgent();
  // The endpoint each public method worked out, by the options object it handed to `get`/`post`/...
  readonly #handedDown = new WeakMap<RequestOptions, Endpoint>();

  /**
   * @param auth - how requests are authenticated (see `tokenAuth`, `bearerAuth`, ...)
   * @param options - engine options; every one has a default
   * @throws TypeError for options that are not an object or have an unknown key
   * @throws Error for an API key in a browser without `dangerouslyAllowBrowser: true`
   */
  constructor(auth: AuthMethod, options: ApiClientOptions = {}) {
    checkOptionNames('ApiClient', options, API_CLIENT_OPTION_NAMES);
    this.#browser = browserPolicy(options.dangerouslyAllowBrowser, globalThis as RuntimeGlobals);
    checkBrowserAuth(auth, this.#browser, new.target.name);
    const internal = internalOf(options);
    this.#credential = new Credential(auth);
    // Checked in this order, so that a bad setting is reported before a bad proxy.
    this.#settings = initialSettings(options);
    this.#retryUnresolvedHosts = internal.retryUnresolvedHosts === true;
    this.#postRetryMode = options.retryWrites === true ? 'idempotent' : 'at-most-once';
    this.#callKey = internal.callKey ?? pathCallKey;
    this.#passThrough = passThroughOf(internal);
    this.#engine = buildEngine(options, internal, this.#credential, this.#metrics);
    this.#logger = options.logger;
    this.url = regionalBaseUrl(DEFAULT_BASE_URL, options.region, this.#credential.current.provider, options.baseUrl);
    this.headers = { ...options.headers };
    this.printDebug = options.debug ?? false;
  }

  // `timeout`, `retry`, ... come from the settings table (`SettingAccessors`); `apiCallCounts`, ... from the metrics.
  static {
    const settings = (client: ApiClient): Settings => client.#settings;
    defineAccessors(ApiClient.prototype, settings, Object.keys(SETTINGS), (held, name, value) =>
      assignSetting(held, name as SettingName, value),
    );
    const metrics = (client: ApiClient): CallMetrics => client.#metrics;
    defineAccessors(ApiClient.prototype, metrics, ['apiCallCounts', 'apiTime'], (held, name, value) => {
      held[name as 'apiCallCounts' | 'apiTime'] = value as Record<string, number>;
    });
    defineAccessors(ApiClient.prototype, metrics, ['totalCallCount', 'totalCallTime']);
  }

  /**
   * The rate limit as this client last saw it (the `ratelimit-*` headers), and whether its requests are
   * held now: a read-only copy.
   */
  get rateLimit(): RateLimitState {
    return this.#engine.rateLimit.view();
  }

  /** The base URL (`https://` unless loopback, no trailing slash). Settable. */
  get url(): string {
    return this.#url;
  }

  /** Sets the base URL; a non-https (non-loopback) or malformed URL is a `UrlError`. */
  set url(value: string) {
    const checked = checkBaseUrl(value);
    if (checked instanceof Refusal) throw this.#engine.errors.refused(checked, { url: value });
    this.#url = checked;
  }

  /**
   * The logger: the `logger` option, else standard error: warnings and errors (a retry, a
   * fallback, a refused key), and every DEBUG line too while `printDebug` is on.
   */
  get log(): Logger {
    if (this.#logger) return this.#logger;
    if (this.printDebug) return (this.#debugLogger ??= stderrLogger(this.constructor.name));
    return (this.#warnLogger ??= stderrLogger(this.constructor.name, undefined, 'warn'));
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
    const agent = this.#userAgent;
    return agent === undefined ? { Accept: 'application/json' } : { 'User-Agent': agent, Accept: 'application/json' };
  }

  /**
   * The query parameters as sent: unchanged here; the REST clients append `[]` to list keys
   * (or use the style the operation declares, hence the endpoint).
   */
  protected encodeParams(params: QueryParams, _endpoint?: Endpoint): QueryParams {
    return params;
  }

  /** The client's request gate: a 429 pauses every request of the client (concurrent pagination's lanes tell it). */
  protected get requestGate(): RequestGate {
    return this.#engine.gate;
  }

  /** The auth method, for subclasses that build clients from the same credential. */
  protected get auth(): AuthMethod {
    return this.#credential.auth;
  }

  /** Replaces the credential: the next request uses it (the legacy sessions' settable key). */
  protected set auth(auth: AuthMethod) {
    checkBrowserAuth(auth, this.#browser, this.constructor.name);
    this.#credential.auth = auth;
  }

  /**
   * The full URL of a path (with or without a leading slash) or of a full URL under the
   * base URL. A URL on any other host or path is refused with a `UrlError`.
   */
  normalizeUrl(url: string): string {
    const resolved = resolveUrl(this.#url, url);
    if (resolved instanceof Refusal) throw this.#engine.errors.refused(resolved, { url });
    return resolved;
  }

  /**
   * The endpoint of a request: the method checked against {@link ApiClient.permittedMethods} and the URL resolved.
   * The REST clients add what their tables say. @internal
   *
   * @throws UrlError for a method not permitted or a foreign URL
   */
  protected endpoint(method: HttpMethod, url: string): Endpoint {
    const permitted = this.permittedMethods;
    if (!permitted.includes(method)) {
      const refusal = methodRefusal(method, permitted, this.constructor.name);
      throw this.#engine.errors.refused(refusal, { method, url });
    }
    return { method, url, resolved: this.normalizeUrl(url) };
  }

  /**
   * Sends a request, retrying as the policy says, and returns the last response whatever its status (its body
   * read into memory), except 401, which throws `HttpError` (on a token provider: after one renewal and resend).
   * Every other method calls it, so overriding it in a subclass sees every request.
   *
   * @throws UrlError before any request for a foreign URL or a method not permitted
   * @throws NetworkError when network retries run out
   * @throws HttpError on 401
   */
  async request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    const verb = method.toUpperCase() as HttpMethod;
    // A public method of this client checked the options and worked the endpoint out: unless an override
    // changed the options, method or URL on the way, neither is done again.
    const handed = this.#handedDown.get(options);
    const given = handed === undefined ? requestOptionsOnce(options) : options;
    const endpoint = handed?.method === verb && handed.url === url ? handed : this.endpoint(verb, url);
    const settings = this.#settings;
    const timeoutSeconds = given.timeout === undefined ? settings.timeout : checkSetting('timeout', given.timeout);
    const { resolved } = endpoint;
    const target =
      given.params === undefined ? resolved : appendQuery(resolved, this.encodeParams(given.params, endpoint));
    const { auth, header } = this.#credential.current;
    const parts = {
      defaultHeaders: this.defaultHeaders(),
      declaredHeaders: endpoint.headers,
      clientHeaders: this.headers,
      authorization: header,
      auth,
      passThrough: this.#passThrough,
    };
    const init = outgoingInit(verb, given, parts);
    const fetchInit = this.#browser.inBrowser ? browserSafeInit(init, this.#browser) : init;
    const metricKey = endpoint.operation ?? this.#callKey(verb, target, this.#url);
    // Hooks and tracing watch the call only when the client has them: otherwise nothing is made.
    const { watching } = this.#engine;
    const observer = watching && (await observe(watching, this.#hookCall(verb, target, metricKey), options));
    try {
      const { response, refusal: refused } = await this.#engine.loop.run({
        verb,
        target,
        fetchInit,
        timeoutSeconds,
        signal: given.signal ?? undefined,
        policy: retryPolicy(settings, this.#retryUnresolvedHosts),
        log: this.log,
        metricKey,
        stream: given.stream === true,
        retryMode:
          (given.retryMode === undefined ? undefined : checkedRetryMode(given.retryMode)) ??
          endpoint.retryMode ??
          (verb === 'POST' ? this.#postRetryMode : 'idempotent'),
        maxResponseBytes: settings.maxResponseBytes,
        observer,
      });
      if (refused === undefined) {
        observer?.answered(response.status);
        return response;
      }
      const body = await response.text();
      throw this.httpError({ method: verb, url: target, response, body, ...refused });
    } catch (error) {
      await observer?.failed(error);
      throw error;
    }
  }

  /** The call as hooks and spans see it: the URL redacted as the logs redact it. */
  #hookCall(verb: string, target: string, operation: string): HookCall {
    return { method: verb, url: this.#engine.errors.scrub(target), operation };
  }

  /**
   * Sends a request (through {@link ApiClient.request} or the low-level method of its
   * verb) and returns the response with its body as text, after a success check. The
   * returned response's own body has been read; use `text`.
   *
   * @throws HttpError / HttpServerError for a non-success status once retries run out
   */
  async requestText(method: string, url: string, options?: RequestOptions): Promise<TextExchange> {
    return this.sendText(this.endpoint(upperMethod(method) as HttpMethod, url), options);
  }

  /**
   * Sends as every higher-level method does: through the client's own low-level method
   * (`get`, `post`, ... which call `request`), so that an override sees the call, with a
   * copy of the options (an override that edits them never edits the caller's) and the
   * endpoint handed down; then reads the body and checks the status.
   *
   * @throws HttpError / HttpServerError for a non-success status once retries run out
   */
  protected async sendText(endpoint: Endpoint, options: RequestOptions = {}): Promise<TextExchange> {
    const init = checkedCopy(options);
    this.#handedDown.set(init, endpoint);
    const { method, url } = endpoint;
    const answer: unknown =
      method === 'GET'
        ? await this.get(url, init)
        : method === 'POST'
          ? await this.post(url, init)
          : method === 'PUT'
            ? await this.put(url, init)
            : method === 'PATCH'
              ? await this.patch(url, init)
              : method === 'DELETE'
                ? await this.delete(url, init)
                : await this.request(method, url, init);
    if (typeof answer !== 'object' || answer === null || typeof (answer as Response).text !== 'function')
      throw notAResponse(this.constructor.name, method, answer);
    const response = answer as Response;
    const text = await response.text();
    const sent = response.url || endpoint.resolved;
    if (response.status >= 200 && response.status < 300) return { response, text };
    const error = this.httpError({ method, url: sent, response, body: text });
    // A status the method refuses is a failure of the call too: the onError hooks hear of it before it is thrown.
    const hooks = this.#engine.watching?.hooks;
    if (hooks?.onError !== undefined) {
      const operation = endpoint.operation ?? this.#callKey(method, sent, this.#url);
      await runErrorHooks(hooks, this.#hookCall(method, sent, operation), error as Error);
    }
    throw error;
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
    const verb = upperMethod(method) as HttpMethod;
    const { response, text } = await this.sendText(this.endpoint(verb, url), options);
    const body = decodeJsonBody(text);
    if (body.ok) return body.value as T | null;
    const detail = 'API responded with a body that is not valid JSON';
    throw this.httpError({ method: verb, url: response.url, response, body: text, detail, code: 'ERR_NOT_JSON' });
  }

  /** The body of a successful (2xx) response as text. @throws HttpError / HttpServerError for any other status */
  async successText(method: string, response: Response): Promise<string> {
    const text = await response.text();
    if (response.status >= 200 && response.status < 300) return text;
    throw this.httpError({ method, url: response.url, response, body: text });
  }

  /** Builds (does not throw) a response's HTTP error, its secret scrubbed; a subclass may extend it. @internal */
  httpError(parts: HttpErrorParts): Error {
    return this.#engine.errors.http(parts);
  }

  /**
   * Builds (does not throw) the `UrlError` of input refused before any request, through the client's error
   * factory (the legacy layer's too). @internal
   */
  refused(refusal: Refusal, request?: RequestFacts): Error {
    return this.#engine.errors.refused(refusal, request);
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

// An override of `get`, `post`, ... must hand back what the engine gave it.
function notAResponse(client: string, method: string, got: unknown): TypeError {
  const via = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? `${method.toLowerCase()}()` : 'request()';
  const kind = got === null ? 'null' : typeof got;
  return new TypeError(`${client}.${via} must return the fetch Response it got from the engine (got ${kind})`);
}
