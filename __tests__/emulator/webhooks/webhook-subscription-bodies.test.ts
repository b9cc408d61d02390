import { describe, expect, it } from '@jest/globals';
import {
  checkWebhookSubscription,
  webhookSubscriptionView,
  type WebhookSubscription,
} from '../../../src/emulator/webhooks/webhook-subscription-bodies.js';

const valid = {
  type: 'webhook_subscription',
  delivery_method: {
    type: 'http_delivery_method',
    url: 'https://user:pw@example.test:8443/hook',
    custom_headers: [{ name: 'X-A', value: '1' }],
  },
  events: ['incident.triggered', 'incident.responder.added'],
  filter: { type: 'service_reference', id: 'PSVC001' },
  description: 'd',
};
const always = (): boolean => true;

describe('webhook subscription bodies', () => {
  it('accepts a complete create body', () => {
    expect(checkWebhookSubscription(valid, 'create', always)).toEqual({
      ok: true,
      fields: {
        description: 'd',
        delivery: { url: valid.delivery_method.url, customHeaders: [{ name: 'X-A', value: '1' }] },
        events: valid.events,
        filter: { type: 'service_reference', id: 'PSVC001' },
      },
    });
  });

  it('requires delivery method, events and filter on create, and none of them on update', () => {
    const outcome = checkWebhookSubscription({}, 'create', always);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.errors).toEqual([
      'events must be a non-empty list of event types',
      'filter.type must be one of account_reference, service_reference, team_reference',
      'delivery_method.type must be http_delivery_method',
      'delivery_method.url must be an http or https URL',
    ]);
    expect(checkWebhookSubscription({ active: false }, 'update', always)).toEqual({
      ok: true,
      fields: { active: false },
    });
  });

  it.each([
    [{ events: ['Incident Triggered'] }, 'events holds values that are not event types: "Incident Triggered"'],
    [{ events: ['incident.triggered', 'incident.triggered'] }, 'events must not repeat an event type'],
    [{ filter: { type: 'team_reference' } }, 'filter.id is required with filter.type team_reference'],
    [
      { filter: { type: 'galaxy_reference' } },
      'filter.type must be one of account_reference, service_reference, team_reference',
    ],
    [{ active: 'yes' }, 'active must be a boolean'],
    [{ description: 4 }, 'description must be a string'],
    [{ type: 'webhook' }, 'type must be webhook_subscription'],
  ])('refuses %j', (fields, error) => {
    expect(checkWebhookSubscription(fields, 'update', always)).toEqual({ ok: false, errors: [error] });
  });

  it('refuses a filter naming nothing, a non-http URL and duplicate or malformed custom headers', () => {
    const outcome = checkWebhookSubscription(
      {
        ...valid,
        delivery_method: {
          type: 'http_delivery_method',
          url: 'mailto:a@b.c',
          custom_headers: [
            { name: 'A', value: '1' },
            { name: 'a', value: '2' },
          ],
        },
      },
      'create',
      () => false,
    );
    expect(!outcome.ok && outcome.errors).toEqual([
      'filter.id PSVC001 names no service',
      'delivery_method.url must be an http or https URL',
      'delivery_method.custom_headers names must be unique',
    ]);
    const malformed = checkWebhookSubscription(
      { ...valid, delivery_method: { ...valid.delivery_method, custom_headers: [{ name: 'A' }] } },
      'create',
      always,
    );
    expect(!malformed.ok && malformed.errors).toEqual([
      'delivery_method.custom_headers must be a list of { name, value }: a header name and a one-line value',
    ]);
    for (const header of [
      { name: 'Bad Name', value: '1' },
      { name: 'X-A', value: 'one\r\nX-Injected: two' },
    ]) {
      const refused = checkWebhookSubscription(
        { ...valid, delivery_method: { ...valid.delivery_method, custom_headers: [header] } },
        'create',
        always,
      );
      expect(refused.ok).toBe(false);
    }
  });

  it('shows the secret and header values only when asked (the create answer), leaving the stored one alone', () => {
    const stored: WebhookSubscription = {
      id: 'PWH0001',
      type: 'webhook_subscription',
      active: true,
      description: null,
      delivery_method: {
        id: 'PDM0001',
        type: 'http_delivery_method',
        url: 'http://127.0.0.1:1/',
        secret: 's3cret',
        temporarily_disabled: false,
        custom_headers: [{ name: 'X-A', value: '1' }],
      },
      events: ['incident.triggered'],
      filter: { type: 'account_reference' },
    };
    const hidden = webhookSubscriptionView(stored);
    expect(hidden.delivery_method).toMatchObject({
      secret: null,
      custom_headers: [{ name: 'X-A', value: '-- redacted --' }],
    });
    expect(webhookSubscriptionView(stored, true).delivery_method).toMatchObject({
      secret: 's3cret',
      custom_headers: [{ name: 'X-A', value: '1' }],
    });
    expect(stored.delivery_method).toMatchObject({ secret: 's3cret', custom_headers: [{ name: 'X-A', value: '1' }] });
    hidden.events.push('service.updated');
    expect(stored.events).toEqual(['incident.triggered']);
  });
});
