import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createWebhookHandler } from '../../../src/core/webhooks/webhook-handler.js';
import type { WebhookHandlerOptions } from '../../../src/core/webhooks/webhook-options.js';
import type { AnyWebhookEvent } from '../../../src/core/webhooks/event-union.js';
import type { WebhookRequest } from '../../../src/core/webhooks/webhook-request.js';
import { realSockets } from '../../helpers/test-kit.js';
import { deliveryHeaders, readRequest, recordingResponse, settled } from './direct-delivery.js';
import { deliveryBody, post, serve, type TestServer } from './webhook-server.js';

beforeAll(realSockets);

const SECRET = 'whsec-repeats';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A handler whose onEvent blocks until `release(error?)`, counting its calls. */
function blockedHandler(options: Partial<WebhookHandlerOptions> = {}) {
  let calls = 0;
  let release: (error?: Error) => void = () => {};
  const handler = createWebhookHandler({
    secrets: SECRET,
    onError: () => {},
    onEvent: () => {
      calls += 1;
      return new Promise<void>((resolve, reject) => (release = (error) => (error ? reject(error) : resolve())));
    },
    ...options,
  });
  return {
    handler,
    calls: () => calls,
    release: (error?: Error) => release(error),
  };
}

/** Hands `body` to the handler as a delivery with `webhookId`, and returns its recorded response. */
function deliver(handler: ReturnType<typeof createWebhookHandler>, body: string, webhookId?: string) {
  const response = recordingResponse();
  void handler(readRequest(body, deliveryHeaders(body, SECRET, webhookId)), response.res);
  return response;
}

describe('createWebhookHandler: a repeat of a webhook still being handled', () => {
  it("waits for the first one's outcome and gets its 200, without running onEvent again", async () => {
    const h = blockedHandler();
    const first = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    const repeat = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    expect([first.answered, repeat.answered, h.calls()]).toEqual([false, false, 1]);
    h.release();
    expect((await first.answer).status).toBe(200);
    expect((await repeat.answer).status).toBe(200);
    expect(h.calls()).toBe(1);
  });

  it('gets 500 when the first fails, and a later retry runs onEvent again', async () => {
    const h = blockedHandler();
    const first = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    const repeat = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    h.release(new Error('database down'));
    expect([(await first.answer).status, (await repeat.answer).status, h.calls()]).toEqual([500, 500, 1]);
    const retry = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    expect(h.calls()).toBe(2);
    h.release();
    expect((await retry.answer).status).toBe(200);
    expect(await deliver(h.handler, deliveryBody(), 'W1').answer).toMatchObject({ status: 200, text: 'duplicate' });
  });

  it('waits as well when the repeat carries another X-Webhook-Id, or none (same signed event.id)', async () => {
    const h = blockedHandler();
    const first = deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    const renamed = deliver(h.handler, deliveryBody(), 'W-forged');
    const unnamed = deliver(h.handler, deliveryBody());
    await settled();
    expect([renamed.answered, unnamed.answered]).toEqual([false, false]);
    h.release(new Error('failed'));
    const statuses = await Promise.all([first.answer, renamed.answer, unnamed.answer]);
    expect([statuses.map((answer) => answer.status), h.calls()]).toEqual([[500, 500, 500], 1]);
  });

  it('does not hold up another webhook meanwhile', async () => {
    const h = blockedHandler();
    deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    deliver(h.handler, deliveryBody('incident.resolved', 'Other'), 'W2');
    await settled();
    expect(h.calls()).toBe(2);
  });

  it("is answered 200 'duplicate' at once with respond: 'before-handling' (the first got 202)", async () => {
    const h = blockedHandler({ respond: 'before-handling' });
    expect((await deliver(h.handler, deliveryBody(), 'W1').answer).status).toBe(202);
    expect(await deliver(h.handler, deliveryBody(), 'W1').answer).toMatchObject({ status: 200, text: 'duplicate' });
    expect(h.calls()).toBe(1);
  });

  it('is not held with deduplication off (dedupWindowMs: 0): each delivery runs', async () => {
    const h = blockedHandler({ dedupWindowMs: 0 });
    deliver(h.handler, deliveryBody(), 'W1');
    deliver(h.handler, deliveryBody(), 'W1');
    await settled();
    expect(h.calls()).toBe(2);
  });

  it('over loopback: overlapping deliveries of one webhook run onEvent once and all get its answer', async () => {
    const h = blockedHandler();
    let bodiesRead = 0;
    server = await serve((req: WebhookRequest, res) => {
      req.once('end', () => (bodiesRead += 1));
      return h.handler(req, res);
    });
    const url = server.url;
    const deliveries = [post(url, deliveryBody(), SECRET, 'W1')];
    while (h.calls() === 0) await settled();
    deliveries.push(post(url, deliveryBody(), SECRET, 'W1'), post(url, deliveryBody(), SECRET, 'W2'));
    // Once a body is read, the handler decides in the same turn: the repeats are now waiting.
    while (bodiesRead < 3) await settled();
    await settled();
    h.release(new Error('database down'));
    expect((await Promise.all(deliveries)).map((answer) => answer.status)).toEqual([500, 500, 500]);
    expect(h.calls()).toBe(1);
    const retry = post(url, deliveryBody(), SECRET, 'W1');
    while (h.calls() === 1) await settled();
    h.release();
    expect(await retry).toEqual({ status: 200, text: 'ok' });
  });
});

/** A handler on a loopback server, recording the events that reached user code. */
async function receiver(options: Partial<WebhookHandlerOptions> = {}) {
  const events: AnyWebhookEvent[] = [];
  const verified: boolean[] = [];
  server = await serve(
    createWebhookHandler({
      secrets: SECRET,
      onEvent: (event, delivery) => {
        events.push(event);
        verified.push(delivery.verified);
      },
      ...options,
    }),
  );
  return { url: server.url, events, verified };
}

/** POSTs a body with exactly these headers (a captured delivery, replayed as is or edited). */
async function replay(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, text: (await response.text()).trim() };
}

describe('createWebhookHandler: de-duplication by the signed event.id and by X-Webhook-Id', () => {
  it('runs user code once per webhook within the window, and again after it', async () => {
    let now = 0;
    const r = await receiver({ dedupWindowMs: 60_000, now: () => now });
    expect((await post(r.url, deliveryBody(), SECRET, 'W1')).status).toBe(200);
    expect(await post(r.url, deliveryBody(), SECRET, 'W1')).toEqual({ status: 200, text: 'duplicate' });
    expect((await post(r.url, deliveryBody('incident.resolved', 'Other'), SECRET, 'W2')).status).toBe(200);
    now = 60_000;
    expect(await post(r.url, deliveryBody(), SECRET, 'W1')).toEqual({ status: 200, text: 'ok' });
    expect(r.events.map((event) => event.id)).toEqual(['E-Disk full', 'E-Other', 'E-Disk full']);
  });

  it('answers a captured delivery replayed with a changed or removed X-Webhook-Id as a duplicate', async () => {
    const r = await receiver();
    const body = deliveryBody();
    const captured = deliveryHeaders(body, SECRET, 'W1');
    expect((await replay(r.url, body, captured)).status).toBe(200);
    const { 'x-webhook-id': _dropped, ...withoutId } = captured;
    for (const headers of [{ ...captured, 'x-webhook-id': 'W-new' }, withoutId, { ...captured, 'x-webhook-id': ' ' }])
      expect(await replay(r.url, body, headers)).toEqual({ status: 200, text: 'duplicate' });
    expect(r.events).toHaveLength(1);
  });

  it('answers another signed event under an X-Webhook-Id already handled as a duplicate', async () => {
    const r = await receiver();
    await post(r.url, deliveryBody(), SECRET, 'W1');
    expect(await post(r.url, deliveryBody('incident.resolved', 'Other'), SECRET, 'W1')).toEqual({
      status: 200,
      text: 'duplicate',
    });
    expect(r.events).toHaveLength(1);
  });

  it('runs onEvent once for one event sent by two subscriptions (two secrets, two X-Webhook-Ids)', async () => {
    const r = await receiver({ secrets: [SECRET, 'whsec-new-subscription'] });
    await post(r.url, deliveryBody(), SECRET, 'W-old');
    expect((await post(r.url, deliveryBody(), 'whsec-new-subscription', 'W-new')).text).toBe('duplicate');
    expect(r.events).toHaveLength(1);
  });

  it('never lets an unsigned request (allowUnsigned) mark a signed event as handled', async () => {
    const r = await receiver({ allowUnsigned: true });
    expect((await post(r.url, deliveryBody(), undefined, 'W1')).text).toBe('ok');
    expect((await post(r.url, deliveryBody(), SECRET, 'W1')).text).toBe('ok');
    expect((await post(r.url, deliveryBody(), SECRET, 'W1')).text).toBe('duplicate');
    expect((await post(r.url, deliveryBody(), undefined, 'W2')).text).toBe('duplicate');
    expect(r.verified).toEqual([false, true]);
  });

  it('tells deliveries with no or an empty X-Webhook-Id apart by their event.id', async () => {
    const r = await receiver();
    await post(r.url, deliveryBody('incident.triggered', 'One'), SECRET, '');
    await post(r.url, deliveryBody('incident.triggered', 'Two'), SECRET, ' ');
    await post(r.url, deliveryBody('incident.triggered', 'Two'), SECRET);
    expect(r.events.map((event) => event.id)).toEqual(['E-One', 'E-Two']);
  });

  it('remembers at most dedupMaxEntries webhooks, forgetting the oldest first', async () => {
    const r = await receiver({ dedupMaxEntries: 2 });
    for (const title of ['A', 'B', 'C']) await post(r.url, deliveryBody('incident.triggered', title), SECRET, title);
    expect((await post(r.url, deliveryBody('incident.triggered', 'A'), SECRET, 'A')).text).toBe('ok');
    expect((await post(r.url, deliveryBody('incident.triggered', 'C'), SECRET, 'C')).text).toBe('duplicate');
  });

  it('is off with dedupWindowMs: 0', async () => {
    const r = await receiver({ dedupWindowMs: 0 });
    await post(r.url, deliveryBody(), SECRET, 'W1');
    await post(r.url, deliveryBody(), SECRET, 'W1');
    expect(r.events).toHaveLength(2);
  });
});
