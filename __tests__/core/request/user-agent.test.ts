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

  it('names a worker by its navigator.userAgent, as octokit does', () => {
    expect(userAgentFor({ navigator: { userAgent: 'Cloudflare-Workers' } })).toBe(
      `pagerduty-client/${VERSION} Cloudflare-Workers`,
    );
  });

  it('is not set in a browser, which sends its own and may refuse the header', () => {
    expect(userAgentFor({ window: { document: {} }, navigator: { userAgent: 'Mozilla/5.0' } })).toBeUndefined();
  });

  it('names no runtime where none is recognised', () => {
    expect(userAgentFor({})).toBe(`pagerduty-client/${VERSION}`);
    expect(userAgentFor({ process: {} })).toBe(`pagerduty-client/${VERSION}`);
    expect(userAgentFor({ Bun: { version: 7 } })).toBe(`pagerduty-client/${VERSION}`);
  });
});
