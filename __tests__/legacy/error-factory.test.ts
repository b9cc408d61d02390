import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import {
  HttpError,
  HttpServerError,
  NetworkError,
  RequestAbortedError,
  UrlError,
  type RequestError,
} from '../../src/core/errors/error-classes.js';
import { legacyPolicyFor } from '../../src/legacy/compat.js';
import { errorKind, legacyErrorFactory, SessionErrors, type ErrorKind } from '../../src/legacy/error-factory.js';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';
import type { SessionFacts } from '../../src/legacy/legacy-failure.js';

// A core error of each kind, as the engine hands one to the factory.
function coreError(kind: ErrorKind, status = 404): RequestError {
  const message = `${kind} failure`;
  const response = new Response('x', { status });
  switch (kind) {
    case 'http':
      return new HttpError(message, response, 'x', { method: 'GET' });
    case 'http-server':
      return new HttpServerError(message, response, 'x', { method: 'GET' });
    case 'network':
      return new NetworkError(message, new Error('ECONNRESET'), { method: 'GET', url: 'https://h/x' });
    case 'abort':
      return new RequestAbortedError(message, { cause: 'reason' });
    case 'method':
      return new UrlError(message, { code: 'ERR_METHOD_NOT_PERMITTED', method: 'PATCH' });
    case 'url':
      return new UrlError(message);
  }
}

function build(version: '4.3.0' | '4.4.0' | '5.4.1', kind: ErrorKind, status = 404) {
  return legacyErrorFactory(legacyPolicyFor(version).errors)(coreError(kind, status));
}

describe('errorKind', () => {
  it('names the kind of each core error', () => {
    const kinds: ErrorKind[] = ['url', 'method', 'network', 'abort', 'http', 'http-server'];
    expect(kinds.map((kind) => errorKind(coreError(kind, kind === 'http-server' ? 500 : 404)))).toEqual(kinds);
  });
});

describe('legacyErrorFactory', () => {
  it('builds a plain PDClientError for every kind before 4.4.0', () => {
    for (const kind of ['url', 'network', 'http', 'http-server'] as const) {
      const error = build('4.3.0', kind, 500);
      expect(error.constructor).toBe(PDClientError);
      expect(error.message).toBe(`${kind} failure`);
    }
  });

  it('keeps the response on a pre-4.4.0 HTTP failure', () => {
    expect((build('4.3.0', 'http') as PDClientError).response?.status).toBe(404);
  });

  it('builds PDHTTPError from 4.4.0, PDServerError from 5.0.0 only, and PDClientError for input it refuses', () => {
    expect(build('4.4.0', 'http').constructor).toBe(PDHTTPError);
    expect(build('4.4.0', 'http-server', 503).constructor).toBe(PDHTTPError);
    expect(build('5.4.1', 'http-server', 503).constructor).toBe(PDServerError);
    expect(build('4.4.0', 'url').constructor).toBe(PDClientError);
    expect(build('5.4.1', 'method').constructor).toBe(PDClientError);
  });

  it('builds URLError for refused input from 5.0.0', () => {
    expect(build('5.4.1', 'url')).toBeInstanceOf(URLError);
    expect(build('5.4.1', 'url')).not.toBeInstanceOf(PDClientError);
  });

  it.each(['4.3.0', '4.4.0', '5.4.1'] as const)(
    'builds PDClientError without a response for an abort (compat %s)',
    (version) => {
      const error = build(version, 'abort') as PDClientError;
      expect(error.constructor).toBe(PDClientError);
      expect(error.response).toBeNull();
      expect(error.cause).toBe('reason');
    },
  );

  it('builds PDClientError with its cause and no response for a network failure', () => {
    const error = build('5.4.1', 'network') as PDClientError;
    expect(error.constructor).toBe(PDClientError);
    expect(error.response).toBeNull();
    expect((error.cause as Error).message).toBe('ECONNRESET');
  });

  it('words a failure as the release did, given the policy or its table and wording', () => {
    const response = new Response('{"error":"nope"}', { status: 404 });
    const error = new HttpError("the engine's message", response, '{"error":"nope"}', {
      method: 'GET',
      url: 'https://api.pagerduty.com/users/PX',
    });
    const policy = legacyPolicyFor('4.4.0');
    for (const factory of [legacyErrorFactory(policy), legacyErrorFactory(policy.errors, policy.wording)]) {
      const made = factory(error);
      expect(made.constructor).toBe(PDHTTPError);
      expect(made.message).toBe('GET /users/PX: API responded with non-success status (404): {"error":"nope"}');
    }
    // The table alone keeps the engine's message.
    expect(legacyErrorFactory(policy.errors)(error).message).toBe("the engine's message");
  });

  it("keeps the engine's message and the table's class for a failure the release did not word", () => {
    const message = 'GET https://api.pagerduty.com/users/PU1: API responded with redirect (status 302)';
    const error = legacyErrorFactory(legacyPolicyFor('5.4.1'))(
      new HttpServerError(message, new Response('', { status: 302 }), '', { method: 'GET' }),
    );
    expect(error.constructor).toBe(PDServerError);
    expect(error.message).toBe(message);
  });
});

describe('SessionErrors', () => {
  const session: SessionFacts = {
    redactedSecret: '*abcd',
    maxNetworkAttempts: 3,
    permittedMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    url: 'https://api.pagerduty.com',
    scrub: (text) => text.replaceAll('secretabcd', '*abcd'),
  };

  it("reads the session's own settings: its retries, its methods, its key", () => {
    const errors = new SessionErrors(legacyPolicyFor('5.4.1'));
    errors.bind(session);
    const before5 = new SessionErrors(legacyPolicyFor('4.4.0'));
    before5.bind(session);
    expect(before5.factory(coreError('network')).message).toContain('exceeded maximum number of attempts (3)');
    // 5.x named the URL before its params, which only the session's `request` knows: the engine's message until then.
    expect(errors.factory(coreError('network')).message).toBe('network failure');
    const method = errors.factory(coreError('method'));
    expect(method.message).toBe('Method PATCH not supported by this API. Permitted methods: GET, POST, PUT, DELETE');
    const unauthorized = errors.factory(
      new HttpError('401', new Response('{}', { status: 401 }), '{}', { code: 'ERR_UNAUTHORIZED', method: 'GET' }),
    );
    expect(unauthorized.message).toContain('(...*abcd)');
  });

  it('words an error again at a method that knew more, and leaves errors it did not make alone', () => {
    const errors = new SessionErrors(legacyPolicyFor('5.4.1'));
    errors.bind(session);
    const url = 'https://api.pagerduty.com/users?limit=100&offset=0';
    const first = errors.factory(
      new HttpServerError('m', new Response('boom', { status: 500 }), 'boom', { method: 'GET', url }),
    );
    expect(first.message).toBe(`GET ${url}: API responded with server error (status 500): boom`);
    const again = errors.atBoundary(first, { operation: 'classic-pages', caller: 'iterAll', requestedUrl: '/users' });
    expect(again).toBeInstanceOf(PDServerError);
    expect((again as Error).message).toBe(
      `GET ${url}: API responded with server error (status 500) in classic pagination: boom`,
    );
    // Nothing new to say: the same error.
    expect(errors.atBoundary(again, { caller: 'iterAll' })).toBe(again);
    const foreign = new Error('not ours');
    expect(errors.atBoundary(foreign, { caller: 'iterAll' })).toBe(foreign);
  });

  it("scrubs the session's key from what it words at the boundary", () => {
    const errors = new SessionErrors(legacyPolicyFor('5.4.1'));
    errors.bind(session);
    const first = errors.factory(coreError('network'));
    const again = errors.atBoundary(first, { urlBeforeParams: 'https://api.pagerduty.com/users?k=secretabcd' });
    expect((again as Error).message).toMatch(/^GET https:\/\/api\.pagerduty\.com\/users\?k=\*abcd: Non-transient/);
  });
});
