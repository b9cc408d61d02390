import type { FetchRequestInit, FetchResponse } from '../transport/fetch-types.js';
import type { ClientErrors } from '../errors/client-errors.js';
import type { ResponseDetails } from '../errors/failure-details.js';
import type { CallMetrics } from '../client/call-metrics.js';
import type { HttpMethod } from '../client/client-options.js';
import { dropsDebug, formatAttempt, type AttemptRecord, type Logger } from '../logging.js';
import { abortableSleep, AbortedDuringPause } from './abortable-sleep.js';
import { initialRetryState, parseRetryAfter, retryDecision, returnsAtOnce, type RetryPolicy } from './retry-rules.js';
import type { RequestGate } from './request-gate.js';
import type { Transport } from '../transport/transport.js';
import { refusesToken, statusRule } from './status-rules.js';
import type { Credential, ProvidedAuthorization } from '../auth/credential.js';
import { mayRetryAtMostOnce, type RetryMode } from './retry-mode.js';
import { attemptFailureKind } from './attempt-failure.js';
import { ResponseTooLargeError } from '../errors/error-classes.js';
import type { CallObserver } from '../observe/call-observer.js';
import { ClientRateLimit, RateLimitDeclined } from '../rate-limit/client-rate-limit.js';

/** Ends the message of a host name that did not resolve, which is not retried. */
const UNRESOLVED_NOTE = ' (the host name does not resolve; not retried: check the base URL)';

/** A request as the attempt loop sends it: checked, resolved, with its headers and body. */
export interface PreparedRequest {
  readonly verb: HttpMethod;
  /** The URL without the query parameters of `params`. */
  readonly resolved: string;
  /** The URL sent. */
  readonly target: string;
  readonly fetchInit: FetchRequestInit;
  readonly timeoutSeconds: number;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  readonly policy: RetryPolicy;
  readonly log: Logger;
  /** The key each answered attempt is counted under in the call metrics. */
  readonly metricKey: string;
  /** Return once the headers are in, the body live (see `RequestOptions.stream`). */
  readonly stream?: boolean;
  /** How the request may be retried. @default 'idempotent' */
  readonly retryMode?: RetryMode;
  /** The bound on the body read into memory, in bytes (`maxResponseBytes`). */
  readonly maxResponseBytes?: number;
  /** The caller's hooks and the call's trace, told of each attempt; none when the client has neither. */
  readonly observer?: CallObserver;
}

/** `init` with `Authorization` set to `value` (any other spelling of the name removed). */
function withAuthorization(init: FetchRequestInit, value: string | undefined): FetchRequestInit {
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
    if (name.toLowerCase() !== 'authorization') headers[name] = header;
  }
  if (value !== undefined) headers.Authorization = value;
  return { ...init, headers };
}

/** The `afterResponse` hooks; a streamed body is freed when one throws, so that no socket is left open. */
async function afterResponse(observer: CallObserver, response: FetchResponse, stream: boolean): Promise<void> {
  try {
    await observer.afterResponse(response);
  } catch (error) {
    if (stream) discardBody(response);
    throw error;
  }
}

/** Frees the live body of a streamed response that will not be read (before a retry). */
function discardBody(response: FetchResponse): void {
  const body = response.body as { destroy?: () => void; cancel?: () => Promise<void> } | null;
  if (typeof body?.destroy === 'function') body.destroy();
  else void body?.cancel?.().catch(() => undefined);
}

// Node's own monotonic clock: fake timers replace the global `performance` but must not skew `apiTime`.
function realNow(): number {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  const hooks = node?.getBuiltinModule?.('node:perf_hooks') as { performance: { now(): number } } | undefined;
  return (hooks?.performance ?? globalThis.performance).now();
}

/** What the loop sends with and reports to; all owned by one client. */
export interface AttemptLoopOptions {
  readonly transport: Transport;
  readonly gate: RequestGate;
  /** @default one that only records the rate-limit headers */
  readonly rateLimit?: ClientRateLimit;
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly errors: ClientErrors;
  readonly metrics: CallMetrics;
  /** The client's credential: with a token provider, each attempt's `Authorization` comes from it. */
  readonly credential?: Credential;
}

/**
 * The last response of a request. `refusal` is set when the response must become an
 * HTTP error whatever the caller does with it (a 401, a 429 that `onRateLimit` declined):
 * the client builds that error through its own `httpError`.
 */
export interface AttemptResult {
  readonly response: FetchResponse;
  readonly refusal?: { readonly detail: string; readonly facts?: ResponseDetails };
}

/** Runs the attempts of a client's requests; one per client. */
export class AttemptLoop {
  readonly #options: Required<Omit<AttemptLoopOptions, 'credential'>>;
  readonly #credential: Credential | undefined;

  constructor(options: AttemptLoopOptions) {
    const { gate, sleep, errors } = options;
    const rateLimit =
      options.rateLimit ??
      new ClientRateLimit({
        limiter: undefined,
        onRateLimit: undefined,
        credential: { secret: undefined },
        gate,
        sleep,
        errors,
      });
    this.#options = { ...options, rateLimit };
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
    const { verb, resolved, target, fetchInit, timeoutSeconds, signal, policy, log, observer } = request;
    const { transport, gate, rateLimit, random, errors, metrics } = this.#options;
    const atMostOnce = request.retryMode === 'at-most-once';
    if (signal?.aborted) throw this.#aborted(verb, target, signal.reason);
    let state = initialRetryState(policy);
    // A refused token is renewed once per request: a second refusal fails as any 401 does.
    let renewed = false;
    for (let attempt = 1; ; attempt += 1) {
      let response: FetchResponse;
      // Opted in: the shared limiter (or the hook) decides; else the gate alone, as always.
      const held = rateLimit.active
        ? rateLimit.beforeAttempt({ method: verb, url: target, attempt, log }, signal)
        : gate.wait(signal);
      if (held) {
        try {
          await held;
        } catch (error) {
          if (error instanceof RateLimitDeclined) throw this.#declined(verb, target, error);
          throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
        }
      }
      const credential = this.#credential;
      const provider = credential?.provider;
      // Asked at each attempt, so that a retry after a pause does not send a token that expired meanwhile.
      const provided: ProvidedAuthorization | undefined =
        credential && provider ? await credential.provided(provider) : undefined;
      const authorized = provided ? withAuthorization(fetchInit, provided.authorization) : fetchInit;
      // Hooks change the headers (never the credential) and may refuse the attempt before it is sent.
      const init = observer ? await observer.beforeAttempt(attempt, authorized) : authorized;
      const started = realNow();
      try {
        const stream = request.stream === true;
        response = await transport.send(target, init, timeoutSeconds, { stream, maxBytes: request.maxResponseBytes });
      } catch (error) {
        observer?.attemptFailed(error);
        if (signal?.aborted) throw this.#aborted(verb, target, signal.reason);
        // The same answer would come again: not retried.
        if (error instanceof ResponseTooLargeError) throw error;
        const kind = attemptFailureKind(error);
        if (kind === 'programming') throw error;
        const reason = error instanceof Error ? error.message : String(error);
        // A name that does not resolve will not resolve in 21 s either (pdpyras retried it).
        const retryable = kind === 'transport' || policy.retryUnresolvedHosts === true;
        const allowed = retryable && (!atMostOnce || mayRetryAtMostOnce({ kind: 'network-error' }, error));
        const decision = allowed
          ? retryDecision({ kind: 'network-error' }, state, policy, random())
          : ({ action: 'network-exhausted' } as const);
        if (decision.action !== 'retry') {
          this.#debugAttempt(log, { method: verb, url: target, attempt, error: reason });
          throw this.#options.errors.fail({
            kind: 'network',
            message:
              `${verb} ${target}: network error after ${attempt} attempt${attempt > 1 ? 's' : ''}: ` +
              `${reason}${retryable ? '' : UNRESOLVED_NOTE}`,
            cause: error,
            facts: {
              reason: 'network',
              method: verb,
              url: target,
              urlBeforeParams: resolved,
              retryLimit: policy.maxNetworkAttempts,
            },
          });
        }
        this.#reportRetry(log, verb, target, attempt, `network error: ${reason}`, decision.pause);
        await observer?.beforeRetry({ attempt, reason: `network error: ${reason}`, pause: decision.pause });
        await this.#pause(decision.pause, signal, verb, target);
        state = decision.state;
        continue;
      }
      const { status } = response;
      metrics.record(request.metricKey, (realNow() - started) / 1000);
      if (observer) await afterResponse(observer, response, request.stream === true);
      gate.observe(response.headers);
      const retryAfter = parseRetryAfter(status, response.headers, Date.now());
      const reported = rateLimit.observe(status, response.headers, retryAfter, log);
      if (reported) await reported;
      const requestId = response.headers.get('x-request-id');
      if (returnsAtOnce(status)) {
        this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId });
        return { response };
      }
      const wwwAuthenticate = response.headers.get('www-authenticate');
      if (provided && !renewed && refusesToken(status, wwwAuthenticate)) {
        renewed = true;
        const refusal = { token: provided.token, status, ...(wwwAuthenticate ? { wwwAuthenticate } : {}) };
        if (provider?.refused && (await provider.refused(refusal))) {
          this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId });
          if (request.stream) discardBody(response);
          continue;
        }
      }
      const outcome = { kind: 'response', status, retryAfter } as const;
      const decision =
        atMostOnce && !statusRule(status).throws && !mayRetryAtMostOnce(outcome)
          ? ({ action: 'return' } as const)
          : retryDecision(outcome, state, policy, random());
      // A retried attempt is reported once, by its warning; the last one by a debug line.
      if (decision.action !== 'retry')
        this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId });
      if (decision.action === 'unauthorized') {
        const key = errors.redactedSecret() || undefined;
        const named = key ? ` (${key})` : '';
        const detail =
          `API responded with 401 Unauthorized: the key or token${named} may be invalid, ` +
          'or the region (base URL) wrong';
        log.warn(errors.scrub(`${verb} ${target}: ${detail}`));
        return { response, refusal: { detail, facts: { reason: 'unauthorized', redactedKey: key } } };
      }
      if (statusRule(status).pausesEveryRequest && rateLimit.active) {
        const retryPause = decision.action === 'retry' ? decision.pause : undefined;
        if (!(await rateLimit.rateLimited({ method: verb, url: target, attempt, log }, retryPause, retryAfter))) {
          if (retryPause !== undefined)
            this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId });
          return {
            response,
            refusal: { detail: 'API responded with 429 Too Many Requests, and onRateLimit chose not to wait' },
          };
        }
      }
      if (decision.action !== 'retry') return { response };
      if (request.stream) discardBody(response);
      const failure = `status ${status}${requestId ? `, x-request-id ${requestId}` : ''}`;
      this.#reportRetry(log, verb, target, attempt, failure, decision.pause);
      await observer?.beforeRetry({ attempt, reason: failure, status, pause: decision.pause });
      const paused = this.#pause(decision.pause, signal, verb, target);
      // A rate limit holds every request of the client until this one may retry.
      if (statusRule(status).pausesEveryRequest) {
        gate.hold(paused);
        rateLimit.notePause(Date.now() + decision.pause * 1000);
      }
      await paused;
      state = decision.state;
    }
  }

  #declined(verb: string, target: string, declined: RateLimitDeclined): Error {
    const until = new Date(Date.now() + declined.info.retryAfter * 1000).toISOString();
    const message =
      `${verb} ${target}: not sent: the rate-limit budget is spent until ${until}, ` +
      'and onRateLimit chose not to wait';
    return this.#options.errors.fail({ kind: 'abort', message, cause: declined.info });
  }

  #aborted(verb: string, target: string, reason: unknown): Error {
    return this.#options.errors.fail({
      kind: 'abort',
      message: `${verb} ${target}: aborted by the caller's signal`,
      cause: reason,
    });
  }

  async #pause(seconds: number, signal: AbortSignal | undefined, verb: string, target: string): Promise<void> {
    try {
      await abortableSleep(this.#options.sleep, seconds, signal);
    } catch (error) {
      throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
    }
  }

  #debugAttempt(log: Logger, record: AttemptRecord): void {
    // Nothing to format when nobody listens.
    if (!dropsDebug(log))
      log.debug(
        this.#options.errors.scrub(
          formatAttempt({ ...record, key: this.#options.errors.redactedSecret() || undefined }),
        ),
      );
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
