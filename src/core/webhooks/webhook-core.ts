/**
 * The one webhook handler under both adapters (`node:http` and fetch): it gets a request's method,
 * headers and a way to read its body, and returns the answer to send, as data. It verifies and
 * decodes the delivery, then runs `onEvent` at most once per event for all that share its store.
 *
 * @module
 */
import { createDeliveryLedger, deliveryKeys, type DeliveryOutcome } from './delivery-ledger.js';
import { parseWebhook, type ParsedWebhook } from './parse-webhook.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
import type { BodyLimits, RequestBody, WebhookHeaders } from './webhook-request.js';
import type { WebhookContext, WebhookHandlerOptions, WebhookRejection } from './webhook-options.js';
import { webhookSettings, type DedupSettings } from './webhook-settings.js';

/** One request, as an adapter sees it. */
export interface WebhookInput<Headers> {
  readonly method: string | undefined;
  readonly headers: Headers;
  readBody(limits: BodyLimits): Promise<RequestBody>;
}

/** The answer to send: `close` asks the adapter to close the connection (a body left unread). */
export interface WebhookAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly close: boolean;
}

/**
 * What to do with a request: send `answer` (none for a request whose client went away), then
 * wait for `after` (the `onEvent` of `respond: 'before-handling'`), which never rejects.
 */
export interface WebhookResult {
  readonly answer: WebhookAnswer | undefined;
  readonly after?: Promise<void>;
}

export type WebhookCore<Headers> = (input: WebhookInput<Headers>) => Promise<WebhookResult>;

const STATUS_OF_VERIFICATION: Readonly<Record<string, number>> = { 'too-large': 413 };

// Every answer the handler gives once it has verified a delivery, in one place.
const OUTCOMES = {
  ok: { status: 200, text: 'ok' },
  duplicate: { status: 200, text: 'duplicate' },
  accepted: { status: 202, text: 'accepted' },
  failed: { status: 500, text: 'handler-failed' },
  internal: { status: 500, text: 'internal-error' },
  // 5xx, never another 4xx: PagerDuty retries a 5xx (or a 429) and drops a webhook on any other 4xx.
  elsewhere: { status: 503, text: 'in-progress-elsewhere' },
  storeDown: { status: 503, text: 'store-unavailable' },
} as const satisfies Record<string, DeliveryOutcome>;

const reportToConsole = (error: unknown): void => {
  console.error(`pagerduty-client webhooks: onEvent failed: ${error instanceof Error ? error.message : String(error)}`);
};

const answerOf = (outcome: DeliveryOutcome, headers: Record<string, string> = {}, close = false): WebhookAnswer => ({
  status: outcome.status,
  text: outcome.text,
  headers,
  close,
});

// A holder per attempt, so that a store tells this attempt's claim from another's.
const newHolder = (): string => globalThis.crypto.randomUUID();

/** @throws TypeError for bad options */
export function createWebhookCore<Headers extends WebhookHeaders>(
  options: WebhookHandlerOptions<Headers>,
): WebhookCore<Headers> {
  const deliveries = new Deliveries(options);
  // Never rejects: whatever goes wrong is answered 500 and reported.
  return async (input) => {
    try {
      return await deliveries.handle(input);
    } catch (error) {
      deliveries.onError(error, undefined);
      return { answer: answerOf(OUTCOMES.internal) };
    }
  };
}

/** One handler's deliveries: its settings, its in-process ledger, and the caller's hooks. */
class Deliveries<Headers extends WebhookHeaders> {
  readonly #options: WebhookHandlerOptions<Headers>;
  readonly #settings: ReturnType<typeof webhookSettings>;
  readonly #limits: BodyLimits;
  readonly #ledger: ReturnType<typeof createDeliveryLedger> | undefined;
  readonly #userOnError: NonNullable<WebhookHandlerOptions<Headers>['onError']>;

  constructor(options: WebhookHandlerOptions<Headers>) {
    this.#options = options;
    this.#userOnError = options.onError ?? reportToConsole;
    this.#settings = webhookSettings(options);
    this.#limits = { maxBytes: this.#settings.maxBytes, timeoutMs: this.#settings.timeoutMs };
    this.#ledger = this.#settings.dedup ? createDeliveryLedger() : undefined;
  }

  // The hooks' own failures must not become an unhandled rejection that stops the server.
  onError(error: unknown, context: WebhookContext<Headers> | undefined): void {
    try {
      this.#userOnError(error, context);
    } catch (hookError) {
      reportToConsole(hookError);
    }
  }

  async handle(input: WebhookInput<Headers>): Promise<WebhookResult> {
    if (input.method !== 'POST') return this.#reject({ status: 405, reason: 'method-not-allowed' }, { allow: 'POST' });
    const body = await input.readBody(this.#limits);
    if (!body.ok) {
      if (body.reason === 'too-large') return this.#reject({ status: 413, reason: 'too-large' }, {}, true);
      if (body.reason === 'timeout') return this.#reject({ status: 408, reason: 'body-timeout' }, {}, true);
      if (body.reason === 'aborted') return { answer: undefined };
      const error = new TypeError(
        'the request body was read before the webhook handler: ' +
          'mount it before any JSON body parser, or after express.raw()',
      );
      this.onError(error, undefined);
      return this.#reject({ status: 500, reason: 'body-already-read', error });
    }
    let parsed: ParsedWebhook;
    try {
      parsed = parseWebhook(body.bytes, input.headers, { ...this.#options, maxBodyBytes: this.#limits.maxBytes });
    } catch (error) {
      if (error instanceof WebhookVerificationError)
        return this.#reject({ status: STATUS_OF_VERIFICATION[error.reason] ?? 401, reason: error.reason, error });
      if (error instanceof WebhookPayloadError) return this.#reject({ status: 400, reason: error.reason, error });
      throw error;
    }
    const { webhookId, verified, event } = parsed;
    const context: WebhookContext<Headers> = { webhookId, verified, headers: input.headers };
    const dedup = this.#settings.dedup;
    if (!dedup || !this.#ledger) return this.#runAlone(parsed, context);
    const keys = deliveryKeys(event.id, webhookId, verified);
    const turn = this.#ledger.claim(keys);
    if (turn.kind === 'in-flight') return { answer: answerOf(await turn.outcome) };
    let result: { outcome: DeliveryOutcome; after?: Promise<void> } = { outcome: OUTCOMES.internal };
    try {
      result = await this.#runClaimed(dedup, keys, parsed, context);
    } finally {
      turn.settle(result.outcome);
    }
    return { answer: answerOf(result.outcome), after: result.after };
  }

  #reject(rejection: WebhookRejection, headers?: Record<string, string>, close = false): WebhookResult {
    try {
      this.#options.onRejected?.(rejection);
    } catch (hookError) {
      this.onError(hookError, undefined);
    }
    return { answer: answerOf({ status: rejection.status, text: rejection.reason }, headers, close) };
  }

  async #runEvent(parsed: ParsedWebhook, context: WebhookContext<Headers>): Promise<boolean> {
    try {
      await this.#options.onEvent(parsed.event, context);
      return true;
    } catch (error) {
      this.onError(error, context);
      return false;
    }
  }

  // Without deduplication: every verified delivery runs.
  async #runAlone(parsed: ParsedWebhook, context: WebhookContext<Headers>): Promise<WebhookResult> {
    if (this.#options.respond === 'before-handling')
      return { answer: answerOf(OUTCOMES.accepted), after: this.#runEvent(parsed, context).then(() => undefined) };
    return { answer: answerOf((await this.#runEvent(parsed, context)) ? OUTCOMES.ok : OUTCOMES.failed) };
  }

  // The store is asked once per delivery that no attempt of this process is handling.
  async #runClaimed(
    dedup: DedupSettings,
    keys: readonly string[],
    parsed: ParsedWebhook,
    context: WebhookContext<Headers>,
  ): Promise<{ outcome: DeliveryOutcome; after?: Promise<void> }> {
    const { store, keepMs, claimMs } = dedup;
    const holder = newHolder();
    let claim;
    try {
      claim = await store.claim(keys, holder, claimMs);
    } catch (error) {
      // Fails closed: without the store nobody knows whether another replica ran the event.
      this.onError(error, context);
      return { outcome: OUTCOMES.storeDown };
    }
    if (claim === 'done') return { outcome: OUTCOMES.duplicate };
    if (claim === 'busy') return { outcome: OUTCOMES.elsewhere };
    if (this.#options.respond === 'before-handling') {
      try {
        await store.finish(keys, holder, keepMs);
      } catch (error) {
        this.onError(error, context);
        await store.release(keys, holder).catch(() => undefined);
        return { outcome: OUTCOMES.storeDown };
      }
      return { outcome: OUTCOMES.accepted, after: this.#runEvent(parsed, context).then(() => undefined) };
    }
    if (await this.#runEvent(parsed, context)) {
      // The event ran: a store that fails now is reported, and the delivery still answered 200.
      // A 5xx would make PagerDuty retry, and the retry run the event again once the claim expires.
      await store.finish(keys, holder, keepMs).catch((error: unknown) => this.onError(error, context));
      return { outcome: OUTCOMES.ok };
    }
    // A failed webhook is not remembered: PagerDuty's retry runs `onEvent` again (at once, or
    // after the claim expires if the release does not reach the store).
    await store.release(keys, holder).catch((error: unknown) => this.onError(error, context));
    return { outcome: OUTCOMES.failed };
  }
}
