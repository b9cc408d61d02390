// Issue 11, defect 6: the version gates as the real releases drew them, each checked on
// both sides. Below 5.0.0 wrappers follow pdpyras 4.x's own rule (the URL's nodes, no
// canonical path table); resource objects from 4.1.0 in rget/rput/rdelete and from 5.0.0
// in the j-methods (never rpost); persist(update) PUTs the merged record; the item hook's
// unknown total is '?' from 5.0.0; a method not permitted is a PDClientError throughout.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { PDClientError, URLError } from '../../src/legacy/errors.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, makeSession, type Seen } from './helpers.js';

const USER = { id: 'PU1', type: 'user', name: 'Ann', email: 'ann@example.com', self: `${BASE}/users/PU1` };

/** Answers one request, recording its path and body. */
function answer(method: 'get' | 'post' | 'put' | 'delete', path: string, reply: unknown, seen: Seen[], status = 200) {
  nock(BASE)
    .intercept(path, method.toUpperCase())
    .query(true)
    .reply(function (uri, body) {
      seen.push({ path: uri, body: body === '' ? undefined : body });
      return [status, reply];
    });
}

describe("wrappers by pdpyras 4.x's rule below 5.0.0", () => {
  it.each(['4.5.2', '5.0.4'] as const)("%s: rget('/users/me') returns the user", async (compat) => {
    answer('get', '/users/me', { user: { id: 'PU1' } }, []);
    await expect(makeSession(compat).rget('/users/me')).resolves.toEqual({ id: 'PU1' });
  });

  it('4.5.2 sends a path outside the 5.x table, wrapped by the rule; 5.0.0 refuses it unsent', async () => {
    const seen: Seen[] = [];
    answer('put', '/widgets/W1', { widget: { id: 'W1', size: 2 } }, seen);
    await expect(makeSession('4.5.2').rput('/widgets/W1', { json: { size: 2 } })).resolves.toEqual({
      id: 'W1',
      size: 2,
    });
    expect(seen).toEqual([{ path: '/widgets/W1', body: { widget: { size: 2 } } }]);
    const refused = await makeSession('5.0.0')
      .rput('/widgets/W1', { json: { size: 2 } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(URLError);
    expect(seen).toHaveLength(1);
  });

  it('4.5.2 pages a nested index by its last node, and wraps a multi-update PUT in the plural', async () => {
    const seen: Seen[] = [];
    answer('get', '/users/PU1/contact_methods', { contact_methods: [{ id: 'PC1' }], more: false }, seen);
    answer('put', '/incidents', { incidents: [{ id: 'PI1' }] }, seen);
    answer('post', '/users', { user: { id: 'PU2' } }, seen);
    const session = makeSession('4.5.2');
    await expect(session.listAll('/users/PU1/contact_methods')).resolves.toEqual([{ id: 'PC1' }]);
    await expect(
      session.rput('/incidents', { json: [{ id: 'PI1', type: 'incident_reference', status: 'resolved' }] }),
    ).resolves.toEqual([{ id: 'PI1' }]);
    await expect(session.rpost('/users', { json: { name: 'Bea' } })).resolves.toEqual({ id: 'PU2' });
    expect(seen.map((s) => s.body)).toEqual([
      undefined,
      { incidents: [{ id: 'PI1', type: 'incident_reference', status: 'resolved' }] },
      { user: { name: 'Bea' } },
    ]);
  });

  it('4.5.2 refuses to page a path the rule reads as one resource, before any request', async () => {
    const scope = nock(BASE).get('/users/PU1').query(true).reply(200, {});
    await expect(makeSession('4.5.2').listAll('/users/PU1')).rejects.toThrow(PDClientError);
    expect(scope.isDone()).toBe(false);
  });
});

describe('resource objects in place of URLs', () => {
  it('4.0.0 refuses one in rget, unsent; 4.1.0 accepts it in rget, rput and rdelete', async () => {
    const seen: Seen[] = [];
    const refused = await makeSession('4.0.0')
      .rget(USER)
      .catch((e: unknown) => e);
    expect((refused as object).constructor).toBe(PDClientError);
    answer('get', '/users/PU1', { user: USER }, seen);
    answer('put', '/users/PU1', { user: USER }, seen);
    answer('delete', '/users/PU1', '', seen, 204);
    const session = makeSession('4.1.0');
    await expect(session.rget(USER)).resolves.toEqual(USER);
    await expect(session.rput(USER, { json: { name: 'Ann' } })).resolves.toEqual(USER);
    // pdpyras 4.x rdelete returned nothing.
    await expect(session.rdelete(USER)).resolves.toBeNull();
    expect(seen.map((s) => s.path)).toEqual(['/users/PU1', '/users/PU1', '/users/PU1']);
  });

  it('4.5.2 refuses one in jget; 5.0.0 accepts it', async () => {
    const scope = nock(BASE).get('/users/PU1').reply(200, { user: USER });
    await expect(makeSession('4.5.2').jget(USER)).rejects.toThrow(/does not accept a resource object/);
    expect(scope.isDone()).toBe(false);
    await expect(makeSession('5.0.0').jget(USER)).resolves.toEqual({ user: USER });
  });

  it.each(['4.1.0', '5.4.1'] as const)('%s refuses one in rpost, unsent', async (compat) => {
    const scope = nock(BASE).post('/users').reply(201, { user: USER });
    await expect(makeSession(compat).rpost(USER)).rejects.toThrow(/rpost needs a URL/);
    expect(scope.isDone()).toBe(false);
  });
});

describe('persist(..., { update: true })', () => {
  it.each(['4.5.2', '5.4.1'] as const)(
    '%s PUTs the record found with the values over it, to its self URL',
    async (compat) => {
      const seen: Seen[] = [];
      answer('get', '/users', { users: [USER], more: false }, seen);
      answer('put', '/users/PU1', { user: { ...USER, name: 'Bea' } }, seen);
      const result = await makeSession(compat).persist(
        '/users',
        'email',
        { email: 'ann@example.com', name: 'Bea' },
        { update: true },
      );
      expect(result).toEqual({ ...USER, name: 'Bea' });
      expect(seen[1]).toEqual({ path: '/users/PU1', body: { user: { ...USER, name: 'Bea' } } });
    },
  );
});

describe("the item hook's unknown total (gate 5.0.0)", () => {
  const hookCalls = async (compat: PdpyrasVersion, total: boolean) => {
    answer('get', '/users', { users: [{ id: 'PU1' }, { id: 'PU2' }], more: false, ...(total ? { total: 2 } : {}) }, []);
    const calls: unknown[][] = [];
    await makeSession(compat).listAll(
      '/users',
      {},
      { total, itemHook: (item, n, t) => void calls.push([(item as { id: string }).id, n, t]) },
    );
    return calls;
  };

  it("4.5.2 passes null, 5.0.0 passes '?'", async () => {
    expect(await hookCalls('4.5.2', false)).toEqual([
      ['PU1', 1, null],
      ['PU2', 2, null],
    ]);
    expect(await hookCalls('5.0.0', false)).toEqual([
      ['PU1', 1, '?'],
      ['PU2', 2, '?'],
    ]);
  });

  it('both pass the total the API reported', async () => {
    expect(await hookCalls('4.5.2', true)).toEqual([
      ['PU1', 1, 2],
      ['PU2', 2, 2],
    ]);
    expect(await hookCalls('5.0.0', true)).toEqual([
      ['PU1', 1, 2],
      ['PU2', 2, 2],
    ]);
  });

  it("iterCursor passes '?' from 5.0.0", async () => {
    nock(BASE)
      .get('/audit/records')
      .query(true)
      .reply(200, { records: [{ id: 'R1' }], next_cursor: null });
    const calls: unknown[][] = [];
    for await (const record of makeSession('5.0.0').iterCursor(
      '/audit/records',
      {},
      { itemHook: (_item, n, t) => void calls.push([n, t]) },
    )) {
      expect(record).toEqual({ id: 'R1' });
    }
    expect(calls).toEqual([[1, '?']]);
  });
});

describe('a method the session does not permit', () => {
  it.each(['4.5.2', '5.0.0'] as const)('is a PDClientError at %s, unsent', async (compat) => {
    const scope = nock(BASE).patch('/users/PU1').reply(200, {});
    const error = await makeSession(compat)
      .request('PATCH', '/users/PU1', { json: { user: {} } })
      .catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
    expect(scope.isDone()).toBe(false);
  });
});
