import { describe, expect, it } from '@jest/globals';
import {
  checkedSessionProxies,
  sessionProxyFor,
  sessionProxySetting,
  type SessionProxies,
} from '../../src/legacy/proxies.js';

const API = new URL('https://api.pagerduty.com/users');
const PLAIN = new URL('http://127.0.0.1:8080/x');

describe('sessionProxyFor', () => {
  it('picks the entry for the URL scheme', () => {
    const proxies = { https: 'http://secure-proxy:3128', http: 'http://plain-proxy:3128' };
    expect(sessionProxyFor(API, proxies, {})).toBe('http://secure-proxy:3128');
    expect(sessionProxyFor(PLAIN, proxies, {})).toBe('http://plain-proxy:3128');
  });

  it('prefers scheme://host over scheme, scheme over all://host, and all://host over all', () => {
    const proxies: SessionProxies = {
      all: 'http://p4',
      'all://api.pagerduty.com': 'http://p3',
      https: 'http://p2',
      'https://api.pagerduty.com': 'http://p1',
    };
    expect(sessionProxyFor(API, proxies, {})).toBe('http://p1');
    delete proxies['https://api.pagerduty.com'];
    expect(sessionProxyFor(API, proxies, {})).toBe('http://p2');
    delete proxies.https;
    expect(sessionProxyFor(API, proxies, {})).toBe('http://p3');
    delete proxies['all://api.pagerduty.com'];
    expect(sessionProxyFor(API, proxies, {})).toBe('http://p4');
  });

  it('falls back to the environment for a scheme without an entry', () => {
    const env = { HTTPS_PROXY: 'http://env-proxy:3128', NO_PROXY: 'internal.example.com' };
    expect(sessionProxyFor(API, { http: 'http://plain-proxy' }, env)).toBe('http://env-proxy:3128');
    expect(sessionProxyFor(new URL('https://internal.example.com/'), {}, env)).toBeUndefined();
    expect(sessionProxyFor(API, {}, {})).toBeUndefined();
  });

  it('lets an entry win over the environment, and ignores empty entries', () => {
    const env = { HTTPS_PROXY: 'http://env-proxy:3128' };
    expect(sessionProxyFor(API, { https: 'http://mine:1' }, env)).toBe('http://mine:1');
    expect(sessionProxyFor(API, { https: '  ' }, env)).toBe('http://env-proxy:3128');
  });

  it('does not read inherited keys', () => {
    const proxies = Object.create({ https: 'http://inherited' }) as SessionProxies;
    expect(sessionProxyFor(API, proxies, {})).toBeUndefined();
  });
});

describe('sessionProxySetting', () => {
  it('reads the proxies afresh on every call', () => {
    let current: SessionProxies = {};
    const setting = sessionProxySetting(() => current, {});
    if (typeof setting !== 'function') throw new Error('expected a function');
    expect(setting(API)).toBeUndefined();
    current.https = 'http://later:3128';
    expect(setting(API)).toBe('http://later:3128');
    current = { https: 'http://replaced:3128' };
    expect(setting(API)).toBe('http://replaced:3128');
  });
});

describe('checkedSessionProxies', () => {
  it('accepts an object of proxy URLs, as it is', () => {
    const proxies = { https: 'http://proxy:3128', http: undefined };
    expect(checkedSessionProxies(proxies)).toBe(proxies);
  });

  it.each([null, 'http://proxy:3128', ['http://proxy:3128'], { https: 3128 }])('refuses %j', (value) => {
    expect(() => checkedSessionProxies(value)).toThrow(TypeError);
  });
});

describe('proxies without a scheme, and malformed ones', () => {
  it("takes 'host:port' (the pdpyras guide's form) as http://host:port", () => {
    expect(sessionProxyFor(API, { https: 'proxy.example:3128' }, {})).toBe('http://proxy.example:3128');
    expect(checkedSessionProxies({ https: 'proxy.example:3128' })).toEqual({ https: 'proxy.example:3128' });
  });

  it('refuses any other malformed value at once when the proxies are set, naming the entry', () => {
    expect(() => checkedSessionProxies({ https: 'socks5://proxy:1080' })).toThrow(
      /^proxies\["https"\] is not a usable proxy URL/,
    );
  });

  it('an entry changed in place is refused at the next request, naming the entry', () => {
    expect(() => sessionProxyFor(API, { https: 'http://proxy:3128/path' }, {})).toThrow(/proxies\["https"\].*path/);
  });
});
