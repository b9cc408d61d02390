// The pure formatter of the legacy errors, and the wording data of each release: no
// request is made here (the sessions are checked at each gate in error-wording-gates).
import { describe, expect, it } from '@jest/globals';
import type { LegacyFailure as FailureFacts } from '../../src/legacy/legacy-failure.js';
import { excerpt, pythonTypeName, sortStatus, wordFailure } from '../../src/legacy/failure-wording.js';
import {
  PDPYRAS_4_3_WORDING,
  PDPYRAS_4_4_WORDING,
  PDPYRAS_4_5_WORDING,
  PDPYRAS_5_0_3_WORDING,
  PDPYRAS_5_0_WORDING,
  PDPYRAS_5_3_WORDING,
  type ReleaseWording,
} from '../../src/legacy/release-wording.js';

const CUT_99 = { longerThan: 99, keep: 99, marker: '' };
const ELLIPSIS_100 = { longerThan: 100, keep: 99, marker: '...' };
const URL = 'https://api.pagerduty.com/users/PX';

function status(code: number, extra: Partial<FailureFacts> = {}): FailureFacts {
  return { reason: 'status', method: 'GET', url: URL, status: code, ...extra };
}

describe('excerpt', () => {
  it('cuts to 99 characters, as pdpyras 4.x (text[:99])', () => {
    expect(excerpt('x'.repeat(99), CUT_99)).toBe('x'.repeat(99));
    expect(excerpt('x'.repeat(100), CUT_99)).toBe('x'.repeat(99));
  });

  it('keeps 100 whole and cuts longer ones to 99 plus "...", as pdpyras 5.x (truncate_text)', () => {
    expect(excerpt('x'.repeat(100), ELLIPSIS_100)).toBe('x'.repeat(100));
    expect(excerpt('x'.repeat(101), ELLIPSIS_100)).toBe(`${'x'.repeat(99)}...`);
  });

  it('counts code points as Python does: an emoji is one character and is never split', () => {
    const emoji = '\u{1F525}';
    expect(excerpt(emoji.repeat(100), ELLIPSIS_100)).toBe(emoji.repeat(100));
    expect(excerpt(emoji.repeat(101), ELLIPSIS_100)).toBe(`${emoji.repeat(99)}...`);
    expect(excerpt(`${'x'.repeat(98)}${emoji}${emoji}`, CUT_99)).toBe(`${'x'.repeat(98)}${emoji}`);
  });

  it('reads only the start of a large body', () => {
    expect(excerpt('y'.repeat(5_000_000), ELLIPSIS_100)).toBe(`${'y'.repeat(99)}...`);
  });
});

describe('sortStatus (pdpyras 5.x: status / 100 == 4, in Python 3 float division)', () => {
  const sort = PDPYRAS_5_0_WORDING.statusSort!;

  it('makes only 400 a client error and only 500 a server error', () => {
    expect(sortStatus(sort, 400)).toEqual({ quotient: 4, word: 'client', errorClass: 'PDHTTPError' });
    expect(sortStatus(sort, 500)).toEqual({ quotient: 5, word: 'server', errorClass: 'PDServerError' });
  });

  it.each([401, 403, 404, 409, 429, 501, 502, 503, 504])('words %i an unknown error, a PDHTTPError', (code) => {
    expect(sortStatus(sort, code)).toEqual({ word: 'unknown', errorClass: 'PDHTTPError' });
  });
});

describe('pythonTypeName', () => {
  it.each([
    [null, 'null', "<class 'NoneType'>"],
    [[1], '[1]', "<class 'list'>"],
    ['x', '"x"', "<class 'str'>"],
    [true, 'true', "<class 'bool'>"],
    [1, '1', "<class 'int'>"],
    [1, '1.0', "<class 'float'>"],
    [100, '1e2', "<class 'float'>"],
    [{}, '{}', "<class 'dict'>"],
  ])('names %j (%s) %s', (value, text, name) => {
    expect(pythonTypeName(value, text)).toBe(name);
  });
});

describe('wordFailure', () => {
  it('words a failed status as pdpyras 4.x: the default base URL dropped, 99 characters quoted', () => {
    const body = 'b'.repeat(150);
    const worded = wordFailure(PDPYRAS_4_4_WORDING, status(404), body);
    expect(worded).toEqual({
      message: `GET /users/PX: API responded with non-success status (404): ${'b'.repeat(99)}`,
      errorClass: 'PDHTTPError',
    });
    // str.replace drops every occurrence, and only that exact text (not another region's).
    const twice = status(404, { url: 'https://api.pagerduty.com/x?next=https://api.pagerduty.com' });
    expect(wordFailure(PDPYRAS_4_3_WORDING, twice, '')?.message).toBe(
      'GET /x?next=: API responded with non-success status (404): ',
    );
    const eu = status(500, { url: 'https://api.eu.pagerduty.com/users/PX' });
    expect(wordFailure(PDPYRAS_4_3_WORDING, eu, 'x')).toEqual({
      message: 'GET https://api.eu.pagerduty.com/users/PX: API responded with non-success status (500): x',
      errorClass: 'PDClientError',
    });
  });

  it('words a failed status as pdpyras 5.x: sorted by float division, with the context of the operation', () => {
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, status(503), 'down')).toEqual({
      message: `GET ${URL}: API responded with unknown error (status 503): down`,
      errorClass: 'PDHTTPError',
    });
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, status(500, { operation: 'classic-pages' }), 'boom')).toEqual({
      message: `GET ${URL}: API responded with server error (status 500) in classic pagination: boom`,
      errorClass: 'PDServerError',
    });
    const event = {
      reason: 'status',
      method: 'POST',
      url: 'https://events.pagerduty.com/v2/enqueue',
      status: 400,
    } as const;
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, { ...event, operation: 'alert-event' }, '{}')?.message).toBe(
      'POST https://events.pagerduty.com/v2/enqueue: API responded with client error (status 400) in submitting an ' +
        'event to the events API: {}',
    );
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, { ...event, operation: 'change-event' }, '{}')?.message).toBe(
      'POST https://events.pagerduty.com/v2/enqueue: API responded with client error (status 400) in submitting ' +
        'change event: {}',
    );
  });

  it('gives the 4.x iterators their own message and class, for iterAll, listAll and find only', () => {
    const paging = status(500, { operation: 'classic-pages', caller: 'listAll', requestedUrl: '/users' });
    expect(wordFailure(PDPYRAS_4_4_WORDING, paging, 'x')).toEqual({
      message: 'Encountered HTTP error status (500) response while iterating through index endpoint /users.',
      errorClass: 'PDClientError',
    });
    // iter_cursor (4.5) went through jget: the plain status message.
    const cursor = { ...paging, operation: 'cursor-pages', caller: 'iterCursor' } as const;
    expect(wordFailure(PDPYRAS_4_5_WORDING, cursor, 'x')?.message).toMatch(/non-success status \(500\)/);
  });

  it('tells a body without its wrapper by the shape it has', () => {
    const missing = { reason: 'missing-key', method: 'GET', url: URL, status: 200, expected: 'user' } as const;
    const start =
      `Expected response body from GET ${URL} after JSON-decoding ` + 'to be a dictionary with a key "user", but ';
    expect(wordFailure(PDPYRAS_5_0_WORDING, missing, '{"usr":1,"id":2}')?.message).toBe(
      `${start}its keys are: usr, id.`,
    );
    expect(wordFailure(PDPYRAS_5_0_WORDING, missing, '[1]')?.message).toBe(`${start}its type is <class 'list'>..`);
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, missing, '{"usr":1,"id":2}')?.message).toBe(
      `${start}its keys are: usr, id`,
    );
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, missing, '')?.message).toBe(`${start}its type is <class 'NoneType'>.`);
    expect(wordFailure(PDPYRAS_4_3_WORDING, missing, '{"usr":1}')).toEqual({
      message:
        'Cannot extract object; expected top-level property "user", but could not find it in the response schema. ' +
        'Response body={"usr":1}',
      errorClass: 'PDClientError',
    });
  });

  it('words the events reply without a dedup key by release', () => {
    const facts = { reason: 'missing-key', operation: 'alert-event', expected: 'dedup_key', status: 202 } as const;
    expect(wordFailure(PDPYRAS_4_4_WORDING, facts, '{}')).toEqual({
      message: 'Malformed response body; does not contain deduplication key.',
      errorClass: 'PDClientError',
    });
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, facts, '{"status":"success"}')).toEqual({
      message:
        'Malformed response body from the events API; it is not a dict that has a key named "dedup_key" after ' +
        'decoding. Body = {"status":"success"}',
      errorClass: 'PDServerError',
    });
  });

  it('shortens a value marked |excerpt as the release did', () => {
    const long = `https://evil.example.com/${'p'.repeat(120)}`;
    const facts = { reason: 'foreign-url', requestedUrl: long, baseUrl: 'https://api.pagerduty.com' } as const;
    expect(wordFailure(PDPYRAS_4_3_WORDING, facts)?.message).toBe(`Invalid API resource URL: ${long.slice(0, 99)}`);
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, facts)).toEqual({
      message: `URL ${long} does not start with the API base URL https://api.pagerduty.com`,
      errorClass: 'URLError',
    });
  });

  it('rewords the refusal of a single resource at 5.3.0', () => {
    const facts = { reason: 'not-an-index', canonicalPath: '/users/{id}', requestedUrl: '/users/PU1' } as const;
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, facts)?.message).toMatch(
      /is for accessing an individual resource, versus a resource collection/,
    );
    expect(wordFailure(PDPYRAS_5_3_WORDING, facts)?.message).toBe(
      'Path /users/{id} (URL=/users/PU1) is formatted like an individual resource versus a resource collection. ' +
        'It is therefore assumed to not support pagination.',
    );
    expect(wordFailure(PDPYRAS_4_5_WORDING, facts)?.message).toBe('Invalid index url/path: /users/PU1');
  });

  it('returns undefined when no rule matches or the rule needs a fact that is missing', () => {
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, { reason: 'redirect', status: 302 }, '')).toBeUndefined();
    expect(wordFailure(PDPYRAS_5_0_3_WORDING, { reason: 'status', status: 404 }, '')).toBeUndefined();
    expect(wordFailure(PDPYRAS_4_3_WORDING, { reason: 'unauthorized', status: 401 }, '')).toBeUndefined();
  });

  it('has no rule whose template names an unknown placeholder', () => {
    const known = new Set([
      'method',
      'url',
      'urlBeforeParams',
      'status',
      'requested',
      'body',
      'keys',
      'pythonType',
      'statusWord',
      'context',
      'expected',
      'key',
      'retryLimit',
      'permitted',
      'baseUrl',
      'canonicalPath',
    ]);
    const releases: ReleaseWording[] = [
      PDPYRAS_4_3_WORDING,
      PDPYRAS_4_4_WORDING,
      PDPYRAS_4_5_WORDING,
      PDPYRAS_5_0_WORDING,
      PDPYRAS_5_0_3_WORDING,
      PDPYRAS_5_3_WORDING,
    ];
    for (const release of releases) {
      for (const rule of release.rules) {
        for (const [, name] of rule.template.matchAll(/\{(\w+)(?:\|excerpt)?\}/g)) expect(known).toContain(name);
      }
      expect(Object.isFrozen(release.rules)).toBe(true);
    }
  });
});
