/**
 * `ApiClient`, the engine under every client: settings, URL checks, headers and auth, and
 * the ways to send (`request`, the low-level methods, text and JSON). Each request goes
 * through the attempt loop (`attempt-loop.ts`), which asks the pure retry rules in
 * `retry.ts` what to do after each try.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { authSecret, AuthorizationMemo, type AuthMethod } from '../auth/auth-methods.js';
import { ClientErrors } from '../errors/client-errors.js';
import { coreErrorFactory, type ErrorSpec } from '../errors/error-classes.js';
import type { RefusalFailure, RequestContext, ResponseFacts } from '../errors/failure-facts.js';
import { ALL_METHODS, NO_REQUEST_OPTIONS, upperMethod, type ApiClientOptions, type HttpMethod, type PassThroughInit, type RequestOptions } from '../api-client-options.js';
import { silentLogger, stderrLogger, type Logger } from '../logging.js';
import { appendQuery, type QueryParams } from '../request/query.js';
import { timerSleep } from '../retry/abortable-sleep.js';
import { AttemptLoop, type AttemptHost, type PreparedRequest } from '../retry/attempt-loop.js';
import { ApiClientMetrics, pathCallKey, recordCall } from './call-metrics.js';
import { checkSetting } from './option-checks.js';
import { sendThroughLowLevel, usesEngineMethods, type TextExchange } from './low-level-routing.js';
import { normalizeProxyUrl } from '../transport/proxy.js';
import { outgoingInit } from '../request/outgoing-request.js';
import { MergedHeadersMemo } from '../request/headers.js';
import { RequestGate } from '../retry/request-gate.js';
import { readableResponse, Transport, type BufferedResponse } from '../transport/transport.js';
import { checkBaseUrl, resolveUrl } from '../request/url.js';
import { userAgent } from '../request/user-agent.js';
import { utf8Text } from '../transport/body-text.js';

export type { ApiClientOptions, HeaderMap, HttpMethod, PassThroughInit, RequestOptions } from '../api-client-options.js';

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
export class ApiClient extends ApiClientMetrics {
  /**
   * Headers sent with every request: a plain object, read at every request, that may be
   * changed in place (`client.headers['X-Team'] = 'sre'`) or replaced.
   */
  headers: Record<string, string | undefined>;
  /** Prints DEBUG lines to standard error when true (and no `logger` was given). */
  printDebug: boolean;
  #auth: AuthMethod;
  readonly #transport: Transport;
  readonly #loop: AttemptLoop;
  readonly #errors: ClientErrors;
  /** The client's fetch options for every request; `undefined` when it has none (the usual case). */
  readonly #passThrough: PassThroughInit | undefined;
  readonly #gate: RequestGate;
  #url = '';
  readonly #authorization = new AuthorizationMemo();
  readonly #headerMemo = new MergedHeadersMemo();
  // Made once: every request resolves its URL, and a refusal is rare.
  readonly #urlRefusal: RefusalFailure = (message, facts) => this.#errors.fail({ kind: 'url', message, facts });
  #logger: Logger | undefined;
  #debugLogger: Logger | undefined;

  /**
   * @param auth - how requests are authenticated (see `tokenAuth`, `bearerAuth`, ...)
   * @param options - engine options; every one has a default
   */
  constructor(auth: AuthMethod, options: ApiClientOptions = {}) {
    const {
      baseUrl, debug, timeout, headers, retry, maxHttpAttempts, maxNetworkAttempts, sleepTimer,
      sleepTimerBase, staggerCooldown, logger, fetch, agent, proxy, sleep, random, errorFactory,
      ...passThrough
    } = options;
    super({ timeout, retry, maxHttpAttempts, maxNetworkAttempts, sleepTimer, sleepTimerBase, staggerCooldown });
    this.#auth = auth;
    this.#errors = new ClientErrors(errorFactory ?? coreErrorFactory, () => authSecret(this.#auth));
    // A malformed proxy is a configuration error now, not a network error at each request.
    const checkedProxy = typeof proxy === 'string' && proxy.trim() !== '' ? normalizeProxyUrl(proxy, 'the proxy option') : proxy;
    this.#transport = new Transport({ fetch, agent, proxy: checkedProxy });
    const pause = sleep ?? timerSleep;
    this.#gate = new RequestGate({ sleep: pause });
    this.#loop = new AttemptLoop({ transport: this.#transport, gate: this.#gate, sleep: pause, random: random ?? Math.random, host: this.#host() });
    this.#passThrough = Object.keys(passThrough).length > 0 ? { ...passThrough } : undefined;
    this.#logger = logger;
    this.url = baseUrl ?? DEFAULT_BASE_URL;
    this.headers = { ...headers };
    this.printDebug = debug ?? false;
  }

  /** The base URL (`https://` unless loopback, no trailing slash). Settable. */
  get url(): string {
    return this.#url;
  }

  /** Sets the base URL; a non-https (non-loopback) or malformed URL is a `UrlError`. */
  set url(value: string) {
    this.#url = checkBaseUrl(value, (message) => this.#errors.fail({ kind: 'url', message }));
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
    return authSecret(this.#auth)?.toString() ?? '';
  }

  /**
   * The key a request is counted under in {@link ApiClient.apiCallCounts} and
   * {@link ApiClient.apiTime}: the method and the path below the base URL. The REST
   * clients override it to key by canonical path.
   */
  protected callMetricKey(method: string, url: string): string {
    return pathCallKey(method, url, this.#url);
  }

  /** The headers every request starts from; subclasses add theirs (Accept, From, ...). */
  protected defaultHeaders(): Record<string, string> {
    return { 'User-Agent': userAgent(), Accept: 'application/json' };
  }

  /**
   * The query parameters as they are sent. The engine sends them unchanged; the REST
   * clients override this to append `[]` to list keys (as their policy says).
   */
  protected encodeParams(params: QueryParams): QueryParams {
    return params;
  }

  /**
   * The client's request gate: a 429 pauses every request of the client through it, and
   * concurrent pagination takes its turns there.
   */
  protected get requestGate(): RequestGate {
    return this.#gate;
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
    return resolveUrl(this.#url, url, this.#urlRefusal);
  }

  /**
   * Sends a request, retrying as the policy says, and returns the last response whatever
   * its status, except 401, which throws `HttpError` at once. The low-level methods call
   * it, so overriding it in a subclass sees every request of every method.
   *
   * @throws UrlError before any request for a foreign URL or a method not permitted
   * @throws NetworkError when network retries run out
   * @throws HttpError on 401
   */
  request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    return this.#exchange(method, url, options, readableResponse);
  }

  /**
   * Sends a request and returns the response with its body as text, after a success
   * check. Cheaper than {@link ApiClient.request} followed by `text()`: the body is
   * decoded once and no second Response is built. The returned response's own body has
   * been read; use `text`.
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
    return this.#successText(method, url, options ?? NO_REQUEST_OPTIONS);
  }

  #successText(method: string, url: string, options: RequestOptions, context?: RequestContext): Promise<TextExchange> {
    // The body is decoded inside the attempt loop's own promise: no async layer of its own.
    return this.#exchange(method, url, options, ({ response, body }) => this.#success(method, response, utf8Text(body), response.url, context));
  }

  /**
   * Sends as every higher-level method does: through the client's own low-level method
   * (`get`, `post`, ... which call `request`), so that an override sees the call; straight
   * to {@link ApiClient.requestText} when none is overridden.
   *
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpError / HttpServerError for a non-success status once retries run out
   */
  protected sendText(method: string, url: string, options: RequestOptions = {}, context?: RequestContext): Promise<{
    /** The response; its body has been read. */
    readonly response: Response;
    /** The body, decoded as UTF-8. */
    readonly text: string;
  }> {
    const verb = upperMethod(method);
    // Not async itself: the engine's promise is handed on as it is, without another layer.
    if (usesEngineMethods(this, ApiClient.prototype, verb)) return this.#successText(verb, url, options, context);
    return this.#lowLevelText(verb, url, options, context);
  }

  async #lowLevelText(verb: string, url: string, options: RequestOptions, context?: RequestContext): Promise<TextExchange> {
    const { response, text } = await sendThroughLowLevel(this, verb, url, options);
    return this.#success(verb, response, text, response.url || this.normalizeUrl(url), context);
  }

  /** A request as it will be sent: checked, resolved, with its headers and body. */
  #prepare(method: string, url: string, options: RequestOptions): PreparedRequest {
    const verb = upperMethod(method) as HttpMethod;
    const { params, timeout } = options;
    const timeoutSeconds = timeout === undefined ? this.timeout : checkSetting('timeout', timeout);
    if (!this.permittedMethods.includes(verb)) {
      const permitted = this.permittedMethods.join(', ');
      throw this.#errors.fail({
        kind: 'method',
        message: `${verb} is not permitted on ${this.constructor.name} (permitted: ${permitted})`,
        facts: { reason: 'method-not-permitted', method: verb, permitted: [...this.permittedMethods] },
      });
    }
    const resolved = this.normalizeUrl(url);
    const target = params === undefined ? resolved : appendQuery(resolved, this.encodeParams(params));
    const parts = { defaultHeaders: this.defaultHeaders(), clientHeaders: this.headers, authorization: this.#authorization.header(this.#auth), auth: this.#auth, passThrough: this.#passThrough, headerMemo: this.#headerMemo };
    const fetchInit = outgoingInit(verb, options, parts);
    const policy = this.retryPolicy();
    const log = this.log;
    const signal = options.signal ?? undefined;
    if (signal?.aborted) throw this.#loop.aborted(verb, target, signal.reason);
    return { verb, resolved, target, fetchInit, timeoutSeconds, signal, policy, log };
  }

  /**
   * Prepares the request and runs its attempts. `finish` turns the last exchange into the
   * result (it may throw); it runs inside the loop's promise, so that the callers add no
   * async layer of their own. A refusal while preparing rejects, as the loop would.
   */
  #exchange<T>(method: string, url: string, options: RequestOptions, finish: (exchange: BufferedResponse) => T): Promise<T> {
    let prepared: PreparedRequest;
    try {
      prepared = this.#prepare(method, url, options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#loop.run(prepared, finish);
  }

  /** What the attempt loop needs from this client, made once. */
  #host(): AttemptHost {
    return {
      fail: (spec) => this.#errors.fail(spec),
      httpError: (method, url, response, body, detail, kind, facts) => this.httpError(method, url, response, body, detail, kind, facts),
      recordAttempt: (verb, target, seconds) => recordCall(this, this.callMetricKey(verb, target), seconds),
      redactedSecret: () => this.redactedSecret,
      scrub: (text) => this.#errors.scrub(text),
    };
  }

  /**
   * `request('GET', ...)`. An extension point: every GET of a higher-level method (`rget`,
   * `jget`, the iterators, `find`, ...) goes through it, so a subclass's override sees them.
   */
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
  requestJson<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<T | null> {
    let verb: string;
    try {
      verb = upperMethod(method);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    // Not async itself: without an overridden low-level method, the body is decoded inside
    // the attempt loop's own promise, as the loop's last step.
    if (usesEngineMethods(this, ApiClient.prototype, verb)) {
      return this.#exchange(verb, url, options ?? NO_REQUEST_OPTIONS, ({ response, body }) => {
        const success = this.#success(verb, response, utf8Text(body), response.url);
        return this.#json<T>(verb, success.response, success.text);
      });
    }
    return this.#lowLevelText(verb, url, options ?? {}).then(({ response, text }) => this.#json<T>(verb, response, text));
  }

  /** The response and its text when the status is a success (2xx); else throws its HTTP error. */
  #success(verb: string, response: Response, text: string, url: string, context?: RequestContext): TextExchange {
    if (response.status >= 200 && response.status < 300) return { response, text };
    throw this.httpError(verb, url, response, text, undefined, undefined, context);
  }

  /** A success body decoded as JSON: `null` when empty, else the value; not JSON is a server error. */
  #json<T>(verb: string, response: Response, text: string): T | null {
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw this.httpError(verb, response.url, response, text, 'API responded with a body that is not valid JSON', 'http-server', {
        reason: 'not-json',
      });
    }
  }

  /**
   * The body of a successful (2xx) response as text.
   *
   * @throws HttpError / HttpServerError for any other status
   */
  async successText(method: string, response: Response): Promise<string> {
    return this.#success(method, response, await response.text(), response.url).text;
  }

  /**
   * Builds (does not throw) the HTTP error for a response, through the client's error
   * factory, with the secret scrubbed from the message. Plumbing between the engine and
   * the client modules, hence not in the documentation.
   *
   * @param facts - why it failed, beyond the status (the factory also gets the method, URL
   *   and status); by default the reason the status gives (see `responseReason`)
   * @internal
   */
  httpError(
    method: string,
    url: string,
    response: Response,
    body: string,
    detail?: string,
    kind?: 'http' | 'http-server',
    facts?: ResponseFacts,
  ): Error {
    return this.#errors.http(method, url, response, body, detail, kind, facts);
  }

  /**
   * Builds (does not throw) an error of the given kind through the client's error factory.
   * Subclasses use it so that the legacy layer's factory applies to their errors too.
   */
  protected makeError(spec: ErrorSpec): Error {
    return this.#errors.fail(spec);
  }

  /** Frees the client's connections. The client must not be used afterwards. */
  close(): void {
    this.#transport.close();
  }

  /** `await using client = new ...` closes the client at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }
}
