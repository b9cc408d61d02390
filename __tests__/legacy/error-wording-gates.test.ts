// The sessions' error messages and classes at both sides of each gate where a pdpyras
// release changed them: 4.3.0 | 4.4.0, 4.4.0 | 4.5.0, 4.5.2 | 5.0.0, 5.0.2 | 5.0.3 and
// 5.2.0 | 5.3.0. Each expected text is what that release raised.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { API_KEY, BASE, makeSession } from './helpers.js';
import { instantSleep } from '../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';

async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(outcome instanceof Error)) throw new Error('expected a rejection');
  return outcome;
}

function unreachable(): (url: unknown) => Promise<never> {
  return async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
  };
}

describe('a failed status (4.3.0 | 4.4.0): same words, PDHTTPError from 4.4.0', () => {
  it.each<[PdpyrasVersion, typeof PDClientError]>([
    ['4.3.0', PDClientError],
    ['4.4.0', PDHTTPError],
  ])('%s', async (compat, ErrorClass) => {
    nock(BASE)
      .get('/users/PX')
      .reply(404, { error: { message: 'Not Found' } });
    const error = await failure(makeSession(compat).rget('/users/PX'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(
      'GET /users/PX: API responded with non-success status (404): {"error":{"message":"Not Found"}}',
    );
    expect((error as PDClientError).response?.status).toBe(404);
  });
});

describe('a body that is not JSON (4.3.0 | 4.4.0 | 5.0.0)', () => {
  it.each<[PdpyrasVersion, typeof PDClientError]>([
    ['4.3.0', PDClientError],
    ['4.4.0', PDHTTPError],
    ['5.0.0', PDServerError],
  ])('%s', async (compat, ErrorClass) => {
    nock(BASE).get('/users/PU1').reply(200, '<html>maintenance</html>');
    const error = await failure(makeSession(compat).rget('/users/PU1'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe('API responded with invalid JSON: <html>maintenance</html>');
  });
});

describe('network retries running out (4.3.0 | 4.4.0 | 5.0.0)', () => {
  it.each<[PdpyrasVersion, string]>([
    ['4.3.0', 'Non-transient network error; exceeded maximum number of attempts (1) to connect to the API'],
    ['4.4.0', 'Non-transient network error; exceeded maximum number of attempts (1) to connect to the API.'],
    // The URL before the params, as pdpyras 5.x named the endpoint.
    [
      '5.0.0',
      `GET ${BASE}/users: Non-transient network error; exceeded maximum number of attempts (1) to connect to the API.`,
    ],
  ])('%s', async (compat, message) => {
    const session = makeSession(compat, { fetch: unreachable() as never, maxNetworkAttempts: 1 });
    const error = await failure(session.get('/users', { params: { query: 'ann' } }));
    expect(error.constructor).toBe(PDClientError);
    expect(error.message).toBe(message);
    expect((error.cause as Error).message).toMatch(/ECONNREFUSED/);
  });
});

describe('401 (4.3.0 | 4.4.0 | 4.5.0): the key as * and its last four characters', () => {
  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    [
      '4.3.0',
      PDClientError,
      'Received 401 Unauthorized response from the API. The access key (*wxyz) might not be valid.',
    ],
    [
      '4.4.0',
      PDHTTPError,
      'Received 401 Unauthorized response from the API. The access key (...*wxyz) might not be valid.',
    ],
    [
      '4.5.0',
      PDHTTPError,
      'Received 401 Unauthorized response from the API. The key (...*wxyz) may be invalid or deactivated.',
    ],
  ])('%s', async (compat, ErrorClass, message) => {
    nock(BASE)
      .get('/users/PU1')
      .reply(401, { error: { message: 'Unauthorized' } });
    const error = await failure(makeSession(compat).rget('/users/PU1'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
  });
});

describe('iterCursor on a page without its list (4.4.0 | 4.5.0, where iter_cursor came with its own message)', () => {
  it.each<[PdpyrasVersion, string]>([
    [
      '4.4.0',
      'Cannot extract object; expected top-level property "records", but could not find it in the response schema. ' +
        'Response body={"entries":[],"next_cursor":null}',
    ],
    [
      '4.5.0',
      'No attribute "records" at the root level of the response body from /audit/records. Attributes include: ' +
        'entries, next_cursor',
    ],
  ])('%s', async (compat, message) => {
    nock(BASE).get('/audit/records').query(true).reply(200, { entries: [], next_cursor: null });
    const error = await failure(
      (async () => {
        for await (const record of makeSession(compat).iterCursor('/audit/records')) void record;
      })(),
    );
    expect(error.constructor).toBe(PDClientError);
    expect(error.message).toBe(message);
  });
});

describe('a failed status (4.5.2 | 5.0.0): "non-success status" becomes the float-division wording', () => {
  it('4.5.2: PDHTTPError for every status, 99 characters quoted', async () => {
    const body = JSON.stringify({ error: { message: 'x'.repeat(120) } });
    nock(BASE).get('/users/PU1').reply(500, body);
    nock(BASE).get('/users/PU1').reply(503, 'down');
    const session = makeSession('4.5.2', { retry: {} });
    const first = await failure(session.rget('/users/PU1'));
    expect(first.constructor).toBe(PDHTTPError);
    expect(first.message).toBe(`GET /users/PU1: API responded with non-success status (500): ${body.slice(0, 99)}`);
    const second = await failure(session.rget('/users/PU1'));
    expect(second.constructor).toBe(PDHTTPError);
  });

  it('5.0.0: 500 is a server error (PDServerError), 400 a client error, others unknown (PDHTTPError)', async () => {
    const body = JSON.stringify({ error: { message: 'x'.repeat(120) } });
    nock(BASE).get('/users/PU1').reply(500, body);
    nock(BASE).post('/incidents').reply(400, 'bad');
    nock(BASE).get('/users/PU1').reply(503, 'down');
    nock(BASE).get('/users/PX').reply(404, 'nope');
    const session = makeSession('5.0.0');
    const server = await failure(session.rget('/users/PU1'));
    expect(server.constructor).toBe(PDServerError);
    expect(server.message).toBe(
      `GET ${BASE}/users/PU1: API responded with server error (status 500): ${body.slice(0, 99)}...`,
    );
    const client = await failure(session.rpost('/incidents', { json: { title: 'x' } }));
    expect(client.constructor).toBe(PDHTTPError);
    expect(client.message).toBe(`POST ${BASE}/incidents: API responded with client error (status 400): bad`);
    const unavailable = await failure(session.rget('/users/PU1'));
    expect(unavailable.constructor).toBe(PDHTTPError);
    expect(unavailable.message).toBe(`GET ${BASE}/users/PU1: API responded with unknown error (status 503): down`);
    const missing = await failure(session.rget('/users/PX'));
    expect(missing.message).toBe(`GET ${BASE}/users/PX: API responded with unknown error (status 404): nope`);
  });
});

describe('a body without its wrapper (4.5.2 | 5.0.0 | 5.0.2 | 5.0.3)', () => {
  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    [
      '4.5.2',
      PDClientError,
      'Cannot extract object; expected top-level property "user", but could not find it in the response schema. ' +
        'Response body={"usr":{"id":"PU1"}}',
    ],
    [
      '5.0.0',
      PDServerError,
      `Expected response body from GET ${BASE}/users/PU1 after JSON-decoding to be a dictionary with a key "user", ` +
        'but its keys are: usr.',
    ],
    [
      '5.0.2',
      PDServerError,
      `Expected response body from GET ${BASE}/users/PU1 after JSON-decoding to be a dictionary with a key "user", ` +
        'but its keys are: usr.',
    ],
    [
      '5.0.3',
      PDServerError,
      `Expected response body from GET ${BASE}/users/PU1 after JSON-decoding to be a dictionary with a key "user", ` +
        'but its keys are: usr',
    ],
  ])('%s', async (compat, ErrorClass, message) => {
    nock(BASE)
      .get('/users/PU1')
      .reply(200, { usr: { id: 'PU1' } });
    const error = await failure(makeSession(compat).rget('/users/PU1'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
  });

  it.each<[PdpyrasVersion, string]>([
    ['5.0.2', "its type is <class 'list'>.."],
    ['5.0.3', "its type is <class 'list'>."],
  ])('%s: a body that is no object names its Python type', async (compat, ending) => {
    nock(BASE)
      .get('/users/PU1')
      .reply(200, [{ id: 'PU1' }]);
    const error = await failure(makeSession(compat).rget('/users/PU1'));
    expect(error.message.endsWith(`but ${ending}`)).toBe(true);
  });
});

describe('a page failing midway (4.5.2 | 5.0.0)', () => {
  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    [
      '4.5.2',
      PDClientError,
      'Encountered HTTP error status (500) response while iterating through index endpoint /users.',
    ],
    [
      '5.0.0',
      PDServerError,
      `GET ${BASE}/users?limit=2&offset=2: API responded with server error (status 500) in classic pagination: ` +
        '{"error":"boom"}',
    ],
  ])('%s', async (compat, ErrorClass, message) => {
    nock(BASE)
      .get('/users')
      .query({ limit: 2, offset: 0 })
      .reply(200, { users: [{ id: 'A' }, { id: 'B' }], more: true });
    nock(BASE).get('/users').query({ limit: 2, offset: 2 }).reply(500, { error: 'boom' });
    const error = await failure(makeSession(compat, { retry: {} }).listAll('/users', {}, { pageSize: 2 }));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
    expect((error as PDClientError).response?.status).toBe(500);
  });
});

describe('rdelete (4.5.2 | 5.0.0): nothing before 5.0.0, the response from it', () => {
  it.each<[PdpyrasVersion, number | null]>([
    ['4.5.2', null],
    ['5.0.0', 204],
  ])('%s', async (compat, expected) => {
    nock(BASE).delete('/users/PU1').reply(204);
    const result = await makeSession(compat).rdelete('/users/PU1');
    expect(result === null ? null : result.status).toBe(expected);
  });

  it('still throws for a failed status below 5.0.0', async () => {
    nock(BASE).delete('/users/PU1').reply(404, 'gone');
    const error = await failure(makeSession('4.5.2').rdelete('/users/PU1'));
    expect(error.message).toBe('DELETE /users/PU1: API responded with non-success status (404): gone');
  });
});

describe('refusals before any request (4.5.2 | 5.0.0 | 5.2.0 | 5.3.0)', () => {
  it('a URL outside the base URL', async () => {
    const foreign = 'https://evil.example.com/users/PU1';
    const old = await failure(makeSession('4.5.2').rget(foreign));
    expect(old.constructor).toBe(PDClientError);
    expect(old.message).toBe(`Invalid API resource URL: ${foreign}`);
    const current = await failure(makeSession('5.0.0').rget(foreign));
    expect(current).toBeInstanceOf(URLError);
    expect(current.message).toBe(`URL ${foreign} does not start with the API base URL ${BASE}`);
  });

  it('a path that matches no canonical path (from 5.0.0; 4.x sent it)', async () => {
    const error = await failure(makeSession('5.0.0').rget('widgets/W1'));
    expect(error).toBeInstanceOf(URLError);
    expect(error.message).toBe('URL widgets/W1 does not match any canonical API path supported by this client.');
  });

  it.each<[PdpyrasVersion, string]>([
    ['4.5.2', 'Invalid index url/path: /users/PU1'],
    [
      '5.2.0',
      'Path /users/{id} (URL=/users/PU1) is for accessing an individual resource, versus a resource collection, ' +
        'and as such does not feature pagination.',
    ],
    [
      '5.3.0',
      'Path /users/{id} (URL=/users/PU1) is formatted like an individual resource versus a resource collection. ' +
        'It is therefore assumed to not support pagination.',
    ],
  ])('%s: an iterator on a single resource', async (compat, message) => {
    const error = await failure(makeSession(compat).listAll('/users/PU1'));
    expect(error.message).toBe(message);
  });

  it('a method the session does not send, at every release', async () => {
    for (const compat of ['4.3.0', '5.4.1'] as const) {
      const error = await failure(makeSession(compat).request('PATCH', '/users/PU1'));
      expect(error.constructor).toBe(PDClientError);
      expect(error.message).toBe('Method PATCH not supported by this API. Permitted methods: GET, POST, PUT, DELETE');
    }
  });
});

describe("the events sessions (4.5.2 | 5.0.0): the release's words, and a context from 5.0.0", () => {
  const events = (compat: PdpyrasVersion) => new EventsAPISession(ROUTING_KEY, { compat, sleep: instantSleep });
  const changes = (compat: PdpyrasVersion) => new ChangeEventsAPISession(ROUTING_KEY, { compat, sleep: instantSleep });

  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    [
      '4.5.2',
      PDHTTPError,
      `POST ${EVENTS}/v2/enqueue: API responded with non-success status (500): {"status":"error"}`,
    ],
    [
      '5.0.0',
      PDServerError,
      `POST ${EVENTS}/v2/enqueue: API responded with server error (status 500) in submitting an event to the events ` +
        'API: {"status":"error"}',
    ],
  ])('%s: an alert event the API fails', async (compat, ErrorClass, message) => {
    nock(EVENTS).post('/v2/enqueue').reply(500, { status: 'error' });
    const error = await failure(events(compat).acknowledge('dk-1'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
  });

  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    [
      '4.5.2',
      PDHTTPError,
      `POST ${EVENTS}/v2/change/enqueue: API responded with non-success status (504): {"status":"error"}`,
    ],
    // 504 / 100 is not 5: an "unknown error", a PDHTTPError, as pdpyras 5.x raised it.
    [
      '5.0.0',
      PDHTTPError,
      `POST ${EVENTS}/v2/change/enqueue: API responded with unknown error (status 504) in submitting change event: ` +
        '{"status":"error"}',
    ],
  ])('%s: a change event the API fails', async (compat, ErrorClass, message) => {
    nock(EVENTS).post('/v2/change/enqueue').reply(504, { status: 'error' });
    const error = await failure(changes(compat).submit('Deployed'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
  });

  it.each<[PdpyrasVersion, typeof PDClientError, string]>([
    ['4.5.2', PDClientError, 'Malformed response body; does not contain deduplication key.'],
    [
      '5.0.0',
      PDServerError,
      'Malformed response body from the events API; it is not a dict that has a key named "dedup_key" after ' +
        'decoding. Body = {"status":"success"}',
    ],
  ])('%s: a reply without a dedup key', async (compat, ErrorClass, message) => {
    nock(EVENTS).post('/v2/enqueue').reply(202, { status: 'success' });
    const error = await failure(events(compat).resolve('dk-1'));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.message).toBe(message);
  });
});

describe('no secret in a worded message', () => {
  it.each(['4.3.0', '5.4.1'] as const)(
    '%s: a body that echoes the key shows it as * and its last four characters',
    async (compat) => {
      // The key straddles the 99th character: it is scrubbed before the body is cut.
      const body = `${'x'.repeat(90)}${API_KEY}${'y'.repeat(20)}`;
      nock(BASE).get('/users/PU1').reply(400, body);
      const error = await failure(makeSession(compat).rget('/users/PU1'));
      expect(error.message).toContain(`${'x'.repeat(90)}*wxyz`);
      expect(error.message).not.toContain(API_KEY.slice(0, 6));
    },
  );

  it('a requested URL that holds the key, in a refusal and in a failed status', async () => {
    const refused = await failure(makeSession('5.4.1').rget(`https://evil.example.com/?k=${API_KEY}`));
    expect(refused.message).toBe(`URL https://evil.example.com/?k=*wxyz does not start with the API base URL ${BASE}`);
    nock(BASE).get('/users').query(true).reply(404, 'nope');
    const failed = await failure(makeSession('5.4.1').jget('/users', { params: { note: API_KEY } }));
    expect(failed.message).not.toContain(API_KEY);
    expect(failed.message).toContain('*wxyz');
  });
});
