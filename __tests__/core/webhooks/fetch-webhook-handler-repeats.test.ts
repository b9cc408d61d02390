// The fetch handler and repeats: a repeat is answered without running onEvent again, an overlapping
// one waits for the first's outcome, and a failed onEvent is answered 500 so that PagerDuty retries.
import { describe, expect, it } from '@jest/globals';
import { createFetchWebhookHandler } from '../../../src/core/webhooks/fetch-webhook-handler.js';
import { settled } from './direct-delivery.js';
import { answerOf, signedRequest } from './fetch-delivery.js';
import { deliveryBody } from './webhook-server.js';

const SECRET = 'whsec-fetch-repeats';

/** A fetch handler whose onEvent blocks until `release(error?)`, counting its calls. */
function blockedHandler() {
  let calls = 0;
  let release: (error?: Error) => void = () => {};
  const handler = createFetchWebhookHandler({
    secrets: SECRET,
    onError: () => {},
    onEvent: () => {
      calls += 1;
      return new Promise<void>((resolve, reject) => (release = (error) => (error ? reject(error) : resolve())));
    },
  });
  const deliver = (webhookId?: string, body = deliveryBody()) =>
    answerOf(handler(signedRequest(body, SECRET, webhookId)));
  return { deliver, calls: () => calls, release: (error?: Error) => release(error) };
}

describe('createFetchWebhookHandler: repeats', () => {
  it("answers a repeat of a handled event 200 'duplicate', not running onEvent, whatever its webhook ID", async () => {
    const h = blockedHandler();
    const first = h.deliver('W1');
    await settled();
    h.release();
    expect(await first).toEqual({ status: 200, text: 'ok' });
    const repeats = await Promise.all([h.deliver('W1'), h.deliver('W-other'), h.deliver()]);
    expect(repeats).toEqual(Array(3).fill({ status: 200, text: 'duplicate' }));
    expect(h.calls()).toBe(1);
  });

  it("makes an overlapping repeat wait for the first's outcome, and get its 200", async () => {
    const h = blockedHandler();
    const first = h.deliver('W1');
    await settled();
    let repeatAnswered = false;
    const repeat = h.deliver('W1').finally(() => (repeatAnswered = true));
    await settled();
    expect([repeatAnswered, h.calls()]).toEqual([false, 1]);
    h.release();
    expect([await first, await repeat]).toEqual([
      { status: 200, text: 'ok' },
      { status: 200, text: 'ok' },
    ]);
    expect(h.calls()).toBe(1);
  });

  it('answers 500 to a failed onEvent and to the repeats that waited; the retry runs onEvent again', async () => {
    const h = blockedHandler();
    const first = h.deliver('W1');
    await settled();
    const repeat = h.deliver('W1');
    await settled();
    h.release(new Error('database down'));
    expect([(await first).status, (await repeat).status]).toEqual([500, 500]);
    const retry = h.deliver('W1');
    await settled();
    expect(h.calls()).toBe(2);
    h.release();
    expect(await retry).toEqual({ status: 200, text: 'ok' });
  });

  it('does not hold up another event meanwhile', async () => {
    const h = blockedHandler();
    void h.deliver('W1');
    await settled();
    void h.deliver('W2', deliveryBody('incident.resolved', 'Other'));
    await settled();
    expect(h.calls()).toBe(2);
  });
});
