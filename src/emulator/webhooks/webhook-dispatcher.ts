/**
 * The emulator's V3 webhook deliveries: it listens to the store's changes, makes one
 * signed event per matching subscription, and sends it in the background (REST answers
 * never wait), one queue per subscription and incident so an incident's webhooks keep
 * their order, with retries on the configured schedule. Every delivery is recorded.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { StoreChange } from '../store/store-changes.js';
import type { EmulatorStore } from '../store/store.js';
import {
  incidentEvent,
  pingEvent,
  serviceEvent,
  webhookBody,
  WEBHOOK_MAX_BYTES,
  type WebhookEvent,
} from './webhook-events.js';
import { deliveryQueueKey, subscriptionMatches } from './webhook-matching.js';
import type { ResolvedWebhookOptions } from './webhook-options.js';
import { classifyOutcome, sendWebhook } from './webhook-sender.js';

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** Waiting in its queue or between attempts. */
  | 'pending'
  /** A 2xx came back. */
  | 'delivered'
  /** Given up without retrying: a 4xx other than 429 (or another non-2xx), or a body past 256 KB. */
  | 'dropped'
  /** Every retry of the schedule failed. */
  | 'failed'
  /** Not sent further: the subscription was deleted or deactivated, or the emulator closed. */
  | 'cancelled';

/** One attempt of a delivery. */
export interface WebhookAttempt {
  /** ISO 8601 time the attempt started (the real clock). */
  at: string;
  /** The answer's status, when one came. */
  status?: number;
  /** The transport error (refused, reset, timeout), when no answer came. */
  error?: string;
}

/** One webhook: one event for one subscription, with every attempt made to deliver it. */
export interface WebhookDelivery {
  /** `X-Webhook-Id`, the same on every attempt. */
  webhookId: string;
  /** The subscription (`X-Webhook-Subscription`). */
  subscriptionId: string;
  /** Where it is sent. */
  url: string;
  /** The event's `id`. */
  eventId: string;
  /** The event's `event_type`. */
  eventType: string;
  /** The exact body sent (empty when dropped for its size). */
  body: string;
  /** The body's size in bytes before any drop. */
  size: number;
  /** Where it stands. */
  status: WebhookDeliveryStatus;
  /** Why it was dropped, failed or cancelled. */
  reason?: string;
  /** The attempts, in order. */
  attempts: WebhookAttempt[];
}

/** Sends the store's changes as webhooks; see the module comment. */
export class WebhookDispatcher {
  readonly #store: EmulatorStore;
  readonly #options: ResolvedWebhookOptions;
  readonly #queues = new Map<string, WebhookDelivery[]>();
  readonly #log: WebhookDelivery[] = [];
  readonly #abort = new AbortController();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #stopListening: () => void;
  #pending = 0;

  /** Starts listening to `store`. */
  constructor(store: EmulatorStore, options: ResolvedWebhookOptions) {
    this.#store = store;
    this.#options = options;
    this.#stopListening = store.onChange((change) => this.#accept(change));
  }

  /** The recorded deliveries, oldest first (copies). */
  deliveries(): WebhookDelivery[] {
    return this.#log.map((delivery) => ({
      ...delivery,
      attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
    }));
  }

  /** Forgets the recorded deliveries (those still pending go on). */
  clear(): void {
    this.#log.length = 0;
  }

  /** Resolves once every delivery is delivered, dropped, failed or cancelled. */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops listening, cancels what is pending (aborting attempts and waits), and resolves when all has ended. */
  close(): Promise<void> {
    this.#stopListening();
    this.#abort.abort();
    return this.idle();
  }

  #event(change: StoreChange): WebhookEvent {
    const baseUrl = this.#store.baseUrl;
    if (change.kind === 'incident') return incidentEvent(change, baseUrl);
    if (change.kind === 'service') return serviceEvent(change, baseUrl);
    return pingEvent(change);
  }

  #accept(change: StoreChange): void {
    if (this.#abort.signal.aborted) return;
    const subscriptions = this.#store.webhookSubscriptions
      .all()
      .filter((subscription) => subscriptionMatches(subscription, change));
    if (subscriptions.length === 0) return;
    // Built now, while the change is fresh: a later change must not alter this event.
    const event = this.#event(change);
    const body = webhookBody(event);
    for (const subscription of subscriptions) {
      const delivery: WebhookDelivery = {
        webhookId: randomUUID(),
        subscriptionId: subscription.id,
        url: subscription.delivery_method.url,
        eventId: event.id,
        eventType: event.event_type,
        body: body ?? '',
        size: body === undefined ? Buffer.byteLength(JSON.stringify({ event })) : Buffer.byteLength(body),
        status: 'pending',
        attempts: [],
      };
      this.#record(delivery);
      if (body === undefined) {
        delivery.status = 'dropped';
        delivery.reason = `the payload is over ${WEBHOOK_MAX_BYTES} bytes`;
        continue;
      }
      this.#enqueue(deliveryQueueKey(subscription.id, change), delivery);
    }
  }

  #record(delivery: WebhookDelivery): void {
    this.#log.push(delivery);
    if (this.#log.length > this.#options.logSize) this.#log.splice(0, this.#log.length - this.#options.logSize);
  }

  #enqueue(key: string, delivery: WebhookDelivery): void {
    this.#pending += 1;
    const queue = this.#queues.get(key);
    if (queue) {
      queue.push(delivery);
      return;
    }
    this.#queues.set(key, [delivery]);
    void this.#drain(key);
  }

  async #drain(key: string): Promise<void> {
    const queue = this.#queues.get(key) ?? [];
    // The first await lets the REST answer that caused the change go out first.
    await Promise.resolve();
    while (queue.length > 0) {
      const delivery = queue[0];
      await this.#deliver(delivery).catch((error: unknown) => {
        // Only an injected sleep can throw: the delivery ends there, the queue goes on.
        Object.assign(delivery, { status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      });
      queue.shift();
      this.#settled();
    }
    this.#queues.delete(key);
  }

  #settled(): void {
    this.#pending -= 1;
    if (this.#pending === 0) for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** Why the delivery must stop now, or `undefined` when it may go on. */
  #stopReason(delivery: WebhookDelivery): string | undefined {
    if (this.#abort.signal.aborted) return 'the emulator closed';
    const subscription = this.#store.webhookSubscriptions.get(delivery.subscriptionId);
    if (!subscription) return 'the subscription was deleted';
    if (!subscription.active) return 'the subscription is not active';
    return undefined;
  }

  async #deliver(delivery: WebhookDelivery): Promise<void> {
    const schedule = this.#options.retrySchedule;
    for (let attempt = 0; ; attempt += 1) {
      const stop = this.#stopReason(delivery);
      const subscription = this.#store.webhookSubscriptions.get(delivery.subscriptionId);
      if (stop !== undefined || !subscription) {
        Object.assign(delivery, { status: 'cancelled', reason: stop });
        return;
      }
      const at = new Date().toISOString();
      const outcome = await sendWebhook(
        {
          url: delivery.url,
          body: delivery.body,
          secret: subscription.delivery_method.secret,
          webhookId: delivery.webhookId,
          subscriptionId: delivery.subscriptionId,
          customHeaders: subscription.delivery_method.custom_headers,
        },
        this.#options.timeout,
        this.#abort.signal,
      );
      delivery.attempts.push({ at, ...outcome });
      const verdict = classifyOutcome(outcome);
      if (verdict === 'delivered') {
        delivery.status = 'delivered';
        return;
      }
      if (verdict === 'drop') {
        Object.assign(delivery, { status: 'dropped', reason: `answered ${'status' in outcome ? outcome.status : ''}` });
        return;
      }
      if (attempt >= schedule.length) {
        Object.assign(delivery, { status: 'failed', reason: `no 2xx after ${attempt + 1} attempts` });
        return;
      }
      await this.#options.sleep(schedule[attempt], this.#abort.signal);
    }
  }
}
