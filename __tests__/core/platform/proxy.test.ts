import { describe, expect, it } from '@jest/globals';
import {
  isNoProxy,
  namesProxy,
  normalizeProxyUrl,
  proxyEnvironment,
  proxyFor,
} from '../../../src/core/platform/proxy.js';

const u = (s: string) => new URL(s);

describe('proxyFor', () => {
  it('prefers the option over the environment', () => {
    expect(proxyFor(u('https://api.pagerduty.com/x'), 'http://mine:1', { HTTPS_PROXY: 'http://env:2' })).toBe(
      'http://mine:1',
    );
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

describe('normalizeProxyUrl', () => {
  it('keeps http:// and https:// URLs with a host', () => {
    expect(normalizeProxyUrl('http://proxy:3128', 'p')).toBe('http://proxy:3128');
    expect(normalizeProxyUrl(' https://user:pw@proxy.example:8443/ ', 'p')).toBe('https://user:pw@proxy.example:8443/');
  });

  it('takes host:port (and host) as http://, as requests and curl do', () => {
    expect(normalizeProxyUrl('proxy.example:3128', 'p')).toBe('http://proxy.example:3128');
    expect(normalizeProxyUrl('user:pw@10.0.0.1:3128', 'p')).toBe('http://user:pw@10.0.0.1:3128');
    expect(normalizeProxyUrl('localhost', 'p')).toBe('http://localhost');
  });

  it.each([
    ['socks5://proxy:1080', /its scheme socks5 is not supported, only http and https/],
    ['ftp://proxy:21', /its scheme ftp/],
    ['http://', /it has no host/],
    ['proxy:3128/path', /it has a path or query/],
    ['http://proxy:3128?x=1', /it has a path or query/],
    ['not a url', /it has no host/],
  ])('refuses %s with a TypeError naming the source', (value, reason) => {
    expect(() => normalizeProxyUrl(value, 'HTTPS_PROXY')).toThrow(TypeError);
    expect(() => normalizeProxyUrl(value, 'HTTPS_PROXY')).toThrow(/^HTTPS_PROXY is not a usable proxy URL/);
    expect(() => normalizeProxyUrl(value, 'HTTPS_PROXY')).toThrow(reason);
  });

  it('never shows a password', () => {
    expect(() => normalizeProxyUrl('socks5://ann:hunter2@proxy:1080', 'p')).toThrow('"socks5://***@proxy:1080"');
    expect(() => normalizeProxyUrl('ann:hunter2@/x', 'p')).toThrow('"***@/x"');
  });

  it('applies to the environment and to a proxy function', () => {
    const url = new URL('https://api.pagerduty.com/users');
    expect(proxyFor(url, undefined, { HTTPS_PROXY: 'proxy.example:3128' })).toBe('http://proxy.example:3128');
    expect(proxyFor(url, () => 'proxy.example:3128', {})).toBe('http://proxy.example:3128');
    expect(proxyFor(url, () => undefined, {})).toBeUndefined();
    expect(() => proxyFor(url, undefined, { HTTPS_PROXY: 'socks5://p:1' })).toThrow(/^HTTPS_PROXY is not/);
  });
});

describe('proxyEnvironment', () => {
  it('keeps the proxy variables in both cases, and nothing else', () => {
    const env = {
      HTTPS_PROXY: 'http://s:1',
      http_proxy: 'http://h:2',
      all_proxy: 'http://a:3',
      NO_PROXY: 'x.example',
      PATH: '/bin',
      HOME: '/root',
    };
    expect(proxyEnvironment(env)).toEqual({
      HTTPS_PROXY: 'http://s:1',
      http_proxy: 'http://h:2',
      all_proxy: 'http://a:3',
      NO_PROXY: 'x.example',
    });
  });

  it('is a frozen copy: later changes to the environment do not reach it', () => {
    const env: Record<string, string | undefined> = { HTTP_PROXY: 'http://h:2' };
    const snapshot = proxyEnvironment(env);
    env.HTTP_PROXY = 'http://changed:9';
    env.NO_PROXY = '*';
    expect(snapshot).toEqual({ HTTP_PROXY: 'http://h:2' });
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(proxyFor(new URL('http://api.example/x'), undefined, snapshot)).toBe('http://h:2');
  });
});

describe('namesProxy', () => {
  it('is true when a proxy variable of either case has a value', () => {
    expect(namesProxy({ HTTPS_PROXY: 'http://s:1' })).toBe(true);
    expect(namesProxy({ http_proxy: 'h:2' })).toBe(true);
    expect(namesProxy({ ALL_PROXY: 'http://a:3', NO_PROXY: '*' })).toBe(true);
  });

  it('is false for no variables, blank values, or NO_PROXY alone', () => {
    expect(namesProxy({})).toBe(false);
    expect(namesProxy({ HTTP_PROXY: '  ', https_proxy: '' })).toBe(false);
    expect(namesProxy({ NO_PROXY: 'x.example', no_proxy: '*' })).toBe(false);
  });

  it('is true for a value proxyFor rejects, so that the request still fails with the reason', () => {
    const env = { HTTPS_PROXY: 'socks5://p:1' };
    expect(namesProxy(env)).toBe(true);
    expect(() => proxyFor(new URL('https://api.example/x'), undefined, env)).toThrow(/^HTTPS_PROXY is not/);
  });
});
