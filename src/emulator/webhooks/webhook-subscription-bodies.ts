/**
 * V3 webhook subscriptions: their stored shape, the checks of create and update bodies,
 * and the view the REST API answers with (no secret, header values redacted).
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';

/** What a subscription's `filter` scopes it to. */
export type WebhookFilterType = 'account_reference' | 'service_reference' | 'team_reference';

/** A subscription's scope: the whole account, one service, or one team. */
export interface WebhookFilter {
  /** The kind of scope. */
  type: WebhookFilterType;
  /** The service or team id (absent for the account). */
  id?: string;
}

/** A header sent with every delivery. */
export interface WebhookCustomHeader {
  /** The header name. */
  name: string;
  /** The header value (redacted in REST answers, sent as is). */
  value: string;
}

/** Where and how a subscription's webhooks go. */
export interface WebhookDeliveryMethod {
  /** The delivery method's own id. */
  id: string;
  /** Always `http_delivery_method`. */
  type: 'http_delivery_method';
  /** The URL the webhooks are POSTed to. */
  url: string;
  /** The HMAC-SHA256 signing secret; REST answers show it only on create. */
  secret: string;
  /** Always `false` in the emulator (it never disables a failing subscription). */
  temporarily_disabled: boolean;
  /** Headers sent with every delivery. */
  custom_headers: WebhookCustomHeader[];
}

/** A V3 webhook subscription as the emulator keeps it (secret included). */
export interface WebhookSubscription {
  /** The identifier. */
  id: string;
  /** Always `webhook_subscription`. */
  type: 'webhook_subscription';
  /** Whether it delivers; an inactive one receives nothing (not even its ping). */
  active: boolean;
  /** A free-text description. */
  description: string | null;
  /** Where the webhooks go. */
  delivery_method: WebhookDeliveryMethod;
  /** The event types it receives (`incident.triggered`, ...). */
  events: string[];
  /** Which resources' events it receives. */
  filter: WebhookFilter;
}

/** A subscription as the REST API shows it: the secret is `null` except in the create answer. */
export type WebhookSubscriptionView = Omit<WebhookSubscription, 'delivery_method'> & {
  /** The delivery method, secret shown or `null`. */
  delivery_method: Omit<WebhookDeliveryMethod, 'secret'> & { secret: string | null };
};

/** The fields of a create or update body that passed the checks. */
export interface WebhookSubscriptionFields {
  /** See {@link WebhookSubscription.active}. */
  active?: boolean;
  /** See {@link WebhookSubscription.description}. */
  description?: string | null;
  /** The URL and headers (create only). */
  delivery?: { url: string; customHeaders: WebhookCustomHeader[] };
  /** See {@link WebhookSubscription.events}. */
  events?: string[];
  /** See {@link WebhookSubscription.filter}. */
  filter?: WebhookFilter;
}

const FILTER_TYPES: readonly string[] = ['account_reference', 'service_reference', 'team_reference'];
const EVENT_TYPE = /^[a-z_]+(\.[a-z_]+)+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The value REST answers show instead of a custom header's value. */
export const REDACTED_HEADER_VALUE = '-- redacted --';

function checkEvents(value: unknown, errors: string[]): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    errors.push('events must be a non-empty list of event types');
    return undefined;
  }
  const bad = value.filter((item) => typeof item !== 'string' || !EVENT_TYPE.test(item));
  if (bad.length > 0)
    errors.push(`events holds values that are not event types: ${bad.map((item) => JSON.stringify(item)).join(', ')}`);
  if (new Set(value).size !== value.length) errors.push('events must not repeat an event type');
  return value as string[];
}

function checkFilter(
  value: unknown,
  errors: string[],
  exists: (filter: WebhookFilter) => boolean,
): WebhookFilter | undefined {
  if (!isPlainObject(value) || typeof value.type !== 'string' || !FILTER_TYPES.includes(value.type)) {
    errors.push(`filter.type must be one of ${FILTER_TYPES.join(', ')}`);
    return undefined;
  }
  const type = value.type as WebhookFilterType;
  if (type === 'account_reference') return { type };
  if (typeof value.id !== 'string' || value.id === '') {
    errors.push(`filter.id is required with filter.type ${type}`);
    return undefined;
  }
  const filter = { type, id: value.id };
  if (!exists(filter))
    errors.push(`filter.id ${value.id} names no ${type === 'service_reference' ? 'service' : 'team'}`);
  return filter;
}

function checkUrl(value: unknown, errors: string[]): string | undefined {
  try {
    if (typeof value === 'string' && ['http:', 'https:'].includes(new URL(value).protocol)) return value;
  } catch {
    // Reported below, as for a value that is not a string.
  }
  errors.push('delivery_method.url must be an http or https URL');
  return undefined;
}

function checkHeaders(value: unknown, errors: string[]): WebhookCustomHeader[] {
  if (value === undefined || value === null) return [];
  const valid =
    Array.isArray(value) &&
    value.every(
      (item) =>
        isPlainObject(item) &&
        typeof item.name === 'string' &&
        HEADER_NAME.test(item.name) &&
        typeof item.value === 'string' &&
        !/[\r\n\0]/.test(item.value),
    );
  if (!valid) {
    errors.push('delivery_method.custom_headers must be a list of { name, value }: a header name and a one-line value');
    return [];
  }
  const headers = (value as WebhookCustomHeader[]).map((item) => ({ name: item.name, value: item.value }));
  if (new Set(headers.map((item) => item.name.toLowerCase())).size !== headers.length)
    errors.push('delivery_method.custom_headers names must be unique');
  return headers;
}

/**
 * Checks the `webhook_subscription` object of a create (`mode: 'create'`: delivery
 * method, events and filter required) or an update (every field optional; the delivery
 * method cannot change). `exists` says whether a filter's service or team exists.
 *
 * @example
 * ```ts
 * checkWebhookSubscription({ delivery_method: { type: 'http_delivery_method', url: 'http://127.0.0.1:9000/' },
 *   events: ['incident.triggered'], filter: { type: 'account_reference' } }, 'create', () => true);
 * // { ok: true, fields: { delivery: { url: ..., customHeaders: [] }, events: [...],
 * //   filter: { type: 'account_reference' } } }
 * ```
 */
export function checkWebhookSubscription(
  body: Record<string, unknown>,
  mode: 'create' | 'update',
  exists: (filter: WebhookFilter) => boolean,
): { ok: true; fields: WebhookSubscriptionFields } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const fields: WebhookSubscriptionFields = {};
  if (body.type !== undefined && body.type !== 'webhook_subscription') errors.push('type must be webhook_subscription');
  if (body.active !== undefined) {
    if (typeof body.active === 'boolean') fields.active = body.active;
    else errors.push('active must be a boolean');
  }
  if (body.description !== undefined) {
    if (body.description === null || typeof body.description === 'string') fields.description = body.description;
    else errors.push('description must be a string');
  }
  if (mode === 'create' || body.events !== undefined) fields.events = checkEvents(body.events, errors);
  if (mode === 'create' || body.filter !== undefined) fields.filter = checkFilter(body.filter, errors, exists);
  if (mode === 'create') {
    const method = body.delivery_method;
    if (!isPlainObject(method) || method.type !== 'http_delivery_method')
      errors.push('delivery_method.type must be http_delivery_method');
    const delivery = isPlainObject(method) ? method : {};
    const url = checkUrl(delivery.url, errors);
    const customHeaders = checkHeaders(delivery.custom_headers, errors);
    if (url !== undefined) fields.delivery = { url, customHeaders };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, fields };
}

/**
 * What `GET`, list and update answer with: the secret as `null` and custom header values
 * redacted (a copy; the stored subscription is untouched). Create answers with the secret.
 */
export function webhookSubscriptionView(
  subscription: WebhookSubscription,
  showSecret = false,
): WebhookSubscriptionView {
  const method = subscription.delivery_method;
  return {
    ...subscription,
    delivery_method: {
      ...method,
      secret: showSecret ? method.secret : null,
      custom_headers: method.custom_headers.map((header) => ({
        name: header.name,
        value: showSecret ? header.value : REDACTED_HEADER_VALUE,
      })),
    },
    events: [...subscription.events],
    filter: { ...subscription.filter },
  };
}
