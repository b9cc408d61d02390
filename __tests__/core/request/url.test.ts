import { describe, expect, it } from '@jest/globals';
import { checkBaseUrl, isLoopbackHost, resolveUrl, urlPathOf } from '../../../src/core/request/url.js';
import { orThrow } from '../../helpers/refusal-thrown.js';

describe('checkBaseUrl', () => {
  it('accepts https and strips trailing slashes', () => {
    expect(orThrow(checkBaseUrl('https://api.pagerduty.com/'))).toBe('https://api.pagerduty.com');
    expect(orThrow(checkBaseUrl('https://api.pagerduty.com/integration-slack//'))).toBe(
      'https://api.pagerduty.com/integration-slack',
    );
  });

  it('accepts plain http only on loopback', () => {
    expect(orThrow(checkBaseUrl('http://127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
    expect(orThrow(checkBaseUrl('http://localhost:1'))).toBe('http://localhost:1');
    expect(orThrow(checkBaseUrl('http://[::1]:1'))).toBe('http://[::1]:1');
    expect(() => orThrow(checkBaseUrl('http://api.pagerduty.com'))).toThrow(/must use https/);
    expect(() => orThrow(checkBaseUrl('ftp://127.0.0.1'))).toThrow(/must use https/);
  });

  it('rejects malformed URLs, credentials and queries', () => {
    expect(() => orThrow(checkBaseUrl('not a url'))).toThrow(/not a valid URL/);
    expect(() => orThrow(checkBaseUrl('https://user:pw@api.pagerduty.com'))).toThrow(/credentials/);
    expect(() => orThrow(checkBaseUrl('https://api.pagerduty.com?x=1'))).toThrow(/query/);
  });
});

describe('resolveUrl', () => {
  const base = 'https://api.pagerduty.com';

  it('joins relative paths with or without a leading slash', () => {
    expect(orThrow(resolveUrl(base, 'users'))).toBe(`${base}/users`);
    expect(orThrow(resolveUrl(base, '/users/PABC'))).toBe(`${base}/users/PABC`);
    expect(orThrow(resolveUrl(`${base}/scim/v2`, 'Users'))).toBe(`${base}/scim/v2/Users`);
    // A protocol-relative URL is a path here: it can never leave the base host.
    expect(orThrow(resolveUrl(base, '//evil.example/users'))).toBe(`${base}/evil.example/users`);
  });

  it('accepts full URLs under the base', () => {
    expect(orThrow(resolveUrl(base, `${base}/users/PABC`))).toBe(`${base}/users/PABC`);
    expect(orThrow(resolveUrl(base, `${base}?x=1`))).toBe(`${base}/?x=1`);
  });

  it('refuses full URLs elsewhere, including look-alike hosts and other schemes', () => {
    expect(() => orThrow(resolveUrl(base, 'https://evil.example/users'))).toThrow(/not under the client's base URL/);
    expect(() => orThrow(resolveUrl(base, 'https://api.pagerduty.com.evil.example/users'))).toThrow(/not under/);
    expect(() => orThrow(resolveUrl(base, 'http://api.pagerduty.com/users'))).toThrow(/not under/);
    expect(() => orThrow(resolveUrl(`${base}/integration-slack`, `${base}/users`))).toThrow(/not under/);
    expect(() => orThrow(resolveUrl(base, 'javascript:alert(1)'))).toThrow(/not under/);
    expect(() => orThrow(resolveUrl(base, ''))).toThrow(/required/);
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.2')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });
});

describe('resolveUrl refuses dot segments and backslashes, then checks the resolved URL stays under the base', () => {
  const base = 'http://127.0.0.1:8080/pfx';
  const dotted = [
    '../x',
    '%2e%2e/x',
    '.%2E/x',
    'users/../../x',
    'users/../teams',
    'users/..',
    'users/.',
    'users/./contact_methods',
    `${base}/../x`,
    `${base}/%2e%2e/x`,
    '..',
  ];
  it.each(dotted)('refuses the dot segment in %s', (path) => {
    expect(() => orThrow(resolveUrl(base, path))).toThrow(/segment is not allowed in a path/);
  });

  it.each(['users/x\\..\\..\\..\\escape', '\\..\\x', 'users\\PABC'])('refuses the backslash in %s', (path) => {
    expect(() => orThrow(resolveUrl(base, path))).toThrow(/backslash is not allowed/);
  });

  it.each(['http://127.0.0.1:8080/pfxother/x', 'http://127.0.0.1:8080/x', 'http://127.0.0.1:8081/pfx/x'])(
    'refuses %s, outside the base',
    (url) => {
      expect(() => orThrow(resolveUrl(base, url))).toThrow(/not under the client's base URL/);
    },
  );

  it('returns the URL as it will be requested', () => {
    expect(orThrow(resolveUrl(base, 'users/PABC'))).toBe(`${base}/users/PABC`);
    expect(orThrow(resolveUrl(base, '//users'))).toBe(`${base}/users`);
    expect(orThrow(resolveUrl(base, `${base}`))).toBe(base);
    expect(orThrow(resolveUrl(base, 'users/P%5CAB?x=a\\b'))).toBe(`${base}/users/P%5CAB?x=a\\b`);
    expect(orThrow(resolveUrl(base, 'users/a.b/..c'))).toBe(`${base}/users/a.b/..c`);
  });
});

describe('resolveUrl sends a path as given or not at all', () => {
  const base = 'https://api.pagerduty.com';

  it.each([
    ['users/P\tAB', 'U+0009'],
    ['users/P\nAB', 'U+000A'],
    ['users/PAB\n', 'U+000A'],
    ['users/P\rAB', 'U+000D'],
    ['users/P\u0000AB', 'U+0000'],
    ['users/P\u001fAB', 'U+001F'],
    ['users/P\u007fAB', 'U+007F'],
    [`${base}/users/P\tAB`, 'U+0009'],
    ['users/PAB?query=P\tAB', 'U+0009'],
  ])('refuses the control character in %j (%s), which the parser would drop', (path, codePoint) => {
    expect(() => orThrow(resolveUrl(base, path))).toThrow(`contains the control character ${codePoint}`);
  });

  it.each(['users/P\ud800AB', 'users/PAB\udc00', 'users/\udc00\ud800'])(
    'refuses the unpaired surrogate in %j',
    (path) => {
      expect(() => orThrow(resolveUrl(base, path))).toThrow(/contains the unpaired surrogate U\+D[8C]00/);
    },
  );

  it('quotes the refused path escaped, on one line', () => {
    expect(() => orThrow(resolveUrl(base, 'users/P\nAB'))).toThrow(
      'refusing to send a request to "users/P\\nAB": it contains the control character U+000A',
    );
  });

  it('keeps a space, even a trailing one, encoded in the path', () => {
    expect(orThrow(resolveUrl(base, 'users/PAB '))).toBe(`${base}/users/PAB%20`);
    expect(orThrow(resolveUrl(base, ' users/P AB'))).toBe(`${base}/%20users/P%20AB`);
    expect(orThrow(resolveUrl(base, 'users?query=a b '))).toBe(`${base}/users?query=a%20b%20`);
  });

  it('sends a character the caller encoded as encoded (%09, %5C), and a surrogate pair as UTF-8', () => {
    expect(orThrow(resolveUrl(base, 'users/P%09AB'))).toBe(`${base}/users/P%09AB`);
    expect(orThrow(resolveUrl(base, 'users/P%5cAB'))).toBe(`${base}/users/P%5cAB`);
    expect(orThrow(resolveUrl(base, 'users/P\ud83d\ude00'))).toBe(`${base}/users/P%F0%9F%98%80`);
  });
});

describe('checkBaseUrl refuses control characters', () => {
  it.each(['https://api.pager\tduty.com', 'https://api.pagerduty.com/\n', 'http://127.0.0.1:1/p\u0000'])(
    'refuses %j',
    (value) => {
      expect(() => orThrow(checkBaseUrl(value))).toThrow(/contains the control character/);
    },
  );
});

describe('urlPathOf', () => {
  it.each([
    ['https://api.pagerduty.com', 'https://api.pagerduty.com/users?limit=1', '/users'],
    ['https://api.pagerduty.com', 'https://api.pagerduty.com/users/P1#x', '/users/P1'],
    [
      'https://api.pagerduty.com/integration-slack',
      'https://api.pagerduty.com/integration-slack/incidents/P1/dedicated_channel',
      '/incidents/P1/dedicated_channel',
    ],
    ['https://api.pagerduty.com', 'https://api.pagerduty.com', '/'],
  ])('strips %s from %s', (base, url, path) => {
    expect(urlPathOf(base, url)).toBe(path);
  });
});
