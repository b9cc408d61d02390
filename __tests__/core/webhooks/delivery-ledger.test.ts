import { describe, expect, it } from '@jest/globals';
import { createDeliveryLedger, type DeliveryTurn } from '../../../src/core/webhooks/delivery-ledger.js';

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
