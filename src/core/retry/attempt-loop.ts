// One request's attempts read wait → send → decide → pause. Rate limiting is one interface around each attempt
// (`AttemptRateLimit`: before it, after its answer, while a 429's pause runs), whichever the client has: its own
// request gate, or the shared limiter and `onRateLimit` over that gate. What to do with an answer or a failure
// is the pure rules' call (`retry-rules.ts`, `retry-mode.ts`).
import type { FetchResponse } from '../platform/fetch-types.js';
import type { ClientErrors } from '../errors/client-errors.js';
import { dropsDebug, formatAttempt, type AttemptRecord, type Logger } from '../logging.js';
import { abortableSleep, AbortedDuringPause } from '../abortable-sleep.js';
import {
  initialRetryState,
  parseRetryAfter,
  refusesToken,
  retryDecision,
  returnsAtOnce,
  statusRule,
  type RetryAction,
  type RetryState,
  type StopAction,
} from './retry-rules.js';
import type { Transport } from '../transport/transport.js';
import type { Credential, ProvidedAuthorization } from '../auth/credential.js';
import type { TokenProvider } from '../auth/token-provider.js';
import { mayRetryAtMostOnce } from './retry-mode.js';
import { attemptFailureKind } from './attempt-failure.js';
import { ResponseTooLargeError } from '../errors/error-classes.js';
import { RateLimitDeclined, type AttemptRateLimit, type RateLimitAttempt } from '../rate-limit/attempt-rate-limit.js';
import {
  afterResponseHooks,
  discardBody,
  withAuthorization,
  type AttemptResult,
  type PreparedRequest,
} from './prepared-request.js';

export type { AttemptResult, HttpMethod, PreparedRequest } from './prepared-request.js';

/** Ends the message of a host name that did not resolve, which is not retried. */
const UNRESOLVED_NOTE = ' (the host name does not resolve; not retried: check the base URL)';

// Node's own monotonic clock, found once: fake timers replace the global `performance` but must not skew `apiTime`.
const REAL_CLOCK: { now(): number } = (() => {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  const hooks = node?.getBuiltinModule?.('node:perf_hooks') as { performance: { now(): number } } | undefined;
  return hooks?.performance ?? globalThis.performance;
})();

/** Where answered attempts are counted (the client's call metrics). */
export interface AttemptMetrics {
  /** Adds one answered attempt of `seconds` under `key`. */
  record(key: string, seconds: number): void;
}

/** What the loop sends with and reports to; all owned by one client. */
export interface AttemptLoopOptions {
  readonly transport: Transport;
  /** The client's rate limit: its request gate, or (opted in) the shared limiter and the hook over it. */
  readonly rateLimit: AttemptRateLimit;
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly errors: ClientErrors;
  readonly metrics: AttemptMetrics;
  /** The client's credential: with a token provider, each attempt's `Authorization` comes from it. */
  readonly credential?: Credential;
}

/** Where one request stands: the rules' state, and whether its refused token was renewed (once per request). */
interface RequestRun {
  readonly request: PreparedRequest;
  /** The request's logger when it prints DEBUG lines; `undefined` when it drops them (nothing is formatted). */
  readonly debug: Logger | undefined;
  readonly atMostOnce: boolean;
  state: RetryState;
  renewed: boolean;
}

/** The next attempt after a pause, and what to report of the one that failed. */
interface RetryStep {
  readonly kind: 'retry';
  readonly pause: number;
  readonly state: RetryState;
  /** `status 503, x-request-id ...` or `network error: ...`. */
  readonly failure: string;
  readonly status?: number;
  /** A 429: every request of the client waits out the pause. */
  readonly pausesEveryRequest?: boolean;
}

/** An attempt that was answered, with the token it was sent with (when the credential is a token provider). */
interface Answered {
  readonly response: FetchResponse;
  readonly provider: TokenProvider | undefined;
  readonly provided: ProvidedAuthorization | undefined;
  /** When it was sent, by the real clock. */
  readonly started: number;
}

/** What an answer leads to: the result, a retry after a pause, or (a token renewed) the next attempt at once. */
type AnswerStep = { readonly kind: 'return'; readonly result: AttemptResult } | { readonly kind: 'again' } | RetryStep;

/** Runs the attempts of a client's requests; one per client. */
export class AttemptLoop {
  readonly #options: Omit<AttemptLoopOptions, 'credential'>;
  readonly #credential: Credential | undefined;

  constructor(options: AttemptLoopOptions) {
    this.#options = options;
    this.#credential = options.credential;
  }

  /**
   * Sends `request` until the retry rules stop, and returns the last response (its body
   * read into memory, or live with `stream`), whatever its status but 401. An
   * at-most-once request is retried only where `mayRetryAtMostOnce` allows.
   *
   * @throws the host's errors: network (retries spent), abort (the caller's signal), 401
   */
  async run(request: PreparedRequest): Promise<AttemptResult> {
    const { verb, target, fetchInit, signal, observer } = request;
    const { transport, rateLimit } = this.#options;
    if (signal?.aborted) throw this.#aborted(verb, target, signal.reason);
    const atMostOnce = request.retryMode === 'at-most-once';
    const debug = dropsDebug(request.log) ? undefined : request.log;
    const run: RequestRun = { request, debug, atMostOnce, state: initialRetryState(request.policy), renewed: false };
    const sending = { stream: request.stream === true, maxBytes: request.maxResponseBytes };
    for (let attempt = 1; ; attempt += 1) {
      const asking: RateLimitAttempt = { method: verb, url: target, attempt, log: request.log };
      // Wait: the client's own gate gives nothing to await unless it holds the client (a 429's pause).
      const held = rateLimit.beforeAttempt(asking, signal);
      if (held) await this.#waited(held, verb, target);
      // Send. The token is asked at each attempt, so that a retry does not send one that expired meanwhile;
      // hooks change the headers (never the credential) and may refuse the attempt before it is sent.
      const provider = this.#credential?.current.provider;
      const provided = provider ? await this.#credential?.provided(provider) : undefined;
      const authorized = provided ? withAuthorization(fetchInit, provided.authorization) : fetchInit;
      const init = observer ? await observer.beforeAttempt(attempt, authorized) : authorized;
      const started = REAL_CLOCK.now();
      let response: FetchResponse;
      try {
        response = await transport.send(target, init, request.timeoutSeconds, sending);
      } catch (error) {
        observer?.attemptFailed(error);
        // Decide (throws when not retried), then pause.
        await this.#pauseBeforeRetry(run, attempt, this.#afterFailure(run, attempt, error));
        continue;
      }
      // Decide, after the answer is counted and shown to the hooks and the rate limit; then pause.
      const step = await this.#afterAnswer(run, asking, { response, provider, provided, started });
      if (step.kind === 'return') return step.result;
      if (step.kind === 'retry') await this.#pauseBeforeRetry(run, attempt, step);
    }
  }

  /** The wait of the rate limit, its refusals turned into the client's errors. */
  async #waited(held: Promise<void>, verb: string, target: string): Promise<void> {
    try {
      await held;
    } catch (error) {
      if (error instanceof RateLimitDeclined) throw this.#declined(verb, target, error);
      throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
    }
  }

  /**
   * A failed attempt: retried only for a failure of the transport, within the network limits.
   *
   * @throws the failure itself (not the transport's, or the same answer would come again), the abort of the
   *   caller's signal, or the client's network error when it is not retried
   */
  #afterFailure(run: RequestRun, attempt: number, error: unknown): RetryStep {
    const { verb, target, signal, policy } = run.request;
    if (signal?.aborted) throw this.#aborted(verb, target, signal.reason);
    if (error instanceof ResponseTooLargeError) throw error;
    const kind = attemptFailureKind(error);
    if (kind === 'programming') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    // A name that does not resolve will not resolve in 21 s either (pdpyras retried it).
    const retryable = kind === 'transport' || policy.retryUnresolvedHosts === true;
    const allowed = retryable && (!run.atMostOnce || mayRetryAtMostOnce({ kind: 'network-error' }, error));
    const decision = allowed
      ? retryDecision({ kind: 'network-error' }, run.state, policy, this.#options.random())
      : ({ action: 'network-exhausted' } as const);
    if (decision.action === 'retry')
      return { kind: 'retry', pause: decision.pause, state: decision.state, failure: `network error: ${reason}` };
    run.debug?.debug(this.#attemptLine({ method: verb, url: target, attempt, error: reason }));
    const message =
      `${verb} ${target}: network error after ${attempt} attempt${attempt > 1 ? 's' : ''}: ` +
      `${reason}${retryable ? '' : UNRESOLVED_NOTE}`;
    throw this.#options.errors.network(message, error, { method: verb, url: target });
  }

  /** An answer: counted, shown to the hooks and the rate limit, then returned, retried, or sent again. */
  async #afterAnswer(run: RequestRun, asking: RateLimitAttempt, sent: Answered): Promise<AnswerStep> {
    const { request } = run;
    const { response, provider, provided } = sent;
    const { status, headers } = response;
    this.#options.metrics.record(request.metricKey, (REAL_CLOCK.now() - sent.started) / 1000);
    if (request.observer) await afterResponseHooks(request.observer, response, request.stream === true);
    // The status's rule, once: only a status that honours `Retry-After` has it read (a success never does).
    const rule = statusRule(status);
    const retryAfter = rule.honoursRetryAfter ? parseRetryAfter(headers, Date.now()) : undefined;
    const pausesEveryRequest = rule.pausesEveryRequest === true;
    const told = this.#options.rateLimit.afterResponse({ status, headers, retryAfter, pausesEveryRequest }, asking);
    if (told) await told;
    const requestId = headers.get('x-request-id');
    const answered = { method: request.verb, url: request.target, attempt: asking.attempt, status, requestId };
    if (returnsAtOnce(status)) {
      run.debug?.debug(this.#attemptLine(answered));
      return { kind: 'return', result: { response } };
    }
    if (provider && provided && !run.renewed && (await this.#renewedToken(run, response, provider, provided))) {
      run.debug?.debug(this.#attemptLine(answered));
      if (request.stream) discardBody(response);
      return { kind: 'again' };
    }
    const outcome = { kind: 'response', status, retryAfter } as const;
    const decision =
      run.atMostOnce && !rule.throws && !mayRetryAtMostOnce(outcome)
        ? ({ action: 'return' } as const)
        : retryDecision(outcome, run.state, request.policy, this.#options.random());
    return this.#decided(run, asking, { response, retryAfter, requestId }, decision);
  }

  /** What the rules decided for an answer, the 401 and the 429 questions included. */
  async #decided(
    run: RequestRun,
    asking: RateLimitAttempt,
    answer: { response: FetchResponse; retryAfter: number | undefined; requestId: string | null },
    decision: RetryAction | StopAction,
  ): Promise<AnswerStep> {
    const { request } = run;
    const { response, retryAfter, requestId } = answer;
    const { status } = response;
    const record = { method: request.verb, url: request.target, attempt: asking.attempt, status, requestId };
    // A retried attempt is reported once, by its warning; the last one by a debug line.
    if (decision.action !== 'retry') run.debug?.debug(this.#attemptLine(record));
    if (decision.action === 'unauthorized') return { kind: 'return', result: this.#unauthorized(request, response) };
    const { pausesEveryRequest } = statusRule(status);
    if (pausesEveryRequest) {
      const retryPause = decision.action === 'retry' ? decision.pause : undefined;
      const asked = this.#options.rateLimit.rateLimited(asking, retryPause, retryAfter);
      if (asked && !(await asked)) {
        if (retryPause !== undefined) run.debug?.debug(this.#attemptLine(record));
        const detail = 'API responded with 429 Too Many Requests, and onRateLimit chose not to wait';
        return { kind: 'return', result: { response, refusal: { detail } } };
      }
    }
    if (decision.action !== 'retry') return { kind: 'return', result: { response } };
    if (request.stream) discardBody(response);
    const failure = `status ${status}${requestId ? `, x-request-id ${requestId}` : ''}`;
    return { kind: 'retry', pause: decision.pause, state: decision.state, failure, status, pausesEveryRequest };
  }

  /** Whether the token provider renewed a token that the answer refused (asked once per request). */
  async #renewedToken(
    run: RequestRun,
    response: FetchResponse,
    provider: TokenProvider,
    provided: ProvidedAuthorization,
  ): Promise<boolean> {
    const { status } = response;
    const wwwAuthenticate = response.headers.get('www-authenticate');
    if (!refusesToken(status, wwwAuthenticate)) return false;
    run.renewed = true;
    const refusal = { token: provided.token, status, ...(wwwAuthenticate ? { wwwAuthenticate } : {}) };
    return provider.refused !== undefined && (await provider.refused(refusal));
  }

  #unauthorized(request: PreparedRequest, response: FetchResponse): AttemptResult {
    const { errors } = this.#options;
    const key = errors.redactedSecret();
    const named = key ? ` (${key})` : '';
    const detail =
      `API responded with 401 Unauthorized: the key or token${named} may be invalid, ` +
      'or the region (base URL) wrong';
    request.log.warn(errors.scrub(`${request.verb} ${request.target}: ${detail}`));
    return { response, refusal: { detail, code: 'ERR_UNAUTHORIZED' } };
  }

  /** Reports the retry, tells the hooks, and pauses: a 429's pause holds every request of the client meanwhile. */
  async #pauseBeforeRetry(run: RequestRun, attempt: number, retry: RetryStep): Promise<void> {
    const { verb, target, signal, log, observer } = run.request;
    const { pause, failure: reason, status } = retry;
    this.#reportRetry(log, verb, target, attempt, reason, pause);
    await observer?.beforeRetry(status === undefined ? { attempt, reason, pause } : { attempt, reason, status, pause });
    const paused = this.#pause(pause, signal, verb, target);
    if (retry.pausesEveryRequest) this.#options.rateLimit.whilePausing(paused, pause);
    await paused;
    run.state = retry.state;
  }

  #declined(verb: string, target: string, declined: RateLimitDeclined): Error {
    const until = new Date(Date.now() + declined.info.retryAfter * 1000).toISOString();
    const message =
      `${verb} ${target}: not sent: the rate-limit budget is spent until ${until}, ` +
      'and onRateLimit chose not to wait';
    return this.#options.errors.aborted(message, declined.info, { method: verb, url: target }, true);
  }

  #aborted(verb: string, target: string, reason: unknown): Error {
    const message = `${verb} ${target}: aborted by the caller's signal`;
    return this.#options.errors.aborted(message, reason, { method: verb, url: target });
  }

  async #pause(seconds: number, signal: AbortSignal | undefined, verb: string, target: string): Promise<void> {
    try {
      await abortableSleep(this.#options.sleep, seconds, signal);
    } catch (error) {
      throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
    }
  }

  // Called only when the request prints DEBUG lines (`run.debug`): nothing is formatted for a logger that drops them.
  #attemptLine(record: AttemptRecord): string {
    const key = this.#options.errors.redactedSecret() || undefined;
    return this.#options.errors.scrub(formatAttempt({ ...record, key }));
  }

  #reportRetry(log: Logger, verb: string, target: string, attempt: number, failure: string, seconds: number): void {
    warnRetry(log, { method: verb, url: target, attempt, failure, pause: seconds }, (text) =>
      this.#options.errors.scrub(text),
    );
  }
}

export interface RetryReport {
  readonly method: string;
  /** The request URL (redacted by the caller if need be). */
  readonly url: string;
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  /** What failed: `status 503` (with `, x-request-id ...` when the response had one) or `network error: ...`. */
  readonly failure: string;
  /** The pause before the next attempt, in seconds. */
  readonly pause: number;
}

export function retryWarning(report: RetryReport): string {
  const { method, url, attempt, failure, pause } = report;
  return `${method} ${url}: attempt ${attempt} failed (${failure}); retrying in ${pause.toFixed(1)} s`;
}

export function warnRetry(log: Logger, report: RetryReport, scrub: (text: string) => string): void {
  log.warn(scrub(retryWarning(report)));
}
