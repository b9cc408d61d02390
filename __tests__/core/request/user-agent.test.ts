import { describe, expect, it } from '@jest/globals';
import { VERSION } from '../../../src/generated/version.js';
import { runtimeName, userAgent, userAgentFor } from '../../../src/core/request/user-agent.js';

describe('userAgent', () => {
  it('names Node and its version on Node', () => {
    expect(userAgent()).toBe(`pagerduty-client/${VERSION} node/${process.versions.node}`);
  });

  it('names Bun before the Node version Bun also reports', () => {
    expect(userAgentFor({ Bun: { version: '1.4.0' }, process: { versions: { node: '22.0.0' } } })).toBe(
      `pagerduty-client/${VERSION} bun/1.4.0`,
    );
  });

  it('names Deno before the Node version Deno also reports', () => {
    expect(runtimeName({ Deno: { version: { deno: '2.9.1' } }, process: { versions: { node: '22.0.0' } } })).toBe(
      'deno/2.9.1',
    );
  });

  it('names no runtime where none is recognised (a browser sends its own navigator.userAgent)', () => {
    expect(userAgentFor({})).toBe(`pagerduty-client/${VERSION}`);
    expect(userAgentFor({ process: {} })).toBe(`pagerduty-client/${VERSION}`);
    expect(userAgentFor({ Bun: { version: 7 } })).toBe(`pagerduty-client/${VERSION}`);
  });
});
