import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createDeliveryLedger, deliveryKeys, type DeliveryTurn } from '../../../src/core/webhooks/delivery-ledger.js';

function first(turn: DeliveryTurn) {
  if (turn.kind !== 'first') throw new Error(`expected a first delivery, got ${turn.kind}`);
  return turn;
}

describe('createDeliveryLedger', () => {
  it("hands a repeat in flight the first one's outcome, matching on any shared key", async () => {
    const l = createDeliveryLedger();
    const turn = first(l.claim(['event E', 'webhook W1']));
    const repeats = [l.claim(['event E', 'webhook W2']), l.claim(['event F', 'webhook W1'])];
    expect(repeats.map((repeat) => repeat.kind)).toEqual(['in-flight', 'in-flight']);
    turn.settle({ status: 200, text: 'ok' });
    for (const repeat of repeats)
      if (repeat.kind === 'in-flight') expect(await repeat.outcome).toEqual({ status: 200, text: 'ok' });
  });

  it('forgets a settled delivery, so that a later one is first again (the store says whether it is done)', async () => {
    const l = createDeliveryLedger();
    const turn = first(l.claim(['event E']));
    const repeat = l.claim(['event E']);
    turn.settle({ status: 500, text: 'handler-failed' });
    expect(repeat.kind === 'in-flight' && (await repeat.outcome).status).toBe(500);
    expect(l.claim(['event E']).kind).toBe('first');
  });

  it('keeps the first settlement of a turn', async () => {
    const l = createDeliveryLedger();
    const turn = first(l.claim(['event E']));
    const repeat = l.claim(['event E']);
    turn.settle({ status: 500, text: 'handler-failed' });
    turn.settle({ status: 200, text: 'ok' });
    expect(repeat.kind === 'in-flight' && (await repeat.outcome).status).toBe(500);
  });
});

describe('deliveryKeys', () => {
  it('keys a webhook by its event id and its X-Webhook-Id, apart for signed and unsigned requests', () => {
    const signed = deliveryKeys('E1', 'W1', true);
    expect(signed).toHaveLength(2);
    expect(deliveryKeys('E1', undefined, true)).toEqual([signed[0]]);
    expect(deliveryKeys('E1', 'W1', false).some((key) => signed.includes(key))).toBe(false);
    // An event ID equal to a webhook ID is still another key.
    expect(deliveryKeys('W1', undefined, true)[0]).not.toBe(signed[1]);
  });

  it('keeps each key short whatever the length of the IDs (digests)', () => {
    const keys = deliveryKeys('E'.repeat(200_000), 'W'.repeat(16_000), true);
    expect(keys.map((key) => key.length)).toEqual([44, 44]);
  });

  it("keeps earlier versions' keys (base64 SHA-256 of the namespaced ID), so a stored ledger still matches", () => {
    const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');
    expect(deliveryKeys('E1', 'W\u00e9', true)).toEqual([sha('signed event E1'), sha('signed webhook W\u00e9')]);
  });
});
