import { describe, expect, it } from '@jest/globals';
import {
  cooldownSequence,
  initialRetryState,
  nextCooldown,
  parseRetryAfter,
  retryDecision,
  retryLimitFor,
  refusesToken,
  returnsAtOnce,
  STATUS_RULES,
  statusRule,
  validateRetryMap,
  type AttemptOutcome,
  type RetryPolicy,
  type RetryState,
} from '../../../src/core/retry/retry-rules.js';
import { mayRetryAtMostOnce } from '../../../src/core/retry/retry-mode.js';

const policy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  retry: {},
  maxHttpAttempts: 10,
  maxNetworkAttempts: 3,
  sleepTimer: 1.5,
  sleepTimerBase: 2,
  staggerCooldown: 0,
  ...overrides,
});

/** Runs the decision loop for a fixed sequence of outcomes; returns the pauses and how it ended. */
function simulate(p: RetryPolicy, outcomes: AttemptOutcome[], random = () => 0.5) {
  let state: RetryState = initialRetryState(p);
  const pauses: number[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const decision = retryDecision(outcome, state, p, random());
    if (decision.action !== 'retry') return { pauses, end: decision.action, requests: index + 1 };
    pauses.push(decision.pause);
    state = decision.state;
  }
  return { pauses, end: 'ran out of outcomes', requests: outcomes.length };
}

const status = (code: number, retryAfter?: number): AttemptOutcome => ({ kind: 'response', status: code, retryAfter });
const many = (outcome: AttemptOutcome, count: number): AttemptOutcome[] => Array.from({ length: count }, () => outcome);

describe('cooldown', () => {
  it('is t0 * a^n with rho = 0: 3, 6, 12, 24 s with the defaults', () => {
    expect(cooldownSequence({ sleepTimer: 1.5, sleepTimerBase: 2 }, 4)).toEqual([3, 6, 12, 24]);
  });

  it('is 2, 4, 8, 16 with sleepTimer 1 and base 2', () => {
    expect(cooldownSequence({ sleepTimer: 1, sleepTimerBase: 2 }, 4)).toEqual([2, 4, 8, 16]);
  });

  it('ignores the random number when rho = 0', () => {
    expect(nextCooldown(3, { sleepTimerBase: 2, staggerCooldown: 0 }, 0.99)).toBe(6);
  });

  it('stays within [a * t, a * (1 + rho) * t] when rho > 0', () => {
    const p = { sleepTimerBase: 2, staggerCooldown: 0.5 };
    expect(nextCooldown(4, p, 0)).toBe(8);
    expect(nextCooldown(4, p, 0.5)).toBe(10);
    expect(nextCooldown(4, p, 0.999999)).toBeCloseTo(12, 4);
    let t = 1.5;
    for (let n = 1; n <= 20; n += 1) {
      const r = (n * 0.37) % 1;
      const next = nextCooldown(t, p, r);
      expect(next).toBeGreaterThanOrEqual(2 * t);
      expect(next).toBeLessThan(2 * 1.5 * t);
      t = next;
    }
  });

  it('compounds the stagger from the previous cooldown, not from t0', () => {
    const p = policy({ staggerCooldown: 1, retry: { 500: 3 } });
    const randoms = [1, 0, 0.5];
    const result = simulate(p, many(status(500), 4), () => randoms.shift() ?? 0);
    // t1 = 2 * (1 + 1) * 1.5 = 6; t2 = 2 * 1 * 6 = 12; t3 = 2 * 1.5 * 12 = 36
    expect(result.pauses).toEqual([6, 12, 36]);
  });
});

describe('retry decision', () => {
  it('returns on success and on redirects', () => {
    expect(simulate(policy(), [status(200)])).toEqual({ pauses: [], end: 'return', requests: 1 });
    expect(simulate(policy({ retry: { 302: 5 } }), [status(302)]).end).toBe('return');
  });

  it('never retries 401, whatever retry says', () => {
    expect(simulate(policy({ retry: { 401: 5 } }), [status(401)])).toEqual({
      pauses: [],
      end: 'unauthorized',
      requests: 1,
    });
  });

  it('returns a 404 at once when retry has no entry for it', () => {
    expect(simulate(policy(), [status(404)])).toEqual({ pauses: [], end: 'return', requests: 1 });
  });

  it('retries a status up to retry[status] times', () => {
    const result = simulate(policy({ sleepTimer: 1, retry: { 404: 3 } }), many(status(404), 10));
    expect(result).toEqual({ pauses: [2, 4, 8], end: 'return', requests: 4 });
  });

  it('treats retry[status] = 0 as never (not as a default)', () => {
    expect(simulate(policy({ retry: { 429: 0 } }), many(status(429), 5)).requests).toBe(1);
  });

  it('retries 429 without limit when retry has no entry for it, beyond maxHttpAttempts', () => {
    const result = simulate(policy({ maxHttpAttempts: 2 }), [...many(status(429), 50), status(200)]);
    expect(result.end).toBe('return');
    expect(result.requests).toBe(51);
  });

  it('retries a status with retry = -1 without limit', () => {
    const result = simulate(policy({ retry: { 503: -1 }, maxHttpAttempts: 1 }), [
      ...many(status(503), 30),
      status(200),
    ]);
    expect(result.requests).toBe(31);
  });

  it('caps finite retries with maxHttpAttempts: pauses 2, 4, 8, 16 then the 404 (worked example 1)', () => {
    const result = simulate(policy({ sleepTimer: 1, maxHttpAttempts: 4, retry: { 404: 5 } }), many(status(404), 10));
    expect(result).toEqual({ pauses: [2, 4, 8, 16], end: 'return', requests: 5 });
    expect(result.pauses.reduce((a, b) => a + b, 0)).toBe(30);
  });

  it('pauses 62 s in total with maxHttpAttempts 6 and retry[404] 5 (worked example 2)', () => {
    const result = simulate(policy({ sleepTimer: 1, maxHttpAttempts: 6, retry: { 404: 5 } }), many(status(404), 10));
    expect(result.pauses).toEqual([2, 4, 8, 16, 32]);
    expect(result.pauses.reduce((a, b) => a + b, 0)).toBe(62);
    expect(result.requests).toBe(6);
  });

  it('counts each status separately but caps their total with maxHttpAttempts', () => {
    const outcomes = [status(500), status(502), status(500), status(502), status(500)];
    const separately = simulate(policy({ retry: { 500: 2, 502: 2 } }), outcomes);
    expect(separately).toMatchObject({ end: 'return', requests: 5 });
    const capped = simulate(policy({ retry: { 500: 2, 502: 2 }, maxHttpAttempts: 3 }), outcomes);
    expect(capped).toMatchObject({ end: 'return', requests: 4 });
  });

  it('ignores retry entries for 2xx statuses', () => {
    expect(retryLimitFor(200, { 200: 5 })).toBe(0);
    expect(simulate(policy({ retry: { 200: 5 } }), [status(200)]).requests).toBe(1);
  });

  it('retries network errors up to maxNetworkAttempts, then gives up', () => {
    const result = simulate(policy({ maxNetworkAttempts: 2 }), many({ kind: 'network-error' }, 5));
    expect(result).toEqual({ pauses: [3, 6], end: 'network-exhausted', requests: 3 });
  });

  it('never retries network errors with maxNetworkAttempts 0', () => {
    expect(simulate(policy({ maxNetworkAttempts: 0 }), [{ kind: 'network-error' }]).end).toBe('network-exhausted');
  });

  it('shares one cooldown sequence between network and HTTP retries', () => {
    const result = simulate(policy({ retry: { 502: 1 } }), [{ kind: 'network-error' }, status(502), status(200)]);
    expect(result.pauses).toEqual([3, 6]);
  });

  it('does not count network retries against maxHttpAttempts', () => {
    const outcomes = [{ kind: 'network-error' } as const, { kind: 'network-error' } as const, status(500), status(200)];
    expect(simulate(policy({ retry: { 500: 1 }, maxHttpAttempts: 1 }), outcomes).requests).toBe(4);
  });

  it('waits for Retry-After when it is longer than the cooldown, and not when shorter', () => {
    expect(simulate(policy(), [status(429, 30), status(200)]).pauses).toEqual([30]);
    expect(simulate(policy(), [status(429, 1), status(200)]).pauses).toEqual([3]);
  });

  it('keeps the cooldown sequence unchanged after a long Retry-After', () => {
    expect(simulate(policy(), [status(429, 100), status(429), status(200)]).pauses).toEqual([100, 6]);
  });

  it('does not change the state it is given', () => {
    const p = policy({ retry: { 500: 2 } });
    const state = initialRetryState(p);
    const frozen = JSON.stringify(state);
    retryDecision(status(500), state, p, 0);
    expect(JSON.stringify(state)).toBe(frozen);
  });
});

describe('parseRetryAfter', () => {
  const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads seconds', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '12' }), now)).toBe(12);
    expect(parseRetryAfter(headers({ 'retry-after': ' 1.5 ' }), now)).toBe(1.5);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 10:00:20 GMT' }), now)).toBe(20);
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
  });

  it('is honoured for 429 and 503 only, by the status table', () => {
    const honouring = [200, 400, 404, 429, 500, 502, 503, 504].filter((status) => statusRule(status).honoursRetryAfter);
    expect(honouring).toEqual([429, 503]);
  });

  it('falls back to ratelimit-reset', () => {
    expect(parseRetryAfter(headers({ 'ratelimit-reset': '7' }), now)).toBe(7);
  });

  it('ignores unreadable values', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
  });
});

describe('validateRetryMap', () => {
  it('copies and freezes the map', () => {
    const input = { 500: 2 };
    const output = validateRetryMap(input);
    input[500] = 9;
    expect(output).toEqual({ 500: 2 });
    expect(Object.isFrozen(output)).toBe(true);
  });

  it('rejects bad statuses and counts', () => {
    expect(() => validateRetryMap({ 99: 1 })).toThrow(RangeError);
    expect(() => validateRetryMap({ 500: -2 })).toThrow(/integer >= -1/);
    expect(() => validateRetryMap({ 500: 1.5 })).toThrow(RangeError);
    expect(() => validateRetryMap(null as unknown as Record<number, number>)).toThrow(TypeError);
  });
});

describe('returnsAtOnce', () => {
  it('agrees with retryDecision for every status, whatever the policy says', () => {
    const generous = policy({ retry: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [i + 100, 5])) });
    for (let status = 100; status < 600; status += 1) {
      const decision = retryDecision({ kind: 'response', status }, initialRetryState(generous), generous, 0);
      expect([status, returnsAtOnce(status)]).toEqual([status, status < 400 && status !== 401]);
      if (returnsAtOnce(status)) expect(decision).toEqual({ action: 'return' });
      else expect(decision.action).not.toBe('return');
    }
  });
});

// The status table (what each status means), read by the rules above.
const POLICY = policy();
const STATE = { statusRetries: {}, httpRetries: 0, networkRetries: 0, retries: 0, cooldown: 1.5 };

describe('the status table', () => {
  it('has rows for the statuses the engine treats apart, and a default for the rest', () => {
    expect(Object.keys(STATUS_RULES)).toEqual(['401', '403', '429', '503']);
    expect(statusRule(418)).toEqual({ defaultRetries: 0 });
  });

  it('is what the retry rules and the at-most-once rule read (the attempt loop reads its Retry-After)', () => {
    for (const status of [401, 403, 418, 429, 500, 503]) {
      const rule = statusRule(status);
      expect(retryLimitFor(status, {})).toBe(rule.defaultRetries);
      expect(returnsAtOnce(status)).toBe(false);
      expect(mayRetryAtMostOnce({ kind: 'response', status })).toBe(rule.notActedOn === 'always');
    }
    expect(retryDecision({ kind: 'response', status: 401 }, STATE, { ...POLICY, retry: { 401: 5 } }, 0)).toEqual({
      action: 'unauthorized',
    });
    expect(retryDecision({ kind: 'response', status: 429 }, STATE, POLICY, 0).action).toBe('retry');
    expect(retryDecision({ kind: 'response', status: 503 }, STATE, POLICY, 0).action).toBe('return');
  });
});

describe('refusesToken', () => {
  it('is every 401, and a 403 whose WWW-Authenticate says insufficient_scope', () => {
    expect(refusesToken(401, null)).toBe(true);
    expect(refusesToken(403, 'Bearer error="insufficient_scope", scope="incidents.write"')).toBe(true);
    expect(refusesToken(403, 'Bearer error="invalid_request"')).toBe(false);
    expect(refusesToken(403, null)).toBe(false);
    expect(refusesToken(400, 'Bearer error="insufficient_scope"')).toBe(false);
    expect(refusesToken(429, null)).toBe(false);
  });
});
