import { describe, expect, it } from '@jest/globals';
import { parseWebhook } from '../../../src/core/webhooks/parse-webhook.js';
import { WebhookPayloadError, WebhookVerificationError } from '../../../src/core/webhooks/webhook-errors.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';
import { CURRENT_SECRET, PING_BODY, PING_WITH_CURRENT } from './signature-vectors.js';

const signed = (body: string): Record<string, string> => ({
  'x-pagerduty-signature': signWebhookBody(body, CURRENT_SECRET),
  'x-webhook-id': 'W1',
});

const failure = (run: () => unknown): { kind: string; reason: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof WebhookPayloadError)
      return { kind: error.constructor.name, reason: error.reason };
    throw error;
  }
  throw new Error('did not fail');
};

describe('parseWebhook', () => {
  it('verifies, decodes and returns the event with the webhook id, from a Node headers record', () => {
    const parsed = parseWebhook(
      Buffer.from(PING_BODY),
      { 'x-pagerduty-signature': `v1=${PING_WITH_CURRENT}`, 'x-webhook-id': 'W1' },
      { secrets: CURRENT_SECRET },
    );
    expect(parsed).toEqual({
      webhookId: 'W1',
      verified: true,
      event: expect.objectContaining({
        id: '01ABC',
        event_type: 'pagey.ping',
        resource_type: 'pagey',
        data: { type: 'ping', message: 'Hello from your friend Pagey!' },
      }),
    });
  });

  it('reads a fetch Headers object, and a record whatever the case of its names', () => {
    const headers = new Headers({ 'X-PagerDuty-Signature': `v1=${PING_WITH_CURRENT}`, 'X-Webhook-Id': 'W2' });
    expect(parseWebhook(PING_BODY, headers, { secrets: [CURRENT_SECRET] }).webhookId).toBe('W2');
    expect(
      parseWebhook(
        PING_BODY,
        { 'X-PagerDuty-Signature': `v1=${PING_WITH_CURRENT}`, 'X-Webhook-Id': 'W3' },
        { secrets: [CURRENT_SECRET] },
      ).webhookId,
    ).toBe('W3');
  });

  it('fills a missing agent or client with null, as the types say', () => {
    const body = JSON.stringify({
      event: {
        id: 'E',
        event_type: 'service.created',
        resource_type: 'service',
        occurred_at: 'now',
        data: { type: 'service', id: 'S' },
      },
    });
    const { event } = parseWebhook(body, signed(body), { secrets: CURRENT_SECRET });
    expect([event.agent, event.client]).toEqual([null, null]);
  });

  it('passes an event of an unlisted type on', () => {
    const body = JSON.stringify({
      event: {
        id: 'E',
        event_type: 'incident.new_thing',
        resource_type: 'incident',
        occurred_at: 'now',
        agent: null,
        client: null,
        data: { x: 1 },
      },
    });
    expect(parseWebhook(body, signed(body), { secrets: CURRENT_SECRET }).event.event_type).toBe('incident.new_thing');
  });

  it('refuses missing, malformed and unmatched signatures before parsing', () => {
    expect(failure(() => parseWebhook('not json', {}, { secrets: CURRENT_SECRET }))).toEqual({
      kind: 'WebhookVerificationError',
      reason: 'missing-signature',
    });
    expect(
      failure(() => parseWebhook('not json', { 'x-pagerduty-signature': 'v1=nothex' }, { secrets: CURRENT_SECRET })),
    ).toEqual({ kind: 'WebhookVerificationError', reason: 'malformed-signature' });
    expect(
      failure(() =>
        parseWebhook('not json', { 'x-pagerduty-signature': `v1=${PING_WITH_CURRENT}` }, { secrets: CURRENT_SECRET }),
      ),
    ).toEqual({ kind: 'WebhookVerificationError', reason: 'no-match' });
  });

  it('refuses a body over the cap, signed or not', () => {
    expect(
      failure(() => parseWebhook(PING_BODY, signed(PING_BODY), { secrets: CURRENT_SECRET, maxBodyBytes: 100 })),
    ).toEqual({ kind: 'WebhookVerificationError', reason: 'too-large' });
    expect(failure(() => parseWebhook(PING_BODY, {}, { allowUnsigned: true, maxBodyBytes: 100 }))).toEqual({
      kind: 'WebhookVerificationError',
      reason: 'too-large',
    });
  });

  it.each([
    ['{"event":', 'invalid-json'],
    [Buffer.from([0x7b, 0xff, 0x7d]), 'invalid-json'],
    ['[]', 'invalid-envelope'],
    ['{"events":{}}', 'invalid-envelope'],
    ['{"event":{"id":"E","event_type":"pagey.ping","resource_type":"pagey","occurred_at":"t"}}', 'invalid-envelope'],
    [
      '{"event":{"id":1,"event_type":"pagey.ping","resource_type":"pagey","occurred_at":"t","data":{}}}',
      'invalid-envelope',
    ],
    [
      '{"event":{"id":"E","event_type":"pagey.ping","resource_type":"pagey","occurred_at":"t","data":{},"agent":"me"}}',
      'invalid-envelope',
    ],
  ])('refuses a verified body %s with a WebhookPayloadError (%s)', (body, reason) => {
    const headers = { 'x-pagerduty-signature': signWebhookBody(body, CURRENT_SECRET) };
    expect(failure(() => parseWebhook(body, headers, { secrets: CURRENT_SECRET }))).toEqual({
      kind: 'WebhookPayloadError',
      reason,
    });
  });

  describe('unsigned requests (incident workflow custom POSTs)', () => {
    it('are refused by default', () => {
      expect(failure(() => parseWebhook(PING_BODY, {}, { secrets: CURRENT_SECRET }))).toEqual({
        kind: 'WebhookVerificationError',
        reason: 'missing-signature',
      });
    });

    it('are accepted with allowUnsigned, and marked unverified', () => {
      expect(parseWebhook(PING_BODY, {}, { secrets: CURRENT_SECRET, allowUnsigned: true }).verified).toBe(false);
      expect(parseWebhook(PING_BODY, {}, { allowUnsigned: true }).verified).toBe(false);
    });

    it('still have a signature they carry checked when secrets are given', () => {
      const headers = { 'x-pagerduty-signature': `v1=${'0'.repeat(64)}` };
      expect(failure(() => parseWebhook(PING_BODY, headers, { secrets: CURRENT_SECRET, allowUnsigned: true }))).toEqual(
        { kind: 'WebhookVerificationError', reason: 'no-match' },
      );
    });

    it('need secrets or allowUnsigned: options naming neither are a TypeError', () => {
      expect(() => parseWebhook(PING_BODY, signed(PING_BODY), {})).toThrow(TypeError);
    });
  });
});
