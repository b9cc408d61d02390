import { describe, expect, it } from '@jest/globals';
import { refusesToken, STATUS_RULES, statusRule } from '../../../src/core/retry/retry-rules.js';
import { parseRetryAfter, retryDecision, retryLimitFor, returnsAtOnce } from '../../../src/core/retry/retry-rules.js';
import { mayRetryAtMostOnce } from '../../../src/core/retry/retry-mode.js';

const POLICY = {
  retry: {},
  maxHttpAttempts: 10,
  maxNetworkAttempts: 3,
  sleepTimer: 1.5,
  sleepTimerBase: 2,
  staggerCooldown: 0,
};
const STATE = { statusRetries: {}, httpRetries: 0, networkRetries: 0, retries: 0, cooldown: 1.5 };
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('the status table', () => {
  it('has rows for the statuses the engine treats apart, and a default for the rest', () => {
    expect(Object.keys(STATUS_RULES)).toEqual(['401', '403', '429', '503']);
    expect(statusRule(418)).toEqual({ defaultRetries: 0 });
  });

  it('is what the retry rules, the at-most-once rule and Retry-After read', () => {
    for (const status of [401, 403, 418, 429, 500, 503]) {
      const rule = statusRule(status);
      expect(retryLimitFor(status, {})).toBe(rule.defaultRetries);
      expect(returnsAtOnce(status)).toBe(false);
      const waited = parseRetryAfter(status, headers({ 'retry-after': '7' }), 0);
      expect(waited).toBe(rule.honoursRetryAfter ? 7 : undefined);
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
