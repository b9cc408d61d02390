import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import { decodeApiError } from '../../../src/core/errors/api-error-body.js';
import { coreErrorFactory, HttpError } from '../../../src/core/errors/error-classes.js';

const LONG = `You must specify a user's email address in the "From" header to perform this action, ${'and more '.repeat(20)}`;

describe('decodeApiError', () => {
  it('reads the REST API error object whole: code, message and every detail', () => {
    const body = JSON.stringify({
      error: { message: 'Invalid Input Provided', code: 2001, errors: [LONG, 'Name is too long'] },
    });
    expect(decodeApiError(body)).toEqual({
      code: 2001,
      message: 'Invalid Input Provided',
      errors: [LONG, 'Name is too long'],
    });
  });

  it('reads the Events API body, its status standing in for a missing message', () => {
    expect(
      decodeApiError(
        '{"status":"invalid event","message":"Event object is invalid","errors":["\'payload\' is missing"]}',
      ),
    ).toEqual({
      message: 'Event object is invalid',
      errors: ["'payload' is missing"],
    });
    expect(decodeApiError('{"status":"throttled"}')).toEqual({ message: 'throttled', errors: [] });
  });

  it('reads OAuth (error code and description) and a bare string error', () => {
    expect(decodeApiError('{"error":"invalid_grant","error_description":"The code has expired"}')).toEqual({
      code: 'invalid_grant',
      message: 'The code has expired',
      errors: [],
    });
    expect(decodeApiError('{"error":"Not found"}')).toEqual({ message: 'Not found', errors: [] });
  });

  it('reads SCIM (detail and scimType)', () => {
    expect(
      decodeApiError(
        '{"schemas":["urn:ietf:params:scim:api:messages:2.0:Error"],"detail":"No such user","status":"404","scimType":"invalidValue"}',
      ),
    ).toEqual({
      code: 'invalidValue',
      message: 'No such user',
      errors: [],
    });
  });

  it('keeps details that are not strings, as JSON, and keyed details as key: value', () => {
    expect(decodeApiError('{"error":{"message":"m","errors":[{"field":"name"}]}}')?.errors).toEqual([
      '{"field":"name"}',
    ]);
    expect(decodeApiError('{"error":{"message":"m","errors":{"name":"is taken"}}}')?.errors).toEqual([
      'name: is taken',
    ]);
  });

  it('is undefined for a body that is not JSON, not an object, or says nothing of an error', () => {
    for (const body of ['', '<html>Bad Gateway</html>', '[1,2]', 'null', '{"users":[]}', '{"error":{}}']) {
      expect(decodeApiError(body)).toBeUndefined();
    }
  });
});

describe('HttpError.apiError', () => {
  it('carries the decoded body, while the message still quotes only its start', () => {
    const body = JSON.stringify({ error: { message: 'Invalid Input Provided', code: 2001, errors: [LONG] } });
    const error = coreErrorFactory({
      kind: 'http',
      message: 'PUT x: (status 400)',
      response: new Response(body, { status: 400 }),
      body,
    }) as HttpError;
    expect(error.apiError).toEqual({ code: 2001, message: 'Invalid Input Provided', errors: [LONG] });
    expect(error.body).toBe(body);
  });

  it('is undefined when the body holds no explanation', () => {
    const error = coreErrorFactory({
      kind: 'http-server',
      message: 'm',
      response: new Response('oops', { status: 502 }),
      body: 'oops',
    }) as HttpError;
    expect(error.apiError).toBeUndefined();
  });
});
