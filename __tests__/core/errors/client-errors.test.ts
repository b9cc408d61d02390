import { describe, expect, it } from '@jest/globals';
import { ClientErrors } from '../../../src/core/errors/client-errors.js';
import {
  HttpError,
  HttpServerError,
  NetworkError,
  UrlError,
  type ErrorFactory,
} from '../../../src/core/errors/error-classes.js';
import { Refusal } from '../../../src/core/errors/refusal.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';
import { Secret } from '../../../src/core/auth/secret.js';

const KEY = 'u+abcdefgh1234';

function response(status: number, bodyUsed = true): FetchResponse {
  return { status, url: 'https://api.example/x', bodyUsed, headers: { get: () => null } } as unknown as FetchResponse;
}

describe('ClientErrors', () => {
  it('scrubs the secret from message, URL and body, in every form it is sent in', () => {
    const errors = new ClientErrors(undefined, { secret: new Secret(KEY) });
    const url = `https://api.example/x?k=${KEY}`;
    const error = errors.network(`GET /x?token=${encodeURIComponent(KEY)} failed`, undefined, { method: 'GET', url });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('GET /x?token=*1234 failed');
    expect((error as NetworkError).url).toBe('https://api.example/x?k=*1234');
    const http = errors.http({ method: 'GET', url, response: response(500), body: `echo ${KEY}` }) as HttpError;
    expect([http.body, http.url]).toEqual(['echo *1234', 'https://api.example/x?k=*1234']);
    expect(JSON.stringify([error, http])).not.toContain('abcdefgh');
  });

  it('hands the core error to the factory, and scrubs again what the factory put together', () => {
    const given: unknown[] = [];
    const wordy: ErrorFactory = (error) => (given.push(error), new Error(`${error.message} (sent with ${KEY})`));
    const errors = new ClientErrors(wordy, { secret: new Secret(KEY) });
    const made = errors.refused(new Refusal('bad', 'ERR_FOREIGN_URL'), { method: 'GET', url: `/x?${KEY}` });
    expect(made.message).toBe('bad (sent with *1234)');
    expect(given[0]).toBeInstanceOf(UrlError);
    expect(given[0]).toMatchObject({ code: 'ERR_FOREIGN_URL', method: 'GET', url: '/x?*1234' });
  });

  it('reads the secret at each error, so that a changed key is scrubbed too', () => {
    const credential = { secret: new Secret(KEY) };
    const errors = new ClientErrors(undefined, credential);
    credential.secret = new Secret('v+zyxwvuts9876');
    expect(errors.scrub(`${KEY} v+zyxwvuts9876`)).toBe(`${KEY} *9876`);
  });

  it('makes the HTTP error the status calls for, with a readable response when the original was read', async () => {
    const errors = new ClientErrors(undefined, { secret: undefined });
    const client = errors.http({
      method: 'get',
      url: 'https://api.example/x',
      response: response(404),
      body: '{"error":{"message":"Not Found"}}',
    });
    const server = errors.http({ method: 'GET', url: 'https://api.example/x', response: response(503), body: 'down' });
    expect(client).toBeInstanceOf(HttpError);
    expect(client).not.toBeInstanceOf(HttpServerError);
    expect(server).toBeInstanceOf(HttpServerError);
    await expect((client as HttpError).response.text()).resolves.toBe('{"error":{"message":"Not Found"}}');
    expect((client as HttpError).message).toContain('GET');
  });

  it('says what the API said in the message: its message and each of its errors', () => {
    const errors = new ClientErrors(undefined, { secret: undefined });
    const body = JSON.stringify({
      error: { message: 'Invalid Input Provided', code: 2001, errors: ['Name cannot be empty', 'Email is invalid'] },
    });
    const error = errors.http({ method: 'post', url: 'https://api.example/users', response: response(400), body });
    expect(error.message).toBe(
      'POST https://api.example/users: API responded with client error (status 400): Invalid Input Provided: ' +
        'Name cannot be empty; Email is invalid',
    );
  });

  it('scrubs an echoed secret before the quote is cut, so that no part of it is left', () => {
    const errors = new ClientErrors(undefined, { secret: new Secret(KEY) });
    for (const at of [285, 290, 295, 299]) {
      const body = `${'x'.repeat(at)}${KEY}${'y'.repeat(50)}`;
      const error = errors.http({ method: 'GET', url: 'https://api.example/x', response: response(500), body });
      expect(error.message).not.toMatch(/u\+ab|abcd/);
      expect(error.message).toMatch(/\(status 500\): x+\*[1234]*y*\.\.\.$/);
    }
  });
});
