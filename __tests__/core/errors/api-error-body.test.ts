import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import { cutAtWord, decodeApiError, QUOTE_LENGTH, quoteErrorBody } from '../../../src/core/errors/api-error-body.js';
import { HttpError, HttpServerError } from '../../../src/core/errors/error-classes.js';

const LONG =
  "You must specify a user's email address " + 'in the "From" header to perform this action, ' + 'and more '.repeat(20);

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
        '{"schemas":["urn:ietf:params:scim:api:messages:2.0:Error"],' +
          '"detail":"No such user","status":"404","scimType":"invalidValue"}',
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
  it('carries the decoded body whole', () => {
    const body = JSON.stringify({ error: { message: 'Invalid Input Provided', code: 2001, errors: [LONG] } });
    const error = new HttpError('PUT x: (status 400)', new Response(body, { status: 400 }), body);
    expect(error.apiError).toEqual({ code: 2001, message: 'Invalid Input Provided', errors: [LONG] });
    expect(error.body).toBe(body);
  });

  it('is undefined when the body holds no explanation', () => {
    const error = new HttpServerError('m', new Response('oops', { status: 502 }), 'oops');
    expect(error.apiError).toBeUndefined();
  });
});

describe('cutAtWord', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutAtWord('Name cannot be empty', 20)).toBe('Name cannot be empty');
  });

  it('cuts at the last space before the limit, never inside a word, and ends with an ellipsis', () => {
    expect(cutAtWord('Name cannot be empty', 14)).toBe('Name cannot be...');
    expect(cutAtWord('Name cannot be empty', 13)).toBe('Name cannot...');
    expect(cutAtWord('Name cannot be empty', 11)).toBe('Name cannot...');
    expect(cutAtWord('Invalid Input Provided: Name cannot be empty; Email is invalid', 45)).toBe(
      'Invalid Input Provided: Name cannot be empty...',
    );
  });

  it('cuts one long word at the limit, keeping a surrogate pair whole', () => {
    expect(cutAtWord('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}...`);
    expect(cutAtWord(`a ${'x'.repeat(50)}`, 10)).toBe(`a ${'x'.repeat(8)}...`);
    expect(cutAtWord(`${'x'.repeat(9)}\ud83d\ude00yy`, 10)).toBe(`${'x'.repeat(9)}...`);
  });
});

describe('quoteErrorBody', () => {
  const rest = (message: string | undefined, errors?: unknown) =>
    JSON.stringify({ error: { message, code: 2001, errors } });

  it("gives the REST API's message and each of its errors, readably", () => {
    const body = rest('Invalid Input Provided', ['Name cannot be empty', 'Email is invalid']);
    expect(quoteErrorBody(body, 400)).toBe('Invalid Input Provided: Name cannot be empty; Email is invalid');
    expect(quoteErrorBody(rest('Invalid Input Provided.', ['Name cannot be empty']), 400)).toBe(
      'Invalid Input Provided: Name cannot be empty',
    );
    expect(quoteErrorBody(rest('Not Found'), 404)).toBe('Not Found');
    expect(quoteErrorBody(rest(undefined, ['only a detail']), 400)).toBe('only a detail');
  });

  it('reads the other APIs the same way (Events, OAuth, SCIM)', () => {
    const events = { status: 'invalid event', message: 'Event object is invalid', errors: ["'payload' is missing"] };
    expect(quoteErrorBody(JSON.stringify(events), 400)).toBe("Event object is invalid: 'payload' is missing");
    const oauth = { error: 'invalid_grant', error_description: 'The grant is invalid' };
    expect(quoteErrorBody(JSON.stringify(oauth), 400)).toBe('invalid_grant: The grant is invalid');
    expect(quoteErrorBody(JSON.stringify({ detail: 'User not found' }), 404)).toBe('User not found');
    const scim = { detail: 'Attribute userName is bad', scimType: 'invalidValue' };
    expect(quoteErrorBody(JSON.stringify(scim), 400)).toBe('invalidValue: Attribute userName is bad');
  });

  it('puts a multi-line explanation on one line', () => {
    expect(quoteErrorBody(rest('Bad\n  input', ['one\n two']), 400)).toBe('Bad input: one two');
  });

  it('bounds a long explanation at a word, ending with an ellipsis', () => {
    const errors = Array.from({ length: 40 }, (_, i) => `Field number ${i + 1} is invalid`);
    const quote = quoteErrorBody(rest('Invalid Input Provided', errors), 400);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_LENGTH + 3);
    expect(quote.length).toBeGreaterThan(QUOTE_LENGTH - 30);
    expect(quote).toMatch(/^Invalid Input Provided: Field number 1 is invalid; Field number 2 is invalid; /);
    expect(quote).toMatch(/ (Field|number|\d+|is|invalid)\.\.\.$/);
  });

  it('quotes the body itself, one line and bounded, when it is not an API explanation', () => {
    expect(quoteErrorBody('<html>\n<b>Bad Gateway</b>\n</html>', 502)).toBe('<html> <b>Bad Gateway</b> </html>');
    expect(quoteErrorBody(JSON.stringify({ error: { code: 2001 } }), 400)).toBe('{"error":{"code":2001}}');
    expect(quoteErrorBody('', 500)).toBe('');
    const prose = `Service unavailable, ${'please try again later '.repeat(30)}`;
    expect(quoteErrorBody(prose, 503)).toMatch(/^Service unavailable, please try again later .*later\.\.\.$/);
    expect(quoteErrorBody(prose, 503).length).toBeLessThanOrEqual(QUOTE_LENGTH + 3);
  });

  it('quotes a success or redirect body as it is, even one shaped like an explanation', () => {
    const accepted = JSON.stringify({ status: 'success', message: 'Event processed' });
    expect(quoteErrorBody(accepted, 202)).toBe(accepted);
  });

  it('leaves out what the message already says in full', () => {
    const body = JSON.stringify({ status: 'invalid event', message: 'Event object is invalid', errors: ['x missing'] });
    expect(quoteErrorBody(body, 400, 'Events API rejected the event: Event object is invalid; x missing')).toBe('');
    expect(quoteErrorBody(body, 400, 'Events API rejected the event: Event object is invalid')).toBe(
      'Event object is invalid: x missing',
    );
  });
});
