import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createWebhookHandler } from '../../../src/core/webhooks/webhook-handler.js';
import type { WebhookHandlerOptions, WebhookRejection } from '../../../src/core/webhooks/webhook-options.js';
import type { AnyWebhookEvent } from '../../../src/core/webhooks/event-union.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';
import { realSockets } from '../../helpers/test-kit.js';
import { deliveryBody, post, serve, type TestServer } from './webhook-server.js';

beforeAll(realSockets);

const SECRET = 'whsec-handler';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A handler on a loopback server, recording what reached user code. */
async function receiver(options: Partial<WebhookHandlerOptions> = {}) {
  const events: AnyWebhookEvent[] = [];
  const rejections: WebhookRejection[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    secrets: SECRET,
    onEvent: (event) => void events.push(event),
    onRejected: (rejection) => void rejections.push(rejection),
    onError: (error) => void errors.push(error),
    ...options,
  });
  server = await serve(handler);
  return { url: server.url, events, rejections, errors };
}

describe('createWebhookHandler: answers', () => {
  it('runs onEvent for a verified delivery and answers 200', async () => {
    const r = await receiver();
    expect(await post(r.url, deliveryBody(), SECRET, 'W1')).toEqual({ status: 200, text: 'ok' });
    expect(r.events.map((event) => [event.event_type, event.id])).toEqual([['incident.triggered', 'E-Disk full']]);
  });

  it('answers 405 with Allow: POST to another method', async () => {
    const r = await receiver();
    const response = await fetch(r.url);
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
    expect(r.events).toEqual([]);
  });

  it.each([
    ['no signature', undefined, 'missing-signature'],
    ['a wrong secret', 'whsec-other', 'no-match'],
  ])('answers 401 to %s without running user code', async (_label, secret, reason) => {
    const r = await receiver();
    expect((await post(r.url, deliveryBody(), secret)).status).toBe(401);
    expect(r.rejections.map((rejection) => [rejection.status, rejection.reason])).toEqual([[401, reason]]);
    expect(r.events).toEqual([]);
  });

  it('answers 401 to a malformed signature header', async () => {
    const r = await receiver();
    const response = await fetch(r.url, {
      method: 'POST',
      body: deliveryBody(),
      headers: { 'x-pagerduty-signature': 'v1=xyz' },
    });
    expect(response.status).toBe(401);
    expect(r.rejections[0]?.reason).toBe('malformed-signature');
    expect(r.events).toEqual([]);
  });

  it('answers 400 to a verified body that is not a V3 event, without running user code', async () => {
    const r = await receiver();
    expect((await post(r.url, '{"event": 1}', SECRET)).status).toBe(400);
    expect((await post(r.url, 'not json', SECRET)).status).toBe(400);
    expect(r.rejections.map((rejection) => rejection.reason)).toEqual(['invalid-envelope', 'invalid-json']);
    expect(r.events).toEqual([]);
  });

  it('answers 413 to a body over the cap, declared or streamed', async () => {
    const r = await receiver({ maxBodyBytes: 100 });
    expect((await post(r.url, deliveryBody(), SECRET)).status).toBe(413);
    // Chunked, with no content-length: the cap holds while reading.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        r.url,
        { method: 'POST', headers: { 'x-pagerduty-signature': 'v1=00' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.write('x'.repeat(80));
      request.end('y'.repeat(80));
    });
    expect(status).toBe(413);
    expect(r.events).toEqual([]);
  });

  it('answers 500 and reports through onError when onEvent throws, so that PagerDuty retries', async () => {
    let calls = 0;
    const r = await receiver({
      onEvent: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    expect((await post(r.url, deliveryBody(), SECRET, 'W1')).status).toBe(500);
    expect(r.errors.map((error) => (error as Error).message)).toEqual(['database down']);
    // The retry (same X-Webhook-Id) runs user code again: a failed delivery is not remembered.
    expect((await post(r.url, deliveryBody(), SECRET, 'W1')).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("answers 202 before onEvent settles with respond: 'before-handling'", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const r = await receiver({
      respond: 'before-handling',
      onEvent: async () => {
        await released;
        finished = true;
      },
    });
    expect(await post(r.url, deliveryBody(), SECRET, 'W1')).toEqual({ status: 202, text: 'accepted' });
    expect(finished).toBe(false);
    release();
  });

  it('accepts unsigned requests only with allowUnsigned, telling user code they are unverified', async () => {
    const verified: boolean[] = [];
    const r = await receiver({
      allowUnsigned: true,
      onEvent: (_event, delivery) => void verified.push(delivery.verified),
    });
    expect((await post(r.url, deliveryBody(), undefined)).status).toBe(200);
    expect((await post(r.url, deliveryBody(), SECRET)).status).toBe(200);
    expect(verified).toEqual([false, true]);
  });

  it('never rejects when the hooks themselves throw: the answer stands and the failure is reported', async () => {
    const reported: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((line: unknown) => void reported.push(String(line)));
    try {
      const handler = createWebhookHandler({
        secrets: SECRET,
        onEvent: () => {
          throw new Error('user code failed');
        },
        onError: () => {
          throw new Error('the error hook failed too');
        },
        onRejected: () => {
          throw new Error('the rejection hook failed');
        },
      });
      server = await serve(handler);
      expect((await post(server.url, deliveryBody(), 'whsec-wrong')).status).toBe(401);
      expect((await post(server.url, deliveryBody(), SECRET)).status).toBe(500);
      expect(reported).toEqual([
        expect.stringContaining('the error hook failed too'),
        expect.stringContaining('the error hook failed too'),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses options with neither secrets nor allowUnsigned when created', () => {
    expect(() => createWebhookHandler({ onEvent: () => {} })).toThrow(TypeError);
    expect(() => createWebhookHandler({ secrets: [], onEvent: () => {} })).toThrow(TypeError);
  });
});

describe('createWebhookHandler: a body a framework already read', () => {
  it('verifies req.body as set by express.raw() (a Buffer), and a string body', async () => {
    const events: AnyWebhookEvent[] = [];
    const handler = createWebhookHandler({ secrets: SECRET, onEvent: (event) => void events.push(event) });
    server = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      Object.assign(req, { body: req.headers['x-as-string'] ? raw.toString('utf8') : raw });
      await handler(req, res);
    });
    expect((await post(server.url, deliveryBody(), SECRET)).status).toBe(200);
    const body = deliveryBody('incident.triggered', 'Sent as a string');
    const response = await fetch(server.url, {
      method: 'POST',
      body,
      headers: { 'x-as-string': '1', 'x-pagerduty-signature': signWebhookBody(body, SECRET) },
    });
    expect(response.status).toBe(200);
    expect(events).toHaveLength(2);
  });

  it('prefers req.rawBody beside a parsed req.body, and caps a body read beforehand', async () => {
    const events: AnyWebhookEvent[] = [];
    const rejections: WebhookRejection[] = [];
    const handler = createWebhookHandler({
      secrets: SECRET,
      maxBodyBytes: 400,
      onEvent: (event) => void events.push(event),
      onRejected: (rejection) => void rejections.push(rejection),
    });
    server = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      Object.assign(
        req,
        req.headers['x-pad']
          ? { body: Buffer.concat([raw, Buffer.alloc(400)]) }
          : { rawBody: raw, body: JSON.parse(raw.toString('utf8')) },
      );
      await handler(req, res);
    });
    expect((await post(server.url, deliveryBody(), SECRET)).status).toBe(200);
    const padded = await fetch(server.url, {
      method: 'POST',
      body: deliveryBody(),
      headers: { 'x-pad': '1', 'x-pagerduty-signature': signWebhookBody(deliveryBody(), SECRET) },
    });
    expect(padded.status).toBe(413);
    expect([events.length, rejections.map((rejection) => rejection.reason)]).toEqual([1, ['too-large']]);
  });

  it('answers 500 and reports a misconfiguration when a JSON parser consumed the body', async () => {
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      secrets: SECRET,
      onEvent: () => {},
      onError: (error) => void errors.push(error),
    });
    server = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      Object.assign(req, { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      await handler(req, res);
    });
    expect((await post(server.url, deliveryBody(), SECRET)).status).toBe(500);
    expect(String(errors[0])).toMatch(/express\.raw/);
  });
});
