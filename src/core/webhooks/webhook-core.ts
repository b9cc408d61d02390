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
  const settings = webhookSettings(options);
  const limits: BodyLimits = { maxBytes: settings.maxBytes, timeoutMs: settings.timeoutMs };
  const ledger = settings.dedup ? createDeliveryLedger() : undefined;
  const userOnError = options.onError ?? reportToConsole;
  // The hooks' own failures must not become an unhandled rejection that stops the server.
  const onError = (error: unknown, context: WebhookContext<Headers> | undefined): void => {
    try {
      userOnError(error, context);
    } catch (hookError) {
      reportToConsole(hookError);
    }
  };
  const reject = (rejection: WebhookRejection, headers?: Record<string, string>, close = false): WebhookResult => {
    try {
      options.onRejected?.(rejection);
    } catch (hookError) {
      onError(hookError, undefined);
    }
    return { answer: answerOf({ status: rejection.status, text: rejection.reason }, headers, close) };
  };

  const runEvent = async (parsed: ParsedWebhook, context: WebhookContext<Headers>): Promise<boolean> => {
    try {
      await options.onEvent(parsed.event, context);
      return true;
    } catch (error) {
      onError(error, context);
      return false;
    }
  };

  // Without deduplication: every verified delivery runs.
  const runAlone = async (parsed: ParsedWebhook, context: WebhookContext<Headers>): Promise<WebhookResult> => {
    if (options.respond === 'before-handling')
      return { answer: answerOf(OUTCOMES.accepted), after: runEvent(parsed, context).then(() => undefined) };
    return { answer: answerOf((await runEvent(parsed, context)) ? OUTCOMES.ok : OUTCOMES.failed) };
  };

  // The store is asked once per delivery that no attempt of this process is handling.
  const runClaimed = async (
    dedup: DedupSettings,
    keys: readonly string[],
    parsed: ParsedWebhook,
    context: WebhookContext<Headers>,
  ): Promise<{ outcome: DeliveryOutcome; after?: Promise<void> }> => {
    const { store, keepMs, claimMs } = dedup;
    const holder = newHolder();
    let claim;
    try {
      claim = await store.claim(keys, holder, claimMs);
    } catch (error) {
      // Fails closed: without the store nobody knows whether another replica ran the event.
      onError(error, context);
      return { outcome: OUTCOMES.storeDown };
    }
    if (claim === 'done') return { outcome: OUTCOMES.duplicate };
    if (claim === 'busy') return { outcome: OUTCOMES.elsewhere };
    if (options.respond === 'before-handling') {
      try {
        await store.finish(keys, holder, keepMs);
      } catch (error) {
        onError(error, context);
        await store.release(keys, holder).catch(() => undefined);
        return { outcome: OUTCOMES.storeDown };
      }
      return { outcome: OUTCOMES.accepted, after: runEvent(parsed, context).then(() => undefined) };
    }
    if (await runEvent(parsed, context)) {
      // The event ran: a store that fails now is reported, and the delivery still answered 200.
      // A 5xx would make PagerDuty retry, and the retry run the event again once the claim expires.
      await store.finish(keys, holder, keepMs).catch((error: unknown) => onError(error, context));
      return { outcome: OUTCOMES.ok };
    }
    // A failed webhook is not remembered: PagerDuty's retry runs `onEvent` again (at once, or
    // after the claim expires if the release does not reach the store).
    await store.release(keys, holder).catch((error: unknown) => onError(error, context));
    return { outcome: OUTCOMES.failed };
  };

  const handle = async (input: WebhookInput<Headers>): Promise<WebhookResult> => {
    if (input.method !== 'POST') return reject({ status: 405, reason: 'method-not-allowed' }, { allow: 'POST' });
    const body = await input.readBody(limits);
    if (!body.ok) {
      if (body.reason === 'too-large') return reject({ status: 413, reason: 'too-large' }, {}, true);
      if (body.reason === 'timeout') return reject({ status: 408, reason: 'body-timeout' }, {}, true);
      if (body.reason === 'aborted') return { answer: undefined };
      const error = new TypeError(
        'the request body was read before the webhook handler: ' +
          'mount it before any JSON body parser, or after express.raw()',
      );
      onError(error, undefined);
      return reject({ status: 500, reason: 'body-already-read', error });
    }
    let parsed: ParsedWebhook;
    try {
      parsed = parseWebhook(body.bytes, input.headers, { ...options, maxBodyBytes: limits.maxBytes });
    } catch (error) {
      if (error instanceof WebhookVerificationError)
        return reject({ status: STATUS_OF_VERIFICATION[error.reason] ?? 401, reason: error.reason, error });
      if (error instanceof WebhookPayloadError) return reject({ status: 400, reason: error.reason, error });
      throw error;
    }
    const { webhookId, verified, event } = parsed;
    const context: WebhookContext<Headers> = { webhookId, verified, headers: input.headers };
    if (!settings.dedup || !ledger) return runAlone(parsed, context);
    const keys = deliveryKeys(event.id, webhookId, verified);
    const turn = ledger.claim(keys);
    if (turn.kind === 'in-flight') return { answer: answerOf(await turn.outcome) };
    let result: { outcome: DeliveryOutcome; after?: Promise<void> } = { outcome: OUTCOMES.internal };
    try {
      result = await runClaimed(settings.dedup, keys, parsed, context);
    } finally {
      turn.settle(result.outcome);
    }
    return { answer: answerOf(result.outcome), after: result.after };
  };

  // Never rejects: whatever goes wrong is answered 500 and reported.
  return async (input) => {
    try {
      return await handle(input);
    } catch (error) {
      onError(error, undefined);
      return { answer: answerOf(OUTCOMES.internal) };
    }
  };
}
