import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';
import { startReceiver, type WebhookReceiver } from '../webhook-receiver.js';

interface SubscriptionBody {
  id: string;
  type: string;
  active: boolean;
  description: string | null;
  delivery_method: {
    id: string;
    type: string;
    url: string;
    secret: string | null;
    custom_headers: { name: string; value: string }[];
  };
  events: string[];
  filter: { type: string; id?: string };
}

describe('webhook subscriptions over HTTP', () => {
  let emulator: Emulator;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator({ webhooks: { retrySchedule: [] } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  const create = (fields: Record<string, unknown>): ReturnType<typeof call> =>
    call(emulator, 'POST', '/webhook_subscriptions', {
      key: emulator.keys.account,
      json: {
        webhook_subscription: {
          type: 'webhook_subscription',
          delivery_method: {
            type: 'http_delivery_method',
            url: receiver.url,
            custom_headers: [{ name: 'X-Team', value: 'blue' }],
          },
          events: ['incident.triggered'],
          filter: { type: 'account_reference' },
          ...fields,
        },
      },
    });

  it('creates a subscription, and shows its secret in the create answer only', async () => {
    const created = await create({ description: 'to the receiver' });
    expect(created.status).toBe(200);
    const subscription = (created.body as { webhook_subscription: SubscriptionBody }).webhook_subscription;
    expect(subscription).toMatchObject({
      type: 'webhook_subscription',
      active: true,
      description: 'to the receiver',
      delivery_method: {
        type: 'http_delivery_method',
        url: receiver.url,
        custom_headers: [{ name: 'X-Team', value: 'blue' }],
      },
      events: ['incident.triggered'],
      filter: { type: 'account_reference' },
    });
    expect(subscription.delivery_method.secret).toMatch(/^[0-9a-f]{64}$/);

    const got = await call(emulator, 'GET', `/webhook_subscriptions/${subscription.id}`, {
      key: emulator.keys.account,
    });
    const shown = (got.body as { webhook_subscription: SubscriptionBody }).webhook_subscription;
    expect(shown.delivery_method.secret).toBeNull();
    expect(shown.delivery_method.custom_headers[0].value).not.toBe('blue');
    const listed = await call(emulator, 'GET', '/webhook_subscriptions', { key: emulator.keys.account });
    expect(JSON.stringify(listed.body)).not.toContain(subscription.delivery_method.secret as string);
    expect(emulator.state.webhookSubscriptions.get(subscription.id)?.delivery_method.secret).toBe(
      subscription.delivery_method.secret,
    );
  });

  it('lists with classic pagination and filter_type / filter_id', async () => {
    const service = emulator.state.services.all()[0];
    await create({ filter: { type: 'service_reference', id: service.id } });
    const all = (
      await call(emulator, 'GET', '/webhook_subscriptions?total=true&limit=1', { key: emulator.keys.account })
    ).body as {
      webhook_subscriptions: SubscriptionBody[];
      limit: number;
      more: boolean;
      total: number;
    };
    expect(all).toMatchObject({ limit: 1, more: true, total: 2 });
    expect(all.webhook_subscriptions).toHaveLength(1);
    const byService = (
      await call(emulator, 'GET', `/webhook_subscriptions?filter_type=service&filter_id=${service.id}`, {
        key: emulator.keys.account,
      })
    ).body as { webhook_subscriptions: SubscriptionBody[] };
    expect(byService.webhook_subscriptions.map((item) => item.filter)).toEqual([
      { type: 'service_reference', id: service.id },
    ]);
    const bad = await call(emulator, 'GET', '/webhook_subscriptions?filter_type=planet', {
      key: emulator.keys.account,
    });
    expect(bad.status).toBe(400);
  });

  it('updates events, filter, description and active; enable turns it back on', async () => {
    const id = ((await create({})).body as { webhook_subscription: SubscriptionBody }).webhook_subscription.id;
    const team = emulator.state.teams.all()[0];
    const updated = await call(emulator, 'PUT', `/webhook_subscriptions/${id}`, {
      key: emulator.keys.account,
      json: {
        webhook_subscription: {
          events: ['incident.resolved', 'service.updated'],
          filter: { type: 'team_reference', id: team.id },
          description: 'new',
          active: false,
        },
      },
    });
    expect(updated.status).toBe(200);
    expect((updated.body as { webhook_subscription: SubscriptionBody }).webhook_subscription).toMatchObject({
      events: ['incident.resolved', 'service.updated'],
      filter: { type: 'team_reference', id: team.id },
      description: 'new',
      active: false,
      delivery_method: { secret: null },
    });
    const enabled = await call(emulator, 'POST', `/webhook_subscriptions/${id}/enable`, { key: emulator.keys.account });
    expect((enabled.body as { webhook_subscription: SubscriptionBody }).webhook_subscription.active).toBe(true);
  });

  it('deletes a subscription (204, then 404)', async () => {
    const id = ((await create({})).body as { webhook_subscription: SubscriptionBody }).webhook_subscription.id;
    expect(
      (await call(emulator, 'DELETE', `/webhook_subscriptions/${id}`, { key: emulator.keys.account })).status,
    ).toBe(204);
    expect((await call(emulator, 'GET', `/webhook_subscriptions/${id}`, { key: emulator.keys.account })).status).toBe(
      404,
    );
    expect(
      (await call(emulator, 'DELETE', `/webhook_subscriptions/${id}`, { key: emulator.keys.account })).status,
    ).toBe(404);
    expect(
      (await call(emulator, 'POST', `/webhook_subscriptions/${id}/ping`, { key: emulator.keys.account })).status,
    ).toBe(404);
  });

  it('refuses bad bodies with 400 and every reason', async () => {
    const reply = await create({
      delivery_method: { type: 'http_delivery_method', url: 'ftp://nowhere' },
      events: [],
      filter: { type: 'service_reference', id: 'PNOPE00' },
    });
    expect(reply.status).toBe(400);
    const errors = (reply.body as { error: { errors: string[] } }).error.errors.join(' | ');
    expect(errors).toContain('delivery_method.url');
    expect(errors).toContain('events');
    expect(errors).toContain('filter.id PNOPE00');
    expect((await create({ filter: { type: 'team_reference' } })).status).toBe(400);
    expect((await create({ events: ['incident.triggered', 'incident.triggered'] })).status).toBe(400);
  });

  it('pings: 202, then a signed pagey.ping event reaches the URL', async () => {
    const subscription = ((await create({})).body as { webhook_subscription: SubscriptionBody }).webhook_subscription;
    const before = receiver.received.length;
    const reply = await call(emulator, 'POST', `/webhook_subscriptions/${subscription.id}/ping`, {
      key: emulator.keys.account,
    });
    expect(reply.status).toBe(202);
    await emulator.webhooksIdle();
    const pings = receiver.received.slice(before);
    expect(pings).toHaveLength(1);
    expect(pings[0].headers['x-webhook-subscription']).toBe(subscription.id);
    expect(pings[0].headers['x-team']).toBe('blue');
    expect(JSON.parse(pings[0].body)).toMatchObject({
      event: { event_type: 'pagey.ping', resource_type: 'pagey', agent: null, client: null, data: { type: 'ping' } },
    });
  });
});
