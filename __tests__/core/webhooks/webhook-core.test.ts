// The core under both adapters, driven as data: one event runs onEvent once for every core that
// shares a store (two cores stand for two replicas), claims expire on the store's clock, and a
// store that fails is answered 503 without running onEvent.
import { describe, expect, it } from '@jest/globals';
import { createWebhookCore, type WebhookInput } from '../../../src/core/webhooks/webhook-core.js';
import { createMemoryDeliveryStore, type WebhookDeliveryStore } from '../../../src/core/webhooks/delivery-store.js';
import type { WebhookHandlerOptions } from '../../../src/core/webhooks/webhook-options.js';
import { deliveryHeaders, settled } from './direct-delivery.js';
import { deliveryBody } from './webhook-server.js';

const SECRET = 'whsec-core';
type Headers = Record<string, string>;

/** A delivery of `body` as an adapter hands it over. */
function input(body: string, webhookId?: string): WebhookInput<Headers> {
  return {
    method: 'POST',
    headers: deliveryHeaders(body, SECRET, webhookId),
    readBody: () => Promise.resolve({ ok: true, bytes: new TextEncoder().encode(body) }),
  };
}

/** A core whose onEvent blocks until `release(error?)` of that call, counting its calls. */
function replica(options: Partial<WebhookHandlerOptions<Headers>> = {}) {
  const releases: ((error?: Error) => void)[] = [];
  const errors: unknown[] = [];
  const core = createWebhookCore<Headers>({
    secrets: SECRET,
    onError: (error) => void errors.push(error),
    onEvent: () =>
      new Promise<void>((resolve, reject) => void releases.push((error) => (error ? reject(error) : resolve()))),
    ...options,
  });
  const deliver = async (body = deliveryBody(), webhookId?: string) => {
    const { answer } = await core(input(body, webhookId));
    return answer && { status: answer.status, text: answer.text };
  };
  return {
    core,
    deliver,
    errors,
    calls: () => releases.length,
    release: (n: number, error?: Error) => releases[n](error),
  };
}

describe('the webhook core, on one store shared by two replicas', () => {
  it('runs an event once: a repeat at the other replica is 503 while it runs, 200 duplicate once done', async () => {
    const store = createMemoryDeliveryStore();
    const [a, b] = [replica({ store }), replica({ store })];
    const first = a.deliver(deliveryBody(), 'W1');
    await settled();
    // The same event from another subscription (another X-Webhook-Id) reaches replica B.
    expect(await b.deliver(deliveryBody(), 'W2')).toEqual({ status: 503, text: 'in-progress-elsewhere' });
    a.release(0);
    expect(await first).toEqual({ status: 200, text: 'ok' });
    expect(await b.deliver(deliveryBody(), 'W2')).toEqual({ status: 200, text: 'duplicate' });
    expect(await b.deliver(deliveryBody())).toEqual({ status: 200, text: 'duplicate' });
    expect(a.calls() + b.calls()).toBe(1);
  });

  it('lets the other replica run an event whose onEvent failed, at once', async () => {
    const store = createMemoryDeliveryStore();
    const [a, b] = [replica({ store }), replica({ store })];
    const first = a.deliver(deliveryBody(), 'W1');
    await settled();
    a.release(0, new Error('database down'));
    expect(await first).toEqual({ status: 500, text: 'handler-failed' });
    const retry = b.deliver(deliveryBody(), 'W1');
    await settled();
    b.release(0);
    expect(await retry).toEqual({ status: 200, text: 'ok' });
    expect([a.calls(), b.calls()]).toEqual([1, 1]);
  });

  it('runs the event of a replica that died inside onEvent once its claim expires (claimMs)', async () => {
    let now = 0;
    const store = createMemoryDeliveryStore({ now: () => now });
    const [dead, b] = [replica({ store, claimMs: 30_000 }), replica({ store, claimMs: 30_000 })];
    void dead.deliver(deliveryBody(), 'W1');
    await settled();
    now = 29_999;
    expect((await b.deliver(deliveryBody(), 'W1'))?.status).toBe(503);
    now = 30_000;
    const retry = b.deliver(deliveryBody(), 'W1');
    await settled();
    expect(b.calls()).toBe(1);
    b.release(0);
    expect(await retry).toEqual({ status: 200, text: 'ok' });
  });

  it('claims for one minute by default', async () => {
    let now = 0;
    const store = createMemoryDeliveryStore({ now: () => now });
    const [dead, b] = [replica({ store }), replica({ store })];
    void dead.deliver();
    await settled();
    now = 59_999;
    expect((await b.deliver())?.status).toBe(503);
    now = 60_000;
    void b.deliver();
    await settled();
    expect(b.calls()).toBe(1);
  });
});

/** A store whose methods fail when the test says so. */
function failingStore(fail: { claim?: boolean; finish?: boolean; release?: boolean }): WebhookDeliveryStore {
  const inner = createMemoryDeliveryStore();
  const down = () => Promise.reject(new Error('store unreachable'));
  return {
    claim: (keys, holder, ms) => (fail.claim ? down() : inner.claim(keys, holder, ms)),
    finish: (keys, holder, ms) => (fail.finish ? down() : inner.finish(keys, holder, ms)),
    release: (keys, holder) => (fail.release ? down() : inner.release(keys, holder)),
  };
}

describe('the webhook core, when the store fails', () => {
  it('answers 503 without running onEvent when no claim can be taken (fails closed), tells onError', async () => {
    const r = replica({ store: failingStore({ claim: true }) });
    expect(await r.deliver()).toEqual({ status: 503, text: 'store-unavailable' });
    expect([r.calls(), String(r.errors[0])]).toEqual([0, 'Error: store unreachable']);
  });

  it('answers 503 to the repeats waiting in this process as well: none is told 2xx', async () => {
    let unblock: () => void = () => {};
    const store: WebhookDeliveryStore = {
      ...createMemoryDeliveryStore(),
      claim: async () => {
        await new Promise<void>((resolve) => (unblock = resolve));
        throw new Error('store unreachable');
      },
    };
    const r = replica({ store });
    const answers = [r.deliver(deliveryBody(), 'W1'), r.deliver(deliveryBody(), 'W1')];
    await settled();
    unblock();
    expect(await Promise.all(answers)).toEqual([
      { status: 503, text: 'store-unavailable' },
      { status: 503, text: 'store-unavailable' },
    ]);
    expect(r.calls()).toBe(0);
  });

  it('answers 200 to an event that ran even when it cannot be marked done, and tells onError', async () => {
    const r = replica({ store: failingStore({ finish: true }) });
    const answer = r.deliver();
    await settled();
    r.release(0);
    expect(await answer).toEqual({ status: 200, text: 'ok' });
    expect(r.errors.map(String)).toEqual(['Error: store unreachable']);
  });

  it('answers 500 to a failed event whose claim cannot be released (a retry runs once the claim expires)', async () => {
    const r = replica({ store: failingStore({ release: true }) });
    const answer = r.deliver();
    await settled();
    r.release(0, new Error('failed'));
    expect(await answer).toEqual({ status: 500, text: 'handler-failed' });
    expect(r.errors.map(String)).toEqual(['Error: failed', 'Error: store unreachable']);
  });

  it("answers 503 with respond: 'before-handling' when the event cannot be marked done: not run", async () => {
    const r = replica({ store: failingStore({ finish: true }), respond: 'before-handling' });
    expect(await r.deliver()).toEqual({ status: 503, text: 'store-unavailable' });
    expect(r.calls()).toBe(0);
  });
});

describe('the webhook core, its options', () => {
  it('refuses a store with deduplication off, a claimMs of 0 and an onEvent that is not a function', () => {
    const store = createMemoryDeliveryStore();
    const onEvent = () => {};
    expect(() => createWebhookCore({ secrets: SECRET, onEvent, store, dedupWindowMs: 0 })).toThrow(
      /needs deduplication/,
    );
    expect(() => createWebhookCore({ secrets: SECRET, onEvent, claimMs: 0 })).toThrow(/claimMs/);
    expect(() => createWebhookCore({ secrets: SECRET, onEvent: 'no' as never })).toThrow(/onEvent/);
  });

  it('gives no answer to a request whose client went away', async () => {
    const core = createWebhookCore({ secrets: SECRET, onEvent: () => {} });
    const gone = await core({
      method: 'POST',
      headers: {},
      readBody: () => Promise.resolve({ ok: false, reason: 'aborted' }),
    });
    expect(gone.answer).toBeUndefined();
  });
});
