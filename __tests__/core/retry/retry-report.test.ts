import { describe, expect, it } from '@jest/globals';
import { retryWarning, warnRetry } from '../../../src/core/retry/retry-report.js';
import { silentLogger } from '../../../src/core/logging.js';

describe('retry warnings', () => {
  const report = { method: 'GET', url: 'https://x.example/users?k=SECRET', attempt: 2, failure: 'network error: ECONNREFUSED', pause: 6 };

  it('say what failed, which attempt, and how long the pause is', () => {
    expect(retryWarning(report)).toBe(
      'GET https://x.example/users?k=SECRET: attempt 2 failed (network error: ECONNREFUSED); retrying in 6.0 s',
    );
  });

  it('go to the warn level, scrubbed', () => {
    const lines: string[] = [];
    warnRetry({ ...silentLogger, warn: (m: string) => void lines.push(m) }, report, (t) => t.replace('SECRET', '*'));
    expect(lines).toEqual(['GET https://x.example/users?k=*: attempt 2 failed (network error: ECONNREFUSED); retrying in 6.0 s']);
  });
});
