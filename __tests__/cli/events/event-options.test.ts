import { describe, expect, it } from '@jest/globals';
import { defaultSource, routingKeyFrom } from '../../../src/cli/events/event-options.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

describe('routingKeyFrom', () => {
  it('prefers -k over the environment', () => {
    expect(routingKeyFrom('from-flag', { PAGERDUTY_ROUTING_KEY: 'from-env' })).toBe('from-flag');
  });

  it('falls back to PAGERDUTY_ROUTING_KEY', () => {
    expect(routingKeyFrom(undefined, { PAGERDUTY_ROUTING_KEY: 'from-env' })).toBe('from-env');
    expect(routingKeyFrom('', { PAGERDUTY_ROUTING_KEY: 'from-env' })).toBe('from-env');
  });

  it('is a usage error naming the variable when neither is set', () => {
    expect(() => routingKeyFrom(undefined, {})).toThrow(UsageError);
    expect(() => routingKeyFrom(undefined, { PAGERDUTY_ROUTING_KEY: '' })).toThrow(/PAGERDUTY_ROUTING_KEY/);
  });
});

describe('defaultSource', () => {
  it("is the io's host name", () => {
    expect(
      defaultSource({ env: {}, stdout: { write: () => 0 }, stderr: { write: () => 0 }, hostname: () => 'h1' }),
    ).toBe('h1');
  });
});
