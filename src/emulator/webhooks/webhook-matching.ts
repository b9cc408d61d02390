/**
 * Which subscriptions receive a change: active ones that list its event type and whose
 * filter covers it (the whole account, the incident's or service's service, or one of
 * its teams). A ping goes to its own subscription only, whatever it lists.
 *
 * @module
 */
import type { StoreChange } from '../store/store-changes.js';
import type { WebhookSubscription } from './webhook-subscription-bodies.js';

/**
 * Whether `subscription` receives `change`.
 *
 * @example
 * ```ts
 * // true when the subscription is active
 * subscriptionMatches(subscription, { kind: 'ping', subscriptionId: subscription.id, at: new Date() });
 * ```
 */
export function subscriptionMatches(subscription: WebhookSubscription, change: StoreChange): boolean {
  if (!subscription.active) return false;
  if (change.kind === 'ping') return change.subscriptionId === subscription.id;
  if (!subscription.events.includes(change.type)) return false;
  const { filter } = subscription;
  if (filter.type === 'account_reference') return true;
  const serviceId = change.kind === 'incident' ? change.incident.service.id : change.service.id;
  if (filter.type === 'service_reference') return serviceId === filter.id;
  const teams = change.kind === 'incident' ? change.incident.teams : change.service.teams;
  return teams.some((team) => team.id === filter.id);
}

/**
 * The queue a change's deliveries wait in, per subscription: one per incident (so an
 * incident's webhooks arrive in order), one per service, one for pings.
 */
export function deliveryQueueKey(subscriptionId: string, change: StoreChange): string {
  if (change.kind === 'incident') return `${subscriptionId}/incidents/${change.incident.id}`;
  if (change.kind === 'service') return `${subscriptionId}/services/${change.service.id}`;
  return `${subscriptionId}/ping`;
}
