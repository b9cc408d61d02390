import { describe, expect, it } from '@jest/globals';
import { HttpError, NetworkError, UrlError } from '../../../src/core/errors/error-classes.js';
import { EXIT, exitStatusFor, failureLine } from '../../../src/cli/common/failure-report.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

describe('exitStatusFor', () => {
  it('is 2 for usage errors and input refused before any request', () => {
    expect(exitStatusFor(new UsageError('no key'))).toBe(EXIT.USAGE);
    expect(exitStatusFor(new UrlError('invalid event'))).toBe(2);
  });

  it('is 1 for network, HTTP and unexpected errors', () => {
    expect(exitStatusFor(new NetworkError('refused'))).toBe(EXIT.FAILURE);
    expect(exitStatusFor(Object.create(HttpError.prototype))).toBe(1);
    expect(exitStatusFor(new TypeError('x'))).toBe(1);
    expect(exitStatusFor('a string')).toBe(1);
  });
});

describe('failureLine', () => {
  it('prefixes the program name and keeps only the message', () => {
    const error = new Error('POST https://x/v2/enqueue: rejected');
    expect(failureLine(error)).toBe('pagerduty: POST https://x/v2/enqueue: rejected');
    expect(failureLine(error)).not.toContain('at ');
  });

  it('folds a multi-line message onto one line', () => {
    expect(failureLine(new Error('first\n  second\r\nthird\n'), 'pd')).toBe('pd: first second third');
  });

  it('prints a non-error value as text', () => {
    expect(failureLine(42)).toBe('pagerduty: 42');
  });
});
