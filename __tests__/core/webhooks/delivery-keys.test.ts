import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { deliveryKeys } from '../../../src/core/webhooks/delivery-keys.js';

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
