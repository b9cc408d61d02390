// The in-memory delivery store: the contract every WebhookDeliveryStore keeps (the Redis store's
// test runs the same steps against a real redis-server), on an injected clock.
import { describe, expect, it } from '@jest/globals';
import { createMemoryDeliveryStore } from '../../../src/core/webhooks/delivery-store.js';

describe('createMemoryDeliveryStore', () => {
  it('lends a claim to one holder at a time, across all the keys of a delivery', async () => {
    const store = createMemoryDeliveryStore({ now: () => 0 });
    expect(await store.claim(['event E', 'webhook W1'], 'A', 1000)).toBe('claimed');
    expect(await store.claim(['event E', 'webhook W2'], 'B', 1000)).toBe('busy');
    expect(await store.claim(['event F', 'webhook W1'], 'B', 1000)).toBe('busy');
    // Nothing of a refused claim was taken: W2 is still free.
    expect(await store.claim(['webhook W2'], 'C', 1000)).toBe('claimed');
  });

  it('answers done for any key of a finished delivery, for keepMs', async () => {
    let now = 0;
    const store = createMemoryDeliveryStore({ now: () => now });
    await store.claim(['event E', 'webhook W1'], 'A', 1000);
    await store.finish(['event E', 'webhook W1'], 'A', 60_000);
    expect(await store.claim(['event E', 'webhook W9'], 'B', 1000)).toBe('done');
    expect(await store.claim(['webhook W1'], 'B', 1000)).toBe('done');
    now = 59_999;
    expect(await store.claim(['event E'], 'B', 1000)).toBe('done');
    now = 60_000;
    expect(await store.claim(['event E'], 'B', 1000)).toBe('claimed');
  });

  it('frees a released claim at once, and only its own holder can release it', async () => {
    const store = createMemoryDeliveryStore({ now: () => 0 });
    await store.claim(['event E'], 'A', 1000);
    await store.release(['event E'], 'B');
    expect(await store.claim(['event E'], 'B', 1000)).toBe('busy');
    await store.release(['event E'], 'A');
    expect(await store.claim(['event E'], 'B', 1000)).toBe('claimed');
  });

  it('frees a claim whose holder never came back once claimMs passed', async () => {
    let now = 0;
    const store = createMemoryDeliveryStore({ now: () => now });
    await store.claim(['event E'], 'A', 1000);
    now = 999;
    expect(await store.claim(['event E'], 'B', 1000)).toBe('busy');
    now = 1000;
    expect(await store.claim(['event E'], 'B', 1000)).toBe('claimed');
    // A's late release does not free B's claim.
    await store.release(['event E'], 'A');
    expect(await store.claim(['event E'], 'C', 1000)).toBe('busy');
  });

  it('keeps at most maxEntries keys, forgetting the oldest first', async () => {
    const store = createMemoryDeliveryStore({ maxEntries: 2, now: () => 0 });
    for (const key of ['A', 'B', 'C']) await store.finish([key], 'h', 60_000);
    expect(await store.claim(['C'], 'x', 1)).toBe('done');
    expect(await store.claim(['B'], 'x', 1)).toBe('done');
    expect(await store.claim(['A'], 'x', 1)).toBe('claimed');
  });

  it('refuses a maxEntries that is not a whole number above 0', () => {
    expect(() => createMemoryDeliveryStore({ maxEntries: 0 })).toThrow(TypeError);
  });
});
