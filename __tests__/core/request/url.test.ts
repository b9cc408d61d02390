import { describe, expect, it } from '@jest/globals';
import { checkBaseUrl, isLoopbackHost, resolveUrl } from '../../../src/core/request/url.js';

const fail = (message: string) => new Error(message);

describe('checkBaseUrl', () => {
  it('accepts https and strips trailing slashes', () => {
    expect(checkBaseUrl('https://api.pagerduty.com/', fail)).toBe('https://api.pagerduty.com');
    expect(checkBaseUrl('https://api.pagerduty.com/integration-slack//', fail)).toBe(
      'https://api.pagerduty.com/integration-slack',
    );
  });

  it('accepts plain http only on loopback', () => {
    expect(checkBaseUrl('http://127.0.0.1:8080', fail)).toBe('http://127.0.0.1:8080');
    expect(checkBaseUrl('http://localhost:1', fail)).toBe('http://localhost:1');
    expect(checkBaseUrl('http://[::1]:1', fail)).toBe('http://[::1]:1');
    expect(() => checkBaseUrl('http://api.pagerduty.com', fail)).toThrow(/must use https/);
    expect(() => checkBaseUrl('ftp://127.0.0.1', fail)).toThrow(/must use https/);
  });

  it('rejects malformed URLs, credentials and queries', () => {
    expect(() => checkBaseUrl('not a url', fail)).toThrow(/not a valid URL/);
    expect(() => checkBaseUrl('https://user:pw@api.pagerduty.com', fail)).toThrow(/credentials/);
    expect(() => checkBaseUrl('https://api.pagerduty.com?x=1', fail)).toThrow(/query/);
  });
});

describe('resolveUrl', () => {
  const base = 'https://api.pagerduty.com';

  it('joins relative paths with or without a leading slash', () => {
    expect(resolveUrl(base, 'users', fail)).toBe(`${base}/users`);
    expect(resolveUrl(base, '/users/PABC', fail)).toBe(`${base}/users/PABC`);
    expect(resolveUrl(`${base}/scim/v2`, 'Users', fail)).toBe(`${base}/scim/v2/Users`);
    // A protocol-relative URL is a path here: it can never leave the base host.
    expect(resolveUrl(base, '//evil.example/users', fail)).toBe(`${base}/evil.example/users`);
  });

  it('accepts full URLs under the base', () => {
    expect(resolveUrl(base, `${base}/users/PABC`, fail)).toBe(`${base}/users/PABC`);
    expect(resolveUrl(base, `${base}?x=1`, fail)).toBe(`${base}/?x=1`);
  });

  it('refuses full URLs elsewhere, including look-alike hosts and other schemes', () => {
    expect(() => resolveUrl(base, 'https://evil.example/users', fail)).toThrow(/not under the client's base URL/);
    expect(() => resolveUrl(base, 'https://api.pagerduty.com.evil.example/users', fail)).toThrow(/not under/);
    expect(() => resolveUrl(base, 'http://api.pagerduty.com/users', fail)).toThrow(/not under/);
    expect(() => resolveUrl(`${base}/integration-slack`, `${base}/users`, fail)).toThrow(/not under/);
    expect(() => resolveUrl(base, 'javascript:alert(1)', fail)).toThrow(/not under/);
    expect(() => resolveUrl(base, '', fail)).toThrow(/required/);
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
    expect(() => resolveUrl(base, path, fail)).toThrow(/segment is not allowed in a path/);
  });

  it.each(['users/x\\..\\..\\..\\escape', '\\..\\x', 'users\\PABC'])('refuses the backslash in %s', (path) => {
    expect(() => resolveUrl(base, path, fail)).toThrow(/backslash is not allowed/);
  });

  it.each(['http://127.0.0.1:8080/pfxother/x', 'http://127.0.0.1:8080/x', 'http://127.0.0.1:8081/pfx/x'])(
    'refuses %s, outside the base',
    (url) => {
      expect(() => resolveUrl(base, url, fail)).toThrow(/not under the client's base URL/);
    },
  );

  it('returns the URL as it will be requested', () => {
    expect(resolveUrl(base, 'users/PABC', fail)).toBe(`${base}/users/PABC`);
    expect(resolveUrl(base, '//users', fail)).toBe(`${base}/users`);
    expect(resolveUrl(base, `${base}`, fail)).toBe(base);
    expect(resolveUrl(base, 'users/P%5CAB?x=a\\b', fail)).toBe(`${base}/users/P%5CAB?x=a\\b`);
    expect(resolveUrl(base, 'users/a.b/..c', fail)).toBe(`${base}/users/a.b/..c`);
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
    expect(() => resolveUrl(base, path, fail)).toThrow(`contains the control character ${codePoint}`);
  });

  it.each(['users/P\ud800AB', 'users/PAB\udc00', 'users/\udc00\ud800'])(
    'refuses the unpaired surrogate in %j',
    (path) => {
      expect(() => resolveUrl(base, path, fail)).toThrow(/contains the unpaired surrogate U\+D[8C]00/);
    },
  );

  it('quotes the refused path escaped, on one line', () => {
    expect(() => resolveUrl(base, 'users/P\nAB', fail)).toThrow(
      'refusing to send a request to "users/P\\nAB": it contains the control character U+000A',
    );
  });

  it('keeps a space, even a trailing one, encoded in the path', () => {
    expect(resolveUrl(base, 'users/PAB ', fail)).toBe(`${base}/users/PAB%20`);
    expect(resolveUrl(base, ' users/P AB', fail)).toBe(`${base}/%20users/P%20AB`);
    expect(resolveUrl(base, 'users?query=a b ', fail)).toBe(`${base}/users?query=a%20b%20`);
  });

  it('sends a character the caller encoded as encoded (%09, %5C), and a surrogate pair as UTF-8', () => {
    expect(resolveUrl(base, 'users/P%09AB', fail)).toBe(`${base}/users/P%09AB`);
    expect(resolveUrl(base, 'users/P%5cAB', fail)).toBe(`${base}/users/P%5cAB`);
    expect(resolveUrl(base, 'users/P\ud83d\ude00', fail)).toBe(`${base}/users/P%F0%9F%98%80`);
  });
});

describe('checkBaseUrl refuses control characters', () => {
  it.each(['https://api.pager\tduty.com', 'https://api.pagerduty.com/\n', 'http://127.0.0.1:1/p\u0000'])(
    'refuses %j',
    (value) => {
      expect(() => checkBaseUrl(value, fail)).toThrow(/contains the control character/);
    },
  );
});
