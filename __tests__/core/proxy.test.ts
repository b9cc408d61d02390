import { describe, expect, it } from '@jest/globals';
import { isNoProxy, proxyFor } from '../../src/core/proxy.js';

const u = (s: string) => new URL(s);

describe('proxyFor', () => {
  it('prefers the option over the environment', () => {
    expect(proxyFor(u('https://api.pagerduty.com/x'), 'http://mine:1', { HTTPS_PROXY: 'http://env:2' })).toBe('http://mine:1');
  });

  it('treats an empty option as "no proxy", ignoring the environment', () => {
    expect(proxyFor(u('https://api.pagerduty.com/x'), '', { HTTPS_PROXY: 'http://env:2' })).toBeUndefined();
  });

  it('asks a function option per URL', () => {
    const pick = (url: URL) => (url.hostname === 'a.example' ? 'http://p:3' : undefined);
    expect(proxyFor(u('https://a.example/'), pick, {})).toBe('http://p:3');
    expect(proxyFor(u('https://b.example/'), pick, {})).toBeUndefined();
  });

  it('reads HTTPS_PROXY for https and HTTP_PROXY for http, upper or lower case', () => {
    const env = { https_proxy: 'http://s:1', HTTP_PROXY: 'http://p:2' };
    expect(proxyFor(u('https://x.example/'), undefined, env)).toBe('http://s:1');
    expect(proxyFor(u('http://x.example/'), undefined, env)).toBe('http://p:2');
    expect(proxyFor(u('https://x.example/'), undefined, {})).toBeUndefined();
  });

  it('honours NO_PROXY', () => {
    const env = { HTTPS_PROXY: 'http://s:1', NO_PROXY: 'pagerduty.com,localhost' };
    expect(proxyFor(u('https://api.pagerduty.com/'), undefined, env)).toBeUndefined();
    expect(proxyFor(u('https://example.com/'), undefined, env)).toBe('http://s:1');
  });
});

describe('isNoProxy', () => {
  it('matches hosts, subdomains, leading dots, wildcards and ports', () => {
    expect(isNoProxy(u('https://api.pagerduty.com/'), '.pagerduty.com')).toBe(true);
    expect(isNoProxy(u('https://pagerduty.com/'), 'pagerduty.com')).toBe(true);
    expect(isNoProxy(u('https://notpagerduty.com/'), 'pagerduty.com')).toBe(false);
    expect(isNoProxy(u('https://anything/'), '*')).toBe(true);
    expect(isNoProxy(u('http://127.0.0.1:8080/'), '127.0.0.1:8080')).toBe(true);
    expect(isNoProxy(u('http://127.0.0.1:9090/'), '127.0.0.1:8080')).toBe(false);
    expect(isNoProxy(u('https://x.example/'), undefined)).toBe(false);
    expect(isNoProxy(u('https://x.example/'), ' , ')).toBe(false);
  });
});
