import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import type { ErrorKind } from '../../src/core/errors/error-classes.js';
import { legacyPolicyFor } from '../../src/legacy/compat.js';
import { legacyErrorFactory } from '../../src/legacy/error-factory.js';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';

function build(version: '4.3.0' | '4.4.0' | '5.4.1', kind: ErrorKind, status = 404) {
  const factory = legacyErrorFactory(legacyPolicyFor(version).errors);
  const withResponse = kind === 'http' || kind === 'http-server';
  return factory({
    kind,
    message: `${kind} failure`,
    response: withResponse ? new Response('x', { status }) : undefined,
    body: withResponse ? 'x' : undefined,
    cause: kind === 'network' ? new Error('ECONNRESET') : undefined,
  });
}

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
  });

  it('builds URLError for refused input from 5.0.0', () => {
    expect(build('5.4.1', 'url')).toBeInstanceOf(URLError);
    expect(build('5.4.1', 'url')).not.toBeInstanceOf(PDClientError);
  });

  it.each(['4.3.0', '4.4.0', '5.4.1'] as const)(
    'builds PDClientError without a response for an abort (compat %s)',
    (version) => {
      const error = legacyErrorFactory(legacyPolicyFor(version).errors)({
        kind: 'abort',
        message: 'aborted',
        cause: 'reason',
      }) as PDClientError;
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

  it('words a failure with facts as the release did, given the policy or its table and wording', () => {
    const spec = {
      kind: 'http' as const,
      message: "the engine's message",
      response: new Response('{"error":"nope"}', { status: 404 }),
      body: '{"error":"nope"}',
      facts: { reason: 'status' as const, method: 'GET', url: 'https://api.pagerduty.com/users/PX', status: 404 },
    };
    const policy = legacyPolicyFor('4.4.0');
    for (const factory of [legacyErrorFactory(policy), legacyErrorFactory(policy.errors, policy.wording)]) {
      const error = factory(spec);
      expect(error.constructor).toBe(PDHTTPError);
      expect(error.message).toBe('GET /users/PX: API responded with non-success status (404): {"error":"nope"}');
    }
    // The table alone keeps the engine's message.
    expect(legacyErrorFactory(policy.errors)(spec).message).toBe("the engine's message");
  });

  it("keeps the engine's message and the table's class for a failure the release did not word", () => {
    const error = legacyErrorFactory(legacyPolicyFor('5.4.1'))({
      kind: 'http-server',
      message: 'GET https://api.pagerduty.com/users/PU1: API responded with redirect (status 302)',
      response: new Response('', { status: 302 }),
      body: '',
      facts: { reason: 'redirect', method: 'GET', url: 'https://api.pagerduty.com/users/PU1', status: 302 },
    });
    expect(error.constructor).toBe(PDServerError);
    expect(error.message).toBe('GET https://api.pagerduty.com/users/PU1: API responded with redirect (status 302)');
  });

  it('falls back to PDClientError when an HTTP kind arrives without a response', () => {
    const factory = legacyErrorFactory(legacyPolicyFor('5.4.1').errors);
    expect(factory({ kind: 'http', message: 'odd' }).constructor).toBe(PDClientError);
  });
});
