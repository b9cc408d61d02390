import { seams } from '../../helpers/test-kit.js';
// The credential is redacted where it appears as a credential, and nowhere else: a short
// key must not mask the words and paths of every message.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ApiClient, HttpError, NetworkError, RestApiV2Client, tokenAuth } from '../../../src/index.js';
import { instantSleep, recordingLogger } from '../../helpers/test-kit.js';
import { scrubCredential, scrubSecret } from '../../../src/core/auth/scrub-secret.js';
import { Secret } from '../../../src/core/auth/secret.js';

const scrub = (text: string, key: string): string => scrubSecret(text, new Secret(key));

describe('scrubSecret', () => {
  it('redacts the secret as it is and percent-encoded, as a query string or a form sends it', () => {
    const secret = new Secret('u+abcdefgh1234');
    expect(scrubSecret('a u+abcdefgh1234 b u%2Babcdefgh1234', secret)).toBe('a *1234 b *1234');
  });

  it('leaves the text alone without a secret', () => {
    expect(scrubSecret('nothing to hide', undefined)).toBe('nothing to hide');
  });

  it.each(['k', 'users', 'abc'])('with the short key %j, leaves words and paths alone', (key) => {
    const texts = [
      'GET https://api.pagerduty.com/users/PNOPE: network error after 4 attempts: socket hang up',
      'GET https://api.pagerduty.com/users/PNOPE: API responded with 401 Unauthorized: the key or token may be invalid',
      'GET https://api.pagerduty.com/users/PNOPE -> 404 (x-request-id abc123) attempt 1',
      'the tabcd kit of users-list and abc.example.com and /abc/k/users/',
    ];
    for (const text of texts) expect(scrub(text, key)).toBe(text);
  });

  it.each([
    ['k', '*'],
    ['users', '*sers'],
    ['abc', '*'],
  ])('redacts the short key %j where it is a credential', (key, redacted) => {
    expect(scrub(`Authorization: Token token=${key}`, key)).toBe(`Authorization: Token token=${redacted}`);
    expect(scrub(`Authorization: Bearer ${key}`, key)).toBe(`Authorization: Bearer ${redacted}`);
    expect(scrub(`GET https://h/users/P1?token=${key}&limit=1`, key)).toBe(
      `GET https://h/users/P1?token=${redacted}&limit=1`,
    );
    expect(scrub(`GET https://h/x?token=${key}`, key)).toBe(`GET https://h/x?token=${redacted}`);
    expect(scrub(`{"error":"bad key ${key}","token":"${key}"}`, key)).toBe(
      `{"error":"bad key ${redacted}","token":"${redacted}"}`,
    );
    expect(scrub(`the key was ${key}.`, key)).toBe(`the key was ${redacted}.`);
  });

  it('redacts a short key percent-encoded only as a whole query value', () => {
    expect(scrub('GET https://h/x?token=u%2Bk&limit=1', 'u+k')).toBe('GET https://h/x?token=*&limit=1');
    expect(scrub('GET https://h/x?token=u+k', 'u+k')).toBe('GET https://h/x?token=*');
    expect(scrub('GET https://h/u%2Bk/x?a=bu%2Bk', 'u+k')).toBe('GET https://h/u%2Bk/x?a=bu%2Bk');
  });

  it('redacts a realistic 20-character key everywhere, also inside other text and percent-encoded', () => {
    const key = 'u+y_NbAkKc66ryYTWUXY';
    expect(scrub(`GET https://h/x?token=${encodeURIComponent(key)}&a=1`, key)).toBe('GET https://h/x?token=*WUXY&a=1');
    expect(scrub(`prefix${key}suffix and Token token=${key}`, key)).toBe('prefix*WUXYsuffix and Token token=*WUXY');
    expect(scrub(`form token=u%2By_NbAkKc66ryYTWUXY`, key)).toBe('form token=*WUXY');
  });

  it('inserts the redacted form as it is, whatever it holds', () => {
    expect(scrubCredential('a $& b', '$&', '*$1')).toBe('a *$1 b');
  });
});

describe('a client with a short key', () => {
  const BASE = 'https://api.pagerduty.com';
  const REALISTIC = 'u+y_NbAkKc66ryYTWUXY';

  it.each(['k', 'users', 'abc', REALISTIC])('with the key %j, network error messages read as written', async (key) => {
    nock(BASE)
      .get('/users/PNOPE')
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await using client = new ApiClient(tokenAuth(key), { maxNetworkAttempts: 0, ...seams({ sleep: instantSleep }) });
    const error = (await client.get('/users/PNOPE').catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(
      `GET ${BASE}/users/PNOPE: network error after 1 attempt: ` +
        `request to ${BASE}/users/PNOPE failed, reason: socket hang up`,
    );
  });

  it.each(['k', 'users', 'abc', REALISTIC])(
    'with the key %j, HTTP error messages and debug lines read as written',
    async (key) => {
      nock(BASE)
        .get('/users/PNOPE')
        .reply(404, { error: { message: 'Not Found', code: 2100 } });
      const logger = recordingLogger();
      await using client = new RestApiV2Client(key, { logger });
      const error = (await client.rget('/users/PNOPE').catch((e: unknown) => e)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.message).toBe(`GET ${BASE}/users/PNOPE: API responded with client error (status 404): Not Found`);
      expect(logger.lines.debug).toEqual([
        `GET ${BASE}/users/PNOPE -> 404 attempt 1 (key ${new Secret(key).toString()})`,
      ]);
    },
  );

  it.each(['k', 'users', 'abc'])('with the key %j, a 401 says "the key or token"', async (key) => {
    nock(BASE)
      .get('/users')
      .reply(401, { error: { message: 'Unauthorized' } });
    await using client = new ApiClient(tokenAuth(key));
    await expect(client.get('/users')).rejects.toThrow(
      /API responded with 401 Unauthorized: the key or token \(\*\w*\) may be invalid/,
    );
  });

  it.each([
    ['k', '*'],
    ['users', '*sers'],
    ['abc', '*'],
    [REALISTIC, '*WUXY'],
  ])('with the key %j as a query value, the URL shows it redacted in errors and debug lines', async (key, redacted) => {
    nock(BASE).get('/users').query(true).reply(500, 'oops');
    const logger = recordingLogger();
    await using client = new RestApiV2Client(key, { logger });
    const error = (await client.jget('/users', { params: { query: key } }).catch((e: unknown) => e)) as HttpError;
    const sent = `${BASE}/users?query=${redacted}`;
    expect(error.message).toBe(`GET ${sent}: API responded with server error (status 500): oops`);
    expect(logger.lines.debug).toEqual([`GET ${sent} -> 500 attempt 1 (key ${redacted})`]);
    expect(logger.lines.debug.join('\n')).not.toContain(`query=${encodeURIComponent(key)}`);
  });
});
