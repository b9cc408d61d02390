import { describe, expect, it } from '@jest/globals';
import { formatAttempt, silentLogger, stderrLogger } from '../../src/core/logging.js';

describe('formatAttempt', () => {
  it('names method, URL, status, request id, attempt and the redacted key', () => {
    expect(
      formatAttempt({ method: 'GET', url: 'https://h/users', attempt: 2, status: 429, requestId: 'abc', key: '*wxyz' }),
    ).toBe('GET https://h/users -> 429 (x-request-id abc) attempt 2 (key *wxyz)');
  });

  it('describes network errors', () => {
    expect(formatAttempt({ method: 'POST', url: 'https://h/x', attempt: 1, error: 'socket hang up' })).toBe(
      'POST https://h/x -> network error: socket hang up attempt 1',
    );
  });
});

describe('loggers', () => {
  it('stderrLogger writes one line per call with level and name', () => {
    const lines: string[] = [];
    const log = stderrLogger('RestApiV2Client', (line) => lines.push(line));
    log.debug('one');
    log.warn('two');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\S+Z DEBUG RestApiV2Client: one$/);
    expect(lines[1]).toMatch(/ WARN RestApiV2Client: two$/);
  });

  it('silentLogger does nothing and cannot be changed', () => {
    expect(() => silentLogger.error('x')).not.toThrow();
    expect(Object.isFrozen(silentLogger)).toBe(true);
  });
});
