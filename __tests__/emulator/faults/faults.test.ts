import { describe, expect, it } from '@jest/globals';
import { FaultPlan, validateFaults } from '../../../src/emulator/faults/faults.js';
import { seededRandom } from '../../../src/emulator/store/random.js';

const kinds = (plan: FaultPlan, count: number, path = '/users'): string[] =>
  Array.from({ length: count }, () => plan.decide(path).kind);

describe('FaultPlan', () => {
  it('does nothing without settings', () => {
    expect(kinds(new FaultPlan({}, seededRandom(1)), 5)).toEqual(['none', 'none', 'none', 'none', 'none']);
  });

  it('fires on the next N requests', () => {
    expect(kinds(new FaultPlan({ rateLimit: { next: 2 } }, seededRandom(1)), 4)).toEqual([
      'rate-limit',
      'rate-limit',
      'none',
      'none',
    ]);
  });

  it('fires on every n-th request', () => {
    expect(kinds(new FaultPlan({ serverError: { everyNth: 3 } }, seededRandom(1)), 7)).toEqual([
      'none',
      'none',
      'server-error',
      'none',
      'none',
      'server-error',
      'none',
    ]);
  });

  it('gives the same share-based hits for the same seed', () => {
    const a = kinds(new FaultPlan({ dropConnection: { share: 0.5 } }, seededRandom(9)), 40);
    const b = kinds(new FaultPlan({ dropConnection: { share: 0.5 } }, seededRandom(9)), 40);
    expect(a).toEqual(b);
    expect(a.filter((kind) => kind === 'drop').length).toBeGreaterThan(5);
    expect(a.filter((kind) => kind === 'none').length).toBeGreaterThan(5);
  });

  it('prefers a drop to a 429 to a 5xx, and a pending "next" fault waits its turn', () => {
    const plan = new FaultPlan(
      { dropConnection: { next: 1 }, rateLimit: { next: 1 }, serverError: { next: 1 } },
      seededRandom(1),
    );
    expect(kinds(plan, 4)).toEqual(['drop', 'rate-limit', 'server-error', 'none']);
    expect(plan.counters.serverError).toEqual({ seen: 4, fired: 1 });
  });

  it('carries the Retry-After seconds and the 5xx status', () => {
    expect(new FaultPlan({ rateLimit: { next: 1, retryAfter: 7 } }, seededRandom(1)).decide('/x')).toEqual({
      kind: 'rate-limit',
      retryAfter: 7,
    });
    expect(new FaultPlan({ serverError: { next: 1, status: 503 } }, seededRandom(1)).decide('/x')).toEqual({
      kind: 'server-error',
      status: 503,
    });
  });

  it('counts and hits only paths under pathPrefix', () => {
    const plan = new FaultPlan({ rateLimit: { everyNth: 2 }, pathPrefix: '/incidents' }, seededRandom(1));
    expect([
      plan.decide('/users').kind,
      plan.decide('/incidents').kind,
      plan.decide('/users').kind,
      plan.decide('/incidents/P1').kind,
    ]).toEqual(['none', 'none', 'none', 'rate-limit']);
  });

  it('keeps its own copy of the settings', () => {
    const settings = { rateLimit: { next: 1 } };
    const plan = new FaultPlan(settings, seededRandom(1));
    settings.rateLimit.next = 5;
    expect(plan.settings).toEqual({ rateLimit: { next: 1 } });
  });
});

describe('validateFaults', () => {
  it('refuses nonsense counts, shares and statuses', () => {
    expect(() => validateFaults({ rateLimit: { everyNth: 0 } })).toThrow(RangeError);
    expect(() => validateFaults({ rateLimit: { next: -1 } })).toThrow(RangeError);
    expect(() => validateFaults({ dropConnection: { share: 1.5 } })).toThrow(RangeError);
    expect(() => validateFaults({ serverError: { next: 1, status: 404 } })).toThrow(RangeError);
    expect(validateFaults({ serverError: { next: 1, status: 502 } })).toEqual({
      serverError: { next: 1, status: 502 },
    });
  });
});
