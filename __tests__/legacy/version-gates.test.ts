// The behaviours that change with `compat`, each checked on both sides of its gate:
// 4.0.0 | 4.1.0 for resource objects in rget/rput/rdelete, 4.3.0 | 4.4.0 for list
// brackets and error classes, 4.5.2 | 5.0.0 for wrappers, resource objects in the
// j-methods and URLError. (The gates of issue 11 have their own file, legacy-fidelity.)
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';
import { BASE, makeSession, queryKeys, type Seen } from './helpers.js';

/** Answers GET /incidents once, recording the path (with its query) it was asked for. */
function incidentsIndex(seen: Seen[], body: unknown = { incidents: [{ id: 'PI1' }], more: false }) {
  nock(BASE)
    .get(/^\/incidents/)
    .reply(function (path) {
      seen.push({ path, body: undefined });
      return [200, body];
    });
}

describe('list-valued query parameters (gate 4.4.0)', () => {
  it('4.3.0 sends statuses=... unchanged', async () => {
    const seen: Seen[] = [];
    incidentsIndex(seen);
    await makeSession('4.3.0').jget('/incidents', { params: { statuses: ['triggered', 'acknowledged'] } });
    expect(seen[0].path).toBe('/incidents?statuses=triggered&statuses=acknowledged');
  });

  it('4.4.0 sends statuses[]=...', async () => {
    const seen: Seen[] = [];
    incidentsIndex(seen);
    await makeSession('4.4.0').jget('/incidents', { params: { statuses: ['triggered', 'acknowledged'] } });
    expect(seen[0].path).toBe('/incidents?statuses%5B%5D=triggered&statuses%5B%5D=acknowledged');
  });

  it('applies to the pages iterAll requests too', async () => {
    const seen: Seen[] = [];
    incidentsIndex(seen);
    incidentsIndex(seen);
    await makeSession('4.3.0').listAll('/incidents', { statuses: ['triggered'], team_ids: ['PT1'] });
    await makeSession('4.4.0').listAll('/incidents', { statuses: ['triggered'], team_ids: ['PT1'] });
    expect(queryKeys(seen[0].path)).toEqual(['limit', 'statuses', 'team_ids', 'offset']);
    expect(queryKeys(seen[1].path)).toEqual(['limit', 'statuses[]', 'team_ids[]', 'offset']);
  });

  it('keeps keys that already end in [] at every version', async () => {
    const seen: Seen[] = [];
    incidentsIndex(seen);
    await makeSession('4.3.0').jget('/incidents', { params: { 'statuses[]': ['resolved'] } });
    expect(seen[0].path).toBe('/incidents?statuses%5B%5D=resolved');
  });
});

describe('HTTP error classes (gate 4.4.0)', () => {
  it('4.3.0 throws a plain PDClientError for a 404, with the response', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } });
    const error = await makeSession('4.3.0')
      .rget('/users/PNOPE')
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
    expect((error as PDClientError).response?.status).toBe(404);
    // pdpyras 4.x dropped the default base URL from the message and quoted 99 characters.
    expect((error as Error).message).toBe(
      'GET /users/PNOPE: API responded with non-success status (404): {"error":{"message":"Not Found"}}',
    );
  });

  it('4.4.0 throws PDHTTPError for a 404', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } });
    const error = await makeSession('4.4.0')
      .rget('/users/PNOPE')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PDHTTPError);
    expect(error).not.toBeInstanceOf(PDServerError);
    expect((error as PDHTTPError).response.status).toBe(404);
  });

  it('4.3.0 throws a plain PDClientError for a 5xx', async () => {
    nock(BASE).get('/users/PU1').reply(502, 'Bad Gateway');
    const error = await makeSession('4.3.0')
      .rget('/users/PU1')
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
  });

  it('4.4.0 throws PDHTTPError for a 5xx (pdpyras had no PDServerError before 5.0.0)', async () => {
    nock(BASE).get('/users/PU1').reply(502, 'Bad Gateway');
    const error = await makeSession('4.4.0')
      .rget('/users/PU1')
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDHTTPError);
    expect((error as PDHTTPError).response.status).toBe(502);
  });

  it('throws PDClientError with the cause and no response for a network failure, at any version', async () => {
    for (const compat of ['4.3.0', '5.4.1'] as const) {
      const fetch = async (): Promise<never> => {
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      };
      const error = await makeSession(compat, { maxNetworkAttempts: 0, fetch })
        .rget('/users/PU1')
        .catch((e: unknown) => e);
      expect((error as object).constructor).toBe(PDClientError);
      expect((error as PDClientError).response).toBeNull();
      expect(((error as PDClientError).cause as Error).message).toBe('socket hang up');
    }
  });
});

/** Answers POST /business_services/PBS1/subscribers as the API does: `subscriptions` in the reply. */
function subscribersEndpoint(seen: Seen[]) {
  nock(BASE)
    .post('/business_services/PBS1/subscribers')
    .reply(function (path, body) {
      seen.push({ path, body });
      return [200, { subscriptions: [{ subscriber_id: 'PU1', subscriber_type: 'user', result: 'success' }] }];
    });
}

const SUBSCRIBERS = [{ subscriber_id: 'PU1', subscriber_type: 'user' }];

describe('wrappers of a non-conventional endpoint (gate 5.0.0)', () => {
  it('5.0.0 wraps the request in "subscribers" and unwraps "subscriptions", from the wrapper table', async () => {
    const seen: Seen[] = [];
    subscribersEndpoint(seen);
    const result = await makeSession('5.0.0').rpost('/business_services/PBS1/subscribers', { json: SUBSCRIBERS });
    expect(seen[0].body).toEqual({ subscribers: SUBSCRIBERS });
    expect(result).toEqual([{ subscriber_id: 'PU1', subscriber_type: 'user', result: 'success' }]);
  });

  it('4.5.2 follows the convention ("subscriber") and fails with a PDClientError naming the missing key', async () => {
    const seen: Seen[] = [];
    subscribersEndpoint(seen);
    const error = await makeSession('4.5.2')
      .rpost('/business_services/PBS1/subscribers', { json: SUBSCRIBERS })
      .catch((e: unknown) => e);
    expect(seen[0].body).toEqual({ subscriber: SUBSCRIBERS });
    expect(error).toBeInstanceOf(PDClientError);
    expect((error as Error).message).toMatch(/"subscriber"/);
    expect((error as Error).message).toMatch(/subscriptions/);
  });

  it('4.3.0 fails the same way with a plain PDClientError', async () => {
    subscribersEndpoint([]);
    const error = await makeSession('4.3.0')
      .rpost('/business_services/PBS1/subscribers', { json: SUBSCRIBERS })
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
    expect((error as Error).message).toMatch(/"subscriber"/);
  });

  it('pages through an index with a configured wrapper from 5.0.0 only', async () => {
    const reply = { services: [{ id: 'PS1' }], more: false };
    const scope = nock(BASE).get('/business_services/impacts').query(true).reply(200, reply);
    await expect(makeSession('5.0.0').listAll('/business_services/impacts')).resolves.toEqual([{ id: 'PS1' }]);
    expect(scope.isDone()).toBe(true);
    // pdpyras 4.x counts two nodes as a resource and its id: not an index, refused unsent.
    const later = nock(BASE).get('/business_services/impacts').query(true).reply(200, reply);
    await expect(makeSession('4.5.2').listAll('/business_services/impacts')).rejects.toThrow(
      'Invalid index url/path: /business_services/impacts',
    );
    expect(later.isDone()).toBe(false);
  });
});

const USER = { id: 'PU1', type: 'user', self: `${BASE}/users/PU1` };

describe('resource objects in place of URLs (gate 5.0.0)', () => {
  it('5.0.0 accepts one in the r- and j-methods', async () => {
    nock(BASE).get('/users/PU1').twice().reply(200, { user: USER });
    const session = makeSession('5.0.0');
    await expect(session.rget(USER)).resolves.toEqual(USER);
    await expect(session.jget(USER)).resolves.toEqual({ user: USER });
  });

  it('4.5.2 refuses one in the j-methods with a PDClientError before any request', async () => {
    const scope = nock(BASE).get('/users/PU1').reply(200, { user: USER });
    const session = makeSession('4.5.2');
    for (const call of [() => session.jget(USER), () => session.jput(USER, { json: USER })]) {
      const error = await call().catch((e: unknown) => e);
      expect((error as object).constructor).toBe(PDClientError);
      expect((error as Error).message).toMatch(/does not accept a resource object/);
    }
    expect(scope.isDone()).toBe(false);
  });
});

describe('refused input (gate 5.0.0)', () => {
  it('5.0.0 throws URLError, outside the PDClientError family, for a foreign URL', async () => {
    const error = await makeSession('5.0.0')
      .rget('https://elsewhere.example.com/users/PU1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(URLError);
    expect(error).not.toBeInstanceOf(PDClientError);
  });

  it('4.5.2 throws PDClientError for the same URL', async () => {
    const error = await makeSession('4.5.2')
      .rget('https://elsewhere.example.com/users/PU1')
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
    expect((error as Error).message).toMatch(/elsewhere\.example\.com/);
  });
});
