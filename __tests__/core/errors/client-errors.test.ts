import { describe, expect, it } from '@jest/globals';
import { ClientErrors } from '../../../src/core/errors/client-errors.js';
import {
  coreErrorFactory,
  HttpError,
  HttpServerError,
  type ErrorFactory,
} from '../../../src/core/errors/error-classes.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';
import { Secret } from '../../../src/core/auth/secret.js';

const KEY = 'u+abcdefgh1234';

function response(status: number, bodyUsed = true): FetchResponse {
  return { status, url: 'https://api.example/x', bodyUsed, headers: { get: () => null } } as unknown as FetchResponse;
}

describe('ClientErrors', () => {
  it('scrubs the secret from message, body and facts, in every form it is sent in', () => {
    const errors = new ClientErrors(coreErrorFactory, { secret: new Secret(KEY) });
    const error = errors.fail({
      kind: 'network',
      message: `GET /x?token=${encodeURIComponent(KEY)} failed`,
      body: `echo ${KEY}`,
      facts: { reason: 'network', url: `/x?k=${KEY}` },
    });
    expect(error.message).toBe('GET /x?token=*1234 failed');
    expect(JSON.stringify(error)).not.toContain('abcdefgh');
  });

  it('scrubs again what a factory put together from the parts', () => {
    const wordy: ErrorFactory = (spec) => new Error(`${spec.message} (sent with ${KEY})`);
    expect(new ClientErrors(wordy, { secret: new Secret(KEY) }).fail({ kind: 'url', message: 'bad' }).message).toBe(
      'bad (sent with *1234)',
    );
  });

  it('reads the secret at each error, so that a changed key is scrubbed too', () => {
    const credential = { secret: new Secret(KEY) };
    const errors = new ClientErrors(coreErrorFactory, credential);
    credential.secret = new Secret('v+zyxwvuts9876');
    expect(errors.scrub(`${KEY} v+zyxwvuts9876`)).toBe(`${KEY} *9876`);
  });

  it('makes the HTTP error the status calls for, with a readable response when the original was read', async () => {
    const errors = new ClientErrors(coreErrorFactory, { secret: undefined });
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
    const errors = new ClientErrors(coreErrorFactory, { secret: undefined });
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
    const errors = new ClientErrors(coreErrorFactory, { secret: new Secret(KEY) });
    for (const at of [285, 290, 295, 299]) {
      const body = `${'x'.repeat(at)}${KEY}${'y'.repeat(50)}`;
      const error = errors.http({ method: 'GET', url: 'https://api.example/x', response: response(500), body });
      expect(error.message).not.toMatch(/u\+ab|abcd/);
      expect(error.message).toMatch(/\(status 500\): x+\*[1234]*y*\.\.\.$/);
    }
  });
});
