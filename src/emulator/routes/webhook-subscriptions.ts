/**
 * `/webhook_subscriptions` (list, create), `/webhook_subscriptions/{id}` (get, update,
 * delete), and its `enable` and `ping` actions. The secret is shown only in the create
 * answer; deliveries themselves are the dispatcher's (it listens to the store).
 *
 * @module
 */
import { randomHex32 } from '../store/random.js';
import { fail, invalidInput, ok, type Reply } from '../server/replies.js';
import type { RestContext, Route } from '../server/router.js';
import type { EmulatorStore } from '../store/store.js';
import {
  checkWebhookSubscription,
  webhookSubscriptionView,
  type WebhookFilter,
  type WebhookSubscription,
} from '../webhooks/webhook-subscription-bodies.js';
import { classicList, found, unwrapObject } from './bodies.js';

const FILTER_TYPE_QUERY: Record<string, WebhookFilter['type']> = {
  account: 'account_reference',
  service: 'service_reference',
  team: 'team_reference',
};

function filterExists(store: EmulatorStore): (filter: WebhookFilter) => boolean {
  return (filter) => {
    if (filter.type === 'service_reference') return store.services.get(filter.id ?? '') !== undefined;
    if (filter.type === 'team_reference') return store.teams.get(filter.id ?? '') !== undefined;
    return true;
  };
}

function subscriptionOf(context: RestContext): WebhookSubscription {
  return found(context.store.webhookSubscriptions.get(context.params.id), `Webhook subscription ${context.params.id}`);
}

function list({ store, query }: RestContext): Reply {
  const rawType = query.get('filter_type');
  const type = rawType === null ? undefined : FILTER_TYPE_QUERY[rawType];
  if (rawType !== null && type === undefined) fail(invalidInput('filter_type must be account, service or team'));
  const id = query.get('filter_id');
  const matching = store.webhookSubscriptions
    .all()
    .filter(
      (subscription) =>
        (type === undefined || subscription.filter.type === type) && (id === null || subscription.filter.id === id),
    );
  return classicList('webhook_subscriptions', matching, query, (subscription) => webhookSubscriptionView(subscription));
}

function create(context: RestContext): Reply {
  const { store } = context;
  const outcome = checkWebhookSubscription(
    unwrapObject(context.body, 'webhook_subscription'),
    'create',
    filterExists(store),
  );
  if (!outcome.ok) fail(invalidInput(...outcome.errors));
  const { fields } = outcome;
  if (!fields.delivery || !fields.events || !fields.filter) fail(invalidInput());
  const subscription: WebhookSubscription = {
    id: store.ids.next(),
    type: 'webhook_subscription',
    active: fields.active ?? true,
    // The description declares a string, never null: a subscription made without one has an empty one.
    description: fields.description ?? '',
    delivery_method: {
      id: store.ids.next(),
      type: 'http_delivery_method',
      url: fields.delivery.url,
      // 64 hex characters: the strength of the service's own secrets, drawn from the seeded source.
      secret: randomHex32(store.random) + randomHex32(store.random),
      temporarily_disabled: false,
      custom_headers: fields.delivery.customHeaders,
    },
    events: [...fields.events],
    filter: fields.filter,
  };
  store.webhookSubscriptions.add(subscription);
  return ok({ webhook_subscription: webhookSubscriptionView(subscription, true) });
}

function update(context: RestContext): Reply {
  const subscription = subscriptionOf(context);
  const outcome = checkWebhookSubscription(
    unwrapObject(context.body, 'webhook_subscription'),
    'update',
    filterExists(context.store),
  );
  if (!outcome.ok) fail(invalidInput(...outcome.errors));
  const { fields } = outcome;
  if (fields.active !== undefined) subscription.active = fields.active;
  if (fields.description !== undefined) subscription.description = fields.description;
  if (fields.events !== undefined) subscription.events = [...fields.events];
  if (fields.filter !== undefined) subscription.filter = fields.filter;
  return ok({ webhook_subscription: webhookSubscriptionView(subscription) });
}

/** The routes of webhook subscriptions. */
export const webhookSubscriptionRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/webhook_subscriptions', handler: list },
  { method: 'POST', pattern: '/webhook_subscriptions', handler: create },
  {
    method: 'GET',
    pattern: '/webhook_subscriptions/{id}',
    handler: (context) => ok({ webhook_subscription: webhookSubscriptionView(subscriptionOf(context)) }),
  },
  { method: 'PUT', pattern: '/webhook_subscriptions/{id}', handler: update },
  {
    method: 'DELETE',
    pattern: '/webhook_subscriptions/{id}',
    handler: (context) => {
      context.store.webhookSubscriptions.remove(subscriptionOf(context).id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: '/webhook_subscriptions/{id}/enable',
    handler: (context) => {
      const subscription = subscriptionOf(context);
      subscription.active = true;
      subscription.delivery_method.temporarily_disabled = false;
      return ok({ webhook_subscription: webhookSubscriptionView(subscription) });
    },
  },
  {
    method: 'POST',
    pattern: '/webhook_subscriptions/{id}/ping',
    handler: (context) => {
      const subscription = subscriptionOf(context);
      context.store.announce({ kind: 'ping', subscriptionId: subscription.id, at: context.now });
      return { status: 202 };
    },
  },
];
