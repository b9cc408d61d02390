import { describe, expect, it } from '@jest/globals';
import { createDedupWindow } from '../../../src/core/webhooks/delivery-dedup.js';
import { createDeliveryLedger, type DeliveryTurn } from '../../../src/core/webhooks/delivery-ledger.js';

const ledger = () => createDeliveryLedger(createDedupWindow(60_000, 100, () => 0));

function first(turn: DeliveryTurn) {
  if (turn.kind !== 'first') throw new Error(`expected a first delivery, got ${turn.kind}`);
  return turn;
}

describe('createDeliveryLedger', () => {
  it("hands a repeat in flight the first one's outcome, matching on any shared key", async () => {
    const l = ledger();
    const turn = first(l.claim(['event E', 'webhook W1']));
    const repeats = [l.claim(['event E', 'webhook W2']), l.claim(['event F', 'webhook W1'])];
    expect(repeats.map((repeat) => repeat.kind)).toEqual(['in-flight', 'in-flight']);
    turn.settle({ status: 200, text: 'ok' }, true);
    for (const repeat of repeats)
      if (repeat.kind === 'in-flight') expect(await repeat.outcome).toEqual({ status: 200, text: 'ok' });
    expect(l.claim(['webhook W1']).kind).toBe('handled');
  });

  it('forgets a delivery settled as not handled, so that its retry is first again', async () => {
    const l = ledger();
    const turn = first(l.claim(['event E']));
    const repeat = l.claim(['event E']);
    turn.settle({ status: 500, text: 'handler-failed' }, false);
    expect(repeat.kind === 'in-flight' && (await repeat.outcome).status).toBe(500);
    expect(l.claim(['event E']).kind).toBe('first');
  });

  it('keeps the first settlement of a turn', () => {
    const l = ledger();
    const turn = first(l.claim(['event E']));
    turn.settle({ status: 500, text: 'handler-failed' }, false);
    turn.settle({ status: 200, text: 'ok' }, true);
    expect(l.claim(['event E']).kind).toBe('first');
  });
});
