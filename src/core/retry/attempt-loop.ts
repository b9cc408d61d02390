/**
 * The attempt loop: sends a prepared request, asks the pure retry rules in `retry.ts`
 * what to do after each attempt, pauses, and hands the last exchange to the caller's
 * finishing step. Everything it needs from its client (errors, metrics, the secret to
 * scrub) comes through {@link AttemptHost}, so that the loop knows nothing of URLs,
 * headers or auth.
 *
 * @module
 * @internal
 */
import type { FetchRequestInit, FetchResponse as Response } from '../transport/fetch-types.js';
import type { ErrorSpec } from '../errors/error-classes.js';
import type { ResponseFacts } from '../errors/failure-facts.js';
import type { HttpMethod } from '../api-client-options.js';
import { formatAttempt, silentLogger, type AttemptRecord, type Logger } from '../logging.js';
import { abortableSleep, AbortedDuringPause } from './abortable-sleep.js';
import { attemptFailureKind } from './attempt-failure.js';
import { initialRetryState, parseRetryAfter, retryDecision, returnsAtOnce, type RetryPolicy, type RetryState } from './retry-rules.js';
import { warnRetry } from './retry-report.js';
import type { RequestGate } from './request-gate.js';
import type { BufferedResponse, Transport } from '../transport/transport.js';
import { utf8Text } from '../transport/body-text.js';
import { attemptClock } from '../transport/attempt-clock.js';

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
}

/** What the loop needs from the client it runs for. */
export interface AttemptHost {
  /** Builds (does not throw) an error through the client's error factory, secret scrubbed. */
  fail(spec: ErrorSpec): Error;
  /** Builds (does not throw) the HTTP error for a response (see `ApiClient.httpError`). */
  httpError(method: string, url: string, response: Response, body: string, detail?: string, kind?: 'http' | 'http-server', facts?: ResponseFacts): Error;
  /** Counts one answered attempt in the client's call metrics. */
  recordAttempt(verb: string, target: string, seconds: number): void;
  /** The credential, redacted; read only when a line is logged or on 401. */
  redactedSecret(): string;
  /** The text with the client's secret (in any form it is sent in) redacted. */
  scrub(text: string): string;
}

/** The pieces of the engine the loop drives; all owned by the client. */
export interface AttemptLoopParts {
  readonly transport: Transport;
  readonly gate: RequestGate;
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly host: AttemptHost;
}

/** Runs the attempts of a client's requests; one per client. */
export class AttemptLoop {
  readonly #transport: Transport;
  readonly #gate: RequestGate;
  readonly #sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #host: AttemptHost;

  /** @param parts - the client's transport, gate, sleep, randomness and host */
  constructor(parts: AttemptLoopParts) {
    this.#transport = parts.transport;
    this.#gate = parts.gate;
    this.#sleep = parts.sleep;
    this.#random = parts.random;
    this.#host = parts.host;
  }

  /**
   * Sends `request` until the retry rules stop, and returns what `finish` makes of the
   * last exchange. `finish` runs inside this promise (it may throw), so that callers add
   * no async layer of their own.
   *
   * @throws the host's errors: network (retries spent), abort (the caller's signal), 401
   */
  async run<T>(request: PreparedRequest, finish: (exchange: BufferedResponse) => T): Promise<T> {
    const { verb, resolved, target, fetchInit, timeoutSeconds, signal, policy, log } = request;
    // Built at the first retry: most requests never need it.
    let state: RetryState | undefined;
    for (let attempt = 1; ; attempt += 1) {
      let exchange: BufferedResponse;
      const held = this.#gate.wait(signal);
      if (held) {
        try {
          await held;
        } catch (error) {
          throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
        }
      }
      const started = attemptClock();
      try {
        exchange = await this.#transport.send(target, fetchInit, timeoutSeconds, started);
      } catch (error) {
        if (signal?.aborted) throw this.#aborted(verb, target, signal.reason);
        if (attemptFailureKind(error) === 'programming') throw error;
        const reason = error instanceof Error ? error.message : String(error);
        const decision = retryDecision({ kind: 'network-error' }, state ?? initialRetryState(policy), policy, this.#random());
        const cooldown = decision.action === 'retry' ? decision.pause : undefined;
        this.#debugAttempt(log, { method: verb, url: target, attempt, error: reason, cooldown });
        if (decision.action !== 'retry') {
          throw this.#host.fail({
            kind: 'network',
            message: `${verb} ${target}: network error after ${attempt} attempt${attempt > 1 ? 's' : ''}: ${reason}`,
            cause: error,
            facts: { reason: 'network', method: verb, url: target, urlBeforeParams: resolved, retryLimit: policy.maxNetworkAttempts },
          });
        }
        this.#reportRetry(log, verb, target, attempt, `network error: ${reason}`, decision.pause);
        await this.#pause(decision.pause, signal, verb, target);
        state = decision.state;
        continue;
      }
      const { response } = exchange;
      const { status } = response;
      this.#host.recordAttempt(verb, target, (attemptClock() - started) / 1000);
      this.#gate.observe(response.headers);
      if (returnsAtOnce(status)) {
        // Not even the record when nobody listens: reading a header costs as much as the rest here.
        if (log !== silentLogger) this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId: response.headers.get('x-request-id') });
        return finish(exchange);
      }
      const retryAfter = parseRetryAfter(status, response.headers, Date.now());
      const decision = retryDecision({ kind: 'response', status, retryAfter }, state ?? initialRetryState(policy), policy, this.#random());
      const cooldown = decision.action === 'retry' ? decision.pause : undefined;
      if (log !== silentLogger) {
        this.#debugAttempt(log, { method: verb, url: target, attempt, status, requestId: response.headers.get('x-request-id'), cooldown });
      }
      if (decision.action === 'unauthorized') {
        const key = this.#host.redactedSecret() || undefined;
        const named = key ? ` (${key})` : '';
        const detail = `API responded with 401 Unauthorized: the key or token${named} may be invalid, or the region (base URL) wrong`;
        throw this.#host.httpError(verb, target, response, utf8Text(exchange.body), detail, undefined, { reason: 'unauthorized', redactedKey: key });
      }
      if (decision.action !== 'retry') return finish(exchange);
      this.#reportRetry(log, verb, target, attempt, `status ${status}`, decision.pause);
      const paused = this.#pause(decision.pause, signal, verb, target);
      // A rate limit holds every request of the client until this one may retry.
      if (status === 429) this.#gate.hold(paused);
      await paused;
      state = decision.state;
    }
  }

  /** The error for a request the caller's signal ended. */
  aborted(verb: string, target: string, reason: unknown): Error {
    return this.#aborted(verb, target, reason);
  }

  // Helpers as methods rather than closures made for every request.

  #aborted(verb: string, target: string, reason: unknown): Error {
    return this.#host.fail({ kind: 'abort', message: `${verb} ${target}: aborted by the caller's signal`, cause: reason });
  }

  async #pause(seconds: number, signal: AbortSignal | undefined, verb: string, target: string): Promise<void> {
    try {
      await abortableSleep(this.#sleep, seconds, signal);
    } catch (error) {
      throw error instanceof AbortedDuringPause ? this.#aborted(verb, target, error.reason) : error;
    }
  }

  #debugAttempt(log: Logger, record: AttemptRecord): void {
    // Formatting costs more than the silent logger saves: skip it when nobody listens.
    if (log !== silentLogger) log.debug(this.#host.scrub(formatAttempt({ ...record, key: this.#host.redactedSecret() || undefined })));
  }

  #reportRetry(log: Logger, verb: string, target: string, attempt: number, failure: string, seconds: number): void {
    warnRetry(log, { method: verb, url: target, attempt, failure, pause: seconds }, (text) => this.#host.scrub(text));
  }
}
