// The fetch handler: what it answers to each kind of request, and when onEvent runs.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createFetchWebhookHandler } from '../../../src/core/webhooks/fetch-webhook-handler.js';
import type {
  WebhookContext,
  WebhookHandlerOptions,
  WebhookRejection,
} from '../../../src/core/webhooks/webhook-options.js';
import type { AnyWebhookEvent } from '../../../src/core/webhooks/event-union.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';
import { settled } from './direct-delivery.js';
import { answerOf, signedRequest, streamingRequest } from './fetch-delivery.js';
import { deliveryBody } from './webhook-server.js';

const SECRET = 'whsec-fetch';
afterEach(() => void jest.useRealTimers());

/** A fetch handler recording the events that reached onEvent and the requests it refused. */
function receiver(options: Partial<WebhookHandlerOptions<Headers>> = {}) {
  const events: AnyWebhookEvent[] = [];
  const contexts: WebhookContext<Headers>[] = [];
  const rejections: WebhookRejection[] = [];
  const handler = createFetchWebhookHandler({
    secrets: SECRET,
    onEvent: (event, context) => {
      events.push(event);
      contexts.push(context);
    },
    onRejected: (rejection) => void rejections.push(rejection),
    ...options,
  });
  return { handler, events, contexts, rejections };
}

describe('createFetchWebhookHandler', () => {
  it('answers 200 to a signed delivery and hands onEvent its typed event, ID and fetch Headers', async () => {
    const r = receiver();
    const answer = await answerOf(r.handler(signedRequest(deliveryBody(), SECRET, 'W1')));
    expect(answer).toEqual({ status: 200, text: 'ok' });
    expect(r.events.map((event) => [event.id, event.event_type])).toEqual([['E-Disk full', 'incident.triggered']]);
    expect(r.contexts[0]).toMatchObject({ webhookId: 'W1', verified: true });
    expect(r.contexts[0].headers.get('x-webhook-id')).toBe('W1');
  });

  it('answers 401 to a forged or unsigned delivery without running onEvent', async () => {
    const r = receiver();
    const forged = await r.handler(signedRequest(deliveryBody(), 'not-the-secret', 'W1'));
    const unsigned = await r.handler(signedRequest(deliveryBody(), [], 'W2'));
    const tampered = signedRequest(deliveryBody(), SECRET, 'W3');
    const edited = new Request(tampered, { body: deliveryBody('incident.resolved') });
    expect([forged.status, unsigned.status, (await r.handler(edited)).status]).toEqual([401, 401, 401]);
    expect(r.rejections.map((rejection) => rejection.reason)).toEqual(['no-match', 'missing-signature', 'no-match']);
    expect(r.events).toHaveLength(0);
  });

  it('accepts either secret during a rotation, and a header carrying two signatures', async () => {
    const r = receiver({ secrets: ['whsec-new', 'whsec-old'] });
    const old = await r.handler(signedRequest(deliveryBody('incident.triggered', 'A'), 'whsec-old'));
    const both = await r.handler(signedRequest(deliveryBody('incident.triggered', 'B'), ['whsec-gone', 'whsec-new']));
    expect([old.status, both.status, r.events.length]).toEqual([200, 200, 2]);
  });

  it('accepts unsigned requests only when opted in, marked verified: false', async () => {
    const r = receiver({ allowUnsigned: true });
    expect((await r.handler(signedRequest(deliveryBody(), []))).status).toBe(200);
    expect((await r.handler(signedRequest(deliveryBody('incident.resolved'), 'forged'))).status).toBe(401);
    expect(r.contexts.map((context) => context.verified)).toEqual([false]);
  });

  it('answers 405 with Allow: POST to another method, and 400 to a verified body that is not an event', async () => {
    const r = receiver();
    const get = await r.handler(new Request('http://receiver.test/', { method: 'GET' }));
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const notEvent = await answerOf(r.handler(signedRequest('{"hello":1}', SECRET)));
    expect(notEvent).toEqual({ status: 400, text: 'invalid-envelope' });
    expect(r.events).toHaveLength(0);
  });

  it('answers 413 to a body over the cap, declared or streamed, without reading it whole', async () => {
    const r = receiver({ maxBodyBytes: 64 });
    const declared = new Request(signedRequest(deliveryBody(), SECRET), { headers: { 'content-length': '1000000' } });
    expect(await answerOf(r.handler(declared))).toEqual({ status: 413, text: 'too-large' });
    expect(declared.bodyUsed).toBe(false);
    const streamed = streamingRequest({ 'x-pagerduty-signature': signWebhookBody('x', SECRET) });
    const answer = r.handler(streamed.request);
    streamed.write('x'.repeat(40));
    streamed.write('x'.repeat(40));
    // Never ended: the handler stops reading at the cap.
    expect(await answerOf(answer)).toEqual({ status: 413, text: 'too-large' });
    expect(r.events).toHaveLength(0);
  });

  it('answers 408 to a body not complete within bodyTimeoutMs (10 s by default), on a fake clock', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const r = receiver();
    const streamed = streamingRequest({ 'x-pagerduty-signature': signWebhookBody('{}', SECRET) });
    const answer = r.handler(streamed.request);
    streamed.write('{"event":');
    jest.advanceTimersByTime(9_999);
    await settled();
    expect(r.rejections).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(await answerOf(answer)).toEqual({ status: 408, text: 'body-timeout' });
    expect(r.events).toHaveLength(0);
  });

  it('reads a body that trickles in within the deadline', async () => {
    const r = receiver({ bodyTimeoutMs: 0 });
    const body = deliveryBody();
    const streamed = streamingRequest({ 'x-pagerduty-signature': signWebhookBody(body, SECRET) });
    const answer = r.handler(streamed.request);
    for (const piece of [body.slice(0, 10), body.slice(10, 50), body.slice(50)]) {
      streamed.write(piece);
      await settled();
    }
    streamed.end();
    expect((await answer).status).toBe(200);
  });

  it('answers 500 and tells onError when the body was read before it', async () => {
    const errors: unknown[] = [];
    const r = receiver({ onError: (error) => void errors.push(error) });
    const request = signedRequest(deliveryBody(), SECRET);
    await request.text();
    expect(await answerOf(r.handler(request))).toEqual({ status: 500, text: 'body-already-read' });
    expect(String(errors[0])).toMatch(/read before the webhook handler/);
  });

  it("runs onEvent after answering 202 with respond: 'before-handling', through the context's waitUntil", async () => {
    const waited: Promise<unknown>[] = [];
    let release: () => void = () => {};
    const r = receiver({ respond: 'before-handling', onEvent: () => new Promise<void>((done) => (release = done)) });
    const response = await r.handler(signedRequest(deliveryBody(), SECRET, 'W1'), {
      waitUntil: (promise) => void waited.push(promise),
    });
    expect([response.status, waited.length]).toEqual([202, 1]);
    release();
    await expect(waited[0]).resolves.toBeUndefined();
  });
});
