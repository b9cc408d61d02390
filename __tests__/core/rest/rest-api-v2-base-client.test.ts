import { seams } from '../../helpers/test-kit.js';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { ErrorFactory } from '../../../src/core/errors/error-classes.js';
import { HttpError, HttpServerError, UrlError } from '../../../src/index.js';
import { API_KEY, BASE, deepFreeze, makeClient, queryOf } from '../../helpers/test-kit.js';

describe('canonicalPath and entityWrappers', () => {
  it('finds the canonical path of relative and full URLs', () => {
    const client = makeClient();
    expect(client.canonicalPath('users/PABC')).toBe('/users/{id}');
    expect(client.canonicalPath(`${BASE}/users/me?include[]=teams`)).toBe('/users/me');
    client.close();
  });

  it('refuses a foreign URL or an unknown path with a UrlError', () => {
    const client = makeClient();
    expect(() => client.canonicalPath('https://evil.example.com/users')).toThrow(UrlError);
    expect(() => client.canonicalPath('/no/such/thing')).toThrow(UrlError);
    client.close();
  });

  it('gives the wrappers from the table, or by convention alone under the convention policy', () => {
    const modern = makeClient();
    const legacy = makeClient({ ...seams({ restPolicy: { wrappers: 'convention' } }) });
    expect(modern.entityWrappers('POST', '/schedules/{id}/overrides')).toEqual(['overrides', null]);
    expect(legacy.entityWrappers('POST', '/schedules/{id}/overrides')).toEqual(['override', 'override']);
    modern.close();
    legacy.close();
  });
});

describe('j-family', () => {
  it('jget returns the whole decoded body', async () => {
    nock(BASE)
      .get('/users')
      .query({ limit: '5' })
      .reply(200, { users: [{ id: 'P1' }], more: false });
    const client = makeClient();
    await expect(client.jget('/users', { params: { limit: 5 } })).resolves.toEqual({
      users: [{ id: 'P1' }],
      more: false,
    });
    client.close();
  });

  it('jpost, jput and jpatch send json as it is (never wrapped)', async () => {
    const bodies: unknown[] = [];
    const scope = nock(BASE)
      .post('/users', (body) => {
        bodies.push(body);
        return true;
      })
      .reply(201, { user: { id: 'P1' } })
      .put('/users/P1', (body) => {
        bodies.push(body);
        return true;
      })
      .reply(200, { user: { id: 'P1' } })
      .patch('/workflows/integrations/W1/connections/C1', (body) => {
        bodies.push(body);
        return true;
      })
      .reply(200, { ok: true });
    const client = makeClient();
    // Off-schema bodies on purpose: an explicit type argument leaves the call untyped.
    await client.jpost<unknown>('/users', { json: { name: 'Ann' } });
    await client.jput<unknown>('/users/P1', { json: { name: 'Bob' } });
    await expect(
      client.jpatch<unknown>('/workflows/integrations/W1/connections/C1', { json: { name: 'C' } }),
    ).resolves.toEqual({ ok: true });
    expect(bodies).toEqual([{ name: 'Ann' }, { name: 'Bob' }, { name: 'C' }]);
    expect(scope.isDone()).toBe(true);
    client.close();
  });

  it('jdelete returns null for 204', async () => {
    nock(BASE).delete('/users/P1').reply(204);
    const client = makeClient();
    await expect(client.jdelete('/users/P1')).resolves.toBeNull();
    client.close();
  });

  it('throws HttpError on a non-success status and HttpServerError on a body that is not JSON', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } }, { 'x-request-id': 'req-1' });
    nock(BASE).get('/users/PBAD').reply(200, '<html>');
    const client = makeClient();
    const notFound = await client.jget('/users/PNOPE').catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(HttpError);
    expect(notFound).toMatchObject({ status: 404, requestId: 'req-1' });
    await expect(client.jget('/users/PBAD')).rejects.toThrow(HttpServerError);
    client.close();
  });
});

describe('r-family', () => {
  it('rget unwraps the entity', async () => {
    nock(BASE)
      .get('/users/P1')
      .reply(200, { user: { id: 'P1', name: 'Ann' } });
    const client = makeClient();
    await expect(client.rget<{ id: string; name: string }>('/users/P1')).resolves.toEqual({ id: 'P1', name: 'Ann' });
    client.close();
  });

  it('accepts a resource object with self in place of a URL', async () => {
    nock(BASE)
      .get('/users/P1')
      .reply(200, { user: { id: 'P1' } });
    nock(BASE)
      .put('/escalation_policies/PEP1', { escalation_policy: { name: 'EP' } })
      .reply(200, { escalation_policy: { id: 'PEP1', name: 'EP' } });
    const client = makeClient();
    await expect(client.rget({ self: `${BASE}/users/P1` })).resolves.toEqual({ id: 'P1' });
    const policy = { id: 'PEP1', type: 'escalation_policy', self: `${BASE}/escalation_policies/PEP1` };
    await expect(client.rput(policy, { json: { name: 'EP' } })).resolves.toEqual({ id: 'PEP1', name: 'EP' });
    client.close();
  });

  it('refuses an object without self, and any under acceptResourceObjects: false, before any request', async () => {
    const client = makeClient();
    const strict = makeClient({ ...seams({ restPolicy: { acceptResourceObjects: false } }) });
    await expect(client.rget({ id: 'P1' } as { self?: string })).rejects.toThrow(UrlError);
    await expect(strict.rget({ self: `${BASE}/users/P1` })).rejects.toThrow('does not accept a resource object');
    await expect(strict.jget({ self: `${BASE}/users/P1` })).rejects.toThrow(UrlError);
    client.close();
    strict.close();
  });

  it('rpost wraps the entity, and does not wrap it twice', async () => {
    const bodies: unknown[] = [];
    nock(BASE)
      .post('/users', (body) => {
        bodies.push(body);
        return true;
      })
      .times(2)
      .reply(201, { user: { id: 'P1' } });
    const client = makeClient();
    await client.rpost<unknown>('/users', { json: { name: 'Ann' } });
    await client.rpost<unknown>('/users', { json: { user: { name: 'Ann' } } });
    expect(bodies).toEqual([{ user: { name: 'Ann' } }, { user: { name: 'Ann' } }]);
    client.close();
  });

  it('rpatch sends and returns the bare connection, as its schemas say (the only PATCH of the API)', async () => {
    nock(BASE)
      .patch('/workflows/integrations/W1/connections/C1', { name: 'New' })
      .reply(200, { id: 'C1', name: 'New' });
    const client = makeClient();
    await expect(
      client.rpatch<unknown>('/workflows/integrations/W1/connections/C1', { json: { name: 'New' } }),
    ).resolves.toEqual({ id: 'C1', name: 'New' });
    client.close();
  });

  it("never changes the caller's json, params or headers", async () => {
    nock(BASE)
      .put('/users/P1')
      .query(true)
      .reply(200, { user: { id: 'P1' } });
    const client = makeClient();
    const init = deepFreeze({
      json: { name: 'Ann', teams: [{ id: 'T1' }] },
      params: { include: ['teams'] },
      headers: { From: 'a@example.com' },
    });
    await client.rput<unknown>('/users/P1', init);
    expect(init).toEqual({
      json: { name: 'Ann', teams: [{ id: 'T1' }] },
      params: { include: ['teams'] },
      headers: { From: 'a@example.com' },
    });
    client.close();
  });

  it('returns null for 204', async () => {
    nock(BASE).put('/teams/T1/users/U1').reply(204);
    const client = makeClient();
    await expect(client.rput('/teams/T1/users/U1', { json: { role: 'manager' } })).resolves.toBeNull();
    client.close();
  });

  it('throws HttpServerError naming the keys the body had when its wrapper is missing', async () => {
    nock(BASE).get('/users/P1').reply(200, { users: [], more: false });
    const client = makeClient();
    const error = await client.rget('/users/P1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpServerError);
    expect((error as Error).message).toContain('"user"');
    expect((error as Error).message).toContain('its keys are: users, more');
    expect((error as HttpServerError).status).toBe(200);
    client.close();
  });

  it('refuses a URL that matches no canonical path before any request', async () => {
    const client = makeClient();
    await expect(client.rget('/not/an/endpoint')).rejects.toThrow(UrlError);
    client.close();
  });

  it('rdelete returns the response after a success check, body unread', async () => {
    nock(BASE).delete('/users/P1').reply(200, { note: 'gone' });
    nock(BASE).delete('/users/P2').reply(404, { error: 'Not Found' });
    const client = makeClient();
    const response = await client.rdelete({ self: `${BASE}/users/P1` });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ note: 'gone' });
    await expect(client.rdelete('/users/P2')).rejects.toMatchObject({ status: 404 });
    client.close();
  });
});

describe('query parameters', () => {
  it('get [] appended to list keys on every request, low-level ones included', async () => {
    const seen: Record<string, string | string[]>[] = [];
    nock(BASE)
      .get('/incidents')
      .query(true)
      .times(2)
      .reply(function (uri) {
        seen.push(queryOf(uri));
        return [200, { incidents: [], more: false }];
      });
    const client = makeClient();
    await client.get('/incidents', { params: { statuses: ['triggered', 'acknowledged'], 'team_ids[]': ['T1'] } });
    await client.jget('/incidents', { params: { user_ids: ['U1'] } });
    expect(seen).toEqual([{ 'statuses[]': ['triggered', 'acknowledged'], 'team_ids[]': 'T1' }, { 'user_ids[]': 'U1' }]);
    client.close();
  });

  it('keep their keys under appendListBrackets: false', async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get('/incidents')
      .query(true)
      .reply(function (uri) {
        seen = queryOf(uri);
        return [200, { incidents: [], more: false }];
      });
    const client = makeClient({ ...seams({ restPolicy: { appendListBrackets: false } }) });
    await client.jget('/incidents', { params: { statuses: ['triggered', 'resolved'] } });
    expect(seen).toEqual({ statuses: ['triggered', 'resolved'] });
    client.close();
  });
});

describe('the legacy seams', () => {
  class LegacyError extends Error {
    constructor(
      readonly kind: string,
      message: string,
    ) {
      super(message);
    }
  }
  const legacyFactory: ErrorFactory = (error) => new LegacyError(error.constructor.name, error.message);

  it('under the convention policy, a body without the inferred key fails via the error factory naming it', async () => {
    nock(BASE)
      .post('/schedules/S1/overrides', { override: [{ start: 'a' }] })
      .reply(201, [{ status: 201, override: { id: 'O1' } }]);
    const client = makeClient({
      ...seams({ restPolicy: { wrappers: 'convention' } }),
      ...seams({ errorFactory: legacyFactory }),
    });
    const error = await client
      .rpost<unknown>('/schedules/S1/overrides', { json: [{ start: 'a' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyError);
    expect(error).toMatchObject({ kind: 'HttpServerError' });
    expect((error as Error).message).toContain('key "override"');
    client.close();
  });

  it('builds URL errors through the error factory too', async () => {
    const client = makeClient({
      ...seams({ restPolicy: { acceptResourceObjects: false } }),
      ...seams({ errorFactory: legacyFactory }),
    });
    await expect(client.rget({ self: `${BASE}/users/P1` })).rejects.toMatchObject({ kind: 'UrlError' });
    expect(() => client.canonicalPath('/nope')).toThrow(LegacyError);
    client.close();
  });

  it('uses the core error tree by default, with what was refused as its code', async () => {
    const client = makeClient();
    expect(() => client.canonicalPath('/nope')).toThrow(UrlError);
    expect(() => client.canonicalPath('/nope')).toThrow(
      expect.objectContaining({ code: 'ERR_NO_CANONICAL_PATH', url: '/nope' }) as unknown as Error,
    );
    client.close();
  });
});

describe('permitted methods', () => {
  it('are GET, POST, PUT, PATCH and DELETE', async () => {
    const client = makeClient();
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    await expect(client.request('HEAD', '/users')).rejects.toThrow(UrlError);
    client.close();
  });

  it('never print the key', () => {
    const client = makeClient();
    expect(JSON.stringify(client)).not.toContain(API_KEY);
    client.close();
  });
});
