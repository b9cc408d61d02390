import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import {
  HttpError,
  HttpServerError,
  httpErrorMessage,
  NetworkError,
  PagerDutyError,
  RequestAbortedError,
  UrlError,
  isServerFailure,
} from '../../../src/core/errors/error-classes.js';

describe('httpErrorMessage', () => {
  it('names method, URL and status, and says what the API said: its message and each of its errors', () => {
    expect(httpErrorMessage('get', 'https://h/users/PABC', 404, '{"error":"nope"}')).toBe(
      'GET https://h/users/PABC: API responded with client error (status 404): nope',
    );
    const body = JSON.stringify({
      error: { message: 'Invalid Input Provided', code: 2001, errors: ['Name cannot be empty', 'Email is invalid'] },
    });
    expect(httpErrorMessage('POST', 'https://h/users', 400, body)).toBe(
      'POST https://h/users: API responded with client error (status 400): Invalid Input Provided: ' +
        'Name cannot be empty; Email is invalid',
    );
  });

  it('quotes a long explanation up to a word, not mid-word, and a body that is not one as it is', () => {
    const long =
      "You must specify a user's email address " +
      'in the "From" header to perform this action, ' +
      'and more '.repeat(40);
    const message = httpErrorMessage('PUT', 'https://h/x', 400, JSON.stringify({ error: { message: long } }));
    expect(message).toMatch(
      /^PUT https:\/\/h\/x: API responded with client error \(status 400\): You must specify .* more\.\.\.$/,
    );
    expect(message.length).toBeLessThan(420);
    expect(httpErrorMessage('POST', 'https://h/x', 500, 'x'.repeat(500))).toBe(
      `POST https://h/x: API responded with server error (status 500): ${'x'.repeat(300)}...`,
    );
  });

  it('uses a given detail and leaves out an empty body', () => {
    expect(httpErrorMessage('GET', 'https://h/x', 401, '', 'bad key')).toBe('GET https://h/x: bad key (status 401)');
  });
});

describe('error tree', () => {
  it('roots every class at PagerDutyError and names them', () => {
    const response = new Response('body', { status: 503, headers: { 'x-request-id': 'req-1' } });
    const server = new HttpServerError('m', response, 'body', { method: 'GET' });
    expect(server).toBeInstanceOf(HttpServerError);
    expect(server).toBeInstanceOf(HttpError);
    expect(server).toBeInstanceOf(PagerDutyError);
    expect(server.name).toBe('HttpServerError');
    const http = server as HttpServerError;
    expect([http.status, http.requestId, http.body]).toEqual([503, 'req-1', 'body']);
    expect(http.response).toBe(response);
    expect(Object.keys(http)).not.toContain('response');
    expect([http.code, http.method, http.url]).toEqual(['ERR_HTTP_STATUS', 'GET', '']);
    expect(new UrlError('u')).toMatchObject({ code: 'ERR_INVALID_URL', method: undefined, url: undefined });
  });

  it('gives each error a code saying what failed, as Node errors have', () => {
    const ok = new Response('', { status: 200 });
    expect(new HttpError('m', new Response('', { status: 302 }), '').code).toBe('ERR_REDIRECT');
    expect(new HttpServerError('m', ok, '').code).toBe('ERR_UNUSABLE_BODY');
    expect(new HttpServerError('m', ok, '', { code: 'ERR_MISSING_KEY' }).code).toBe('ERR_MISSING_KEY');
    expect(new UrlError('m', { code: 'ERR_FOREIGN_URL', url: 'https://x.test/' })).toMatchObject({
      code: 'ERR_FOREIGN_URL',
      url: 'https://x.test/',
    });
    expect(new NetworkError('n').code).toBe('ERR_NETWORK');
    expect(new RequestAbortedError('a').code).toBe('ABORT_ERR');
  });

  it('builds RequestAbortedError for an abort, keeping the reason as cause', () => {
    const reason = new Error('timed out');
    const error = new RequestAbortedError('GET x: aborted', { cause: reason, method: 'GET', url: 'x' });
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toBeInstanceOf(PagerDutyError);
    expect(error.name).toBe('RequestAbortedError');
    expect(error.cause).toBe(reason);
  });

  it('copies the system error code of a network failure', () => {
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const error = new NetworkError('n', cause, { method: 'GET', url: 'https://h/x' });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('ECONNRESET');
    expect(error.cause).toBe(cause);
    const nested = new NetworkError('n', Object.assign(new Error('outer'), { cause: { code: 'ETIMEDOUT' } }));
    expect(nested.code).toBe('ETIMEDOUT');
  });

  it("classifies statuses: 5xx, 3xx and an unusable 2xx are the server's failures", () => {
    expect([500, 302, 200, 404, 401].map(isServerFailure)).toEqual([true, true, true, false, false]);
  });
});
