import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  classifyOutcome,
  type AttemptOutcome,
  webhookHeaders,
  WEBHOOK_USER_AGENT,
} from '../../../src/emulator/webhooks/webhook-sender.js';

describe('webhook attempts', () => {
  it('signs the exact body with HMAC-SHA256 (v1=hex)', () => {
    const body = '{"event":{"event_type":"pagey.ping","data":{"message":"héllo"}}}';
    expect(signWebhookBody(body, 'secret')).toBe(
      `v1=${createHmac('sha256', 'secret').update(Buffer.from(body, 'utf8')).digest('hex')}`,
    );
    // A fixed vector (computed with openssl dgst -sha256 -hmac key), so a change of algorithm cannot pass unnoticed.
    expect(signWebhookBody('{}', 'key')).toBe('v1=a777724d943eb48dc69bca8a4a6d57a04db3f9ec7e1de4e581e860265bdf3032');
  });

  it('sends the documented headers, custom ones first (ours win)', () => {
    const headers = webhookHeaders({
      url: 'http://127.0.0.1:1/',
      body: '{"a":"é"}',
      secret: 's',
      webhookId: 'W1',
      subscriptionId: 'PWH0001',
      customHeaders: [
        { name: 'X-Team', value: 'blue' },
        { name: 'X-Webhook-Id', value: 'forged' },
      ],
    });
    expect(headers).toEqual({
      'x-team': 'blue',
      'content-type': 'application/json',
      'content-length': '10',
      'user-agent': WEBHOOK_USER_AGENT,
      'x-pagerduty-signature': signWebhookBody('{"a":"é"}', 's'),
      'x-webhook-id': 'W1',
      'x-webhook-subscription': 'PWH0001',
    });
  });

  it.each<[AttemptOutcome, ReturnType<typeof classifyOutcome>]>([
    [{ status: 200 }, 'delivered'],
    [{ status: 204 }, 'delivered'],
    [{ status: 500 }, 'retry'],
    [{ status: 503 }, 'retry'],
    [{ status: 429 }, 'retry'],
    [{ error: 'ECONNRESET' }, 'retry'],
    [{ status: 400 }, 'drop'],
    [{ status: 404 }, 'drop'],
    [{ status: 410 }, 'drop'],
    [{ status: 302 }, 'drop'],
  ])('%j means %s', (outcome, verdict) => {
    expect(classifyOutcome(outcome)).toBe(verdict);
  });
});
