import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { bearerAuth } from '../../../src/core/auth/auth-methods.js';
import { HttpError, HttpServerError } from '../../../src/core/errors/error-classes.js';
import { ScimApiClient } from '../../../src/core/scim/scim-api-client.js';
import type { ScimPatchOperation, ScimUser } from '../../../src/types.js';
import { BASE, instantRetries, recordingLogger } from '../../helpers/test-kit.js';

const KEY = 'u+scimsecretkey4321';
const users = (from: number, to: number): ScimUser[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    id: `U${from + i}`,
    userName: `u${from + i}@example.com`,
    displayName: `User ${from + i}`,
    active: true,
    roles: [],
    meta: { resourceType: 'User' },
  }));
const listResponse = (startIndex: number, resources: ScimUser[], totalResults?: number): object => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
  startIndex,
  itemsPerPage: resources.length,
  ...(totalResults === undefined ? {} : { totalResults }),
  Resources: resources,
});

describe('ScimApiClient.iterUsers', () => {
  it('pages with startIndex and count to the page that reaches totalResults', async () => {
    const queries: Record<string, string>[] = [];
    const scope = nock(BASE)
      .get('/scim/v2/Users')
      .query(true)
      .times(3)
      .reply(function (uri) {
        const query = Object.fromEntries(new URL(uri, BASE).searchParams);
        queries.push(query);
        const start = Number(query.startIndex);
        return [
          200,
          listResponse(start, users(start, Math.min(start + 1, 5)), 5),
          { 'Content-Type': 'application/scim+json' },
        ];
      });
    const client = new ScimApiClient(KEY, { ...instantRetries, baseUrl: `${BASE}/scim/v2` });
    const seen: string[] = [];
    for await (const user of client.iterUsers({ pageSize: 2, filter: 'userName sw "u"' })) seen.push(String(user.id));
    expect(seen).toEqual(['U1', 'U2', 'U3', 'U4', 'U5']);
    expect(queries).toEqual([
      { startIndex: '1', count: '2', filter: 'userName sw "u"' },
      { startIndex: '3', count: '2', filter: 'userName sw "u"' },
      { startIndex: '5', count: '2', filter: 'userName sw "u"' },
    ]);
    expect(scope.isDone()).toBe(true);
    client.close();
  });

  it('stops on an empty page, and uses startIndex 1 and count 100 by default', async () => {
    nock(BASE)
      .get('/scim/v2/Users')
      .query({ startIndex: '1', count: '100' })
      .reply(200, listResponse(1, users(1, 100), 1000));
    nock(BASE)
      .get('/scim/v2/Users')
      .query({ startIndex: '101', count: '100' })
      .reply(200, listResponse(101, [], 1000));
    const client = new ScimApiClient(KEY, instantRetries);
    const all = await client.listUsers();
    expect(all).toHaveLength(100);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('starts at the startIndex given', async () => {
    nock(BASE)
      .get('/scim/v2/Users')
      .query({ startIndex: '4', count: '10' })
      .reply(200, listResponse(4, users(4, 5), 5));
    const client = new ScimApiClient(KEY, instantRetries);
    expect((await client.listUsers({ startIndex: 4, pageSize: 10 })).map((u) => u.id)).toEqual(['U4', 'U5']);
    client.close();
  });

  it('sends token auth and asks for application/scim+json', async () => {
    let headers: Record<string, string | string[] | undefined> = {};
    nock(BASE)
      .get('/scim/v2/Users')
      .query(true)
      .reply(function () {
        headers = this.req.headers;
        return [200, listResponse(1, [], 0)];
      });
    const client = new ScimApiClient(KEY, instantRetries);
    expect(await client.listUsers()).toEqual([]);
    expect(headers.authorization).toBe(`Token token=${KEY}`);
    expect(headers.accept).toBe('application/scim+json, application/json');
    client.close();
  });

  it('sends a bearer token with authType bearer or an auth method', async () => {
    const seen: unknown[] = [];
    nock(BASE)
      .get('/scim/v2/Users')
      .query(true)
      .times(2)
      .reply(function () {
        seen.push(this.req.headers.authorization);
        return [200, listResponse(1, [], 0)];
      });
    const a = new ScimApiClient('apptoken1', { ...instantRetries, authType: 'oauth2' });
    const b = new ScimApiClient(bearerAuth('apptoken2'), instantRetries);
    await a.listUsers();
    await b.listUsers();
    expect(seen).toEqual(['Bearer apptoken1', 'Bearer apptoken2']);
    expect(() => new ScimApiClient(bearerAuth('t'), { authType: 'token' })).toThrow(TypeError);
    a.close();
    b.close();
  });

  it('keeps the users already yielded when a later page fails, while listUsers rejects', async () => {
    nock(BASE)
      .get('/scim/v2/Users')
      .query(true)
      .reply(200, listResponse(1, users(1, 2), 4));
    nock(BASE).get('/scim/v2/Users').query(true).reply(403, { detail: 'no' });
    const client = new ScimApiClient(KEY, instantRetries);
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const user of client.iterUsers({ pageSize: 2 })) seen.push(user.id);
    })().catch((err: unknown) => err);
    expect(seen).toEqual(['U1', 'U2']);
    expect(error).toBeInstanceOf(HttpError);
    nock(BASE).get('/scim/v2/Users').query(true).reply(403, { detail: 'no' });
    await expect(client.listUsers()).rejects.toBeInstanceOf(HttpError);
    client.close();
  });

  it('throws HttpServerError for a page that is not a SCIM list response', async () => {
    nock(BASE).get('/scim/v2/Users').query(true).reply(200, { Resources: 'nope' });
    nock(BASE).get('/scim/v2/Users').query(true).reply(200, 'not json');
    const client = new ScimApiClient(KEY, instantRetries);
    await expect(client.listUsers()).rejects.toThrow(/not a SCIM list response/);
    await expect(client.listUsers()).rejects.toBeInstanceOf(HttpServerError);
    client.close();
  });

  it('refuses a page size or start index that is not a positive integer', async () => {
    const client = new ScimApiClient(KEY, instantRetries);
    await expect(client.listUsers({ pageSize: 0 })).rejects.toThrow(RangeError);
    await expect(client.listUsers({ startIndex: 1.5 })).rejects.toThrow(RangeError);
    client.close();
  });
});

describe('ScimApiClient request methods', () => {
  it('jget, jpost, jput, jpatch and jdelete send their method and decode the body', async () => {
    const user = { id: 'U1', userName: 'a@example.com' };
    const bodies: unknown[] = [];
    const record = (status: number, reply: unknown) => (_uri: string, body: unknown) => {
      bodies.push(body);
      return [status, reply] as [number, unknown];
    };
    nock(BASE)
      .get('/scim/v2/Users/U1')
      .reply(200, user)
      .post('/scim/v2/Users')
      .reply(record(201, user))
      .put('/scim/v2/Users/U1')
      .reply(record(200, user))
      .patch('/scim/v2/Users/U1')
      .reply(record(204, ''))
      .delete('/scim/v2/Users/U1')
      .reply(204);
    const client = new ScimApiClient(KEY, instantRetries);
    const patch: ScimPatchOperation = {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    };
    expect(await client.jget('/Users/U1')).toEqual(user);
    expect(await client.jpost<unknown>('Users', { json: { userName: 'a@example.com' } })).toEqual(user);
    expect(await client.jput<unknown>('/Users/U1', { json: user })).toEqual(user);
    expect(await client.jpatch('/Users/U1', { json: patch })).toBeNull();
    expect(await client.jdelete('/Users/U1')).toBeNull();
    expect(bodies).toEqual([{ userName: 'a@example.com' }, user, patch]);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('throws HttpError from the j-methods on a non-success status', async () => {
    nock(BASE).get('/scim/v2/Users/NOPE').reply(404, { detail: 'Not Found' });
    const client = new ScimApiClient(KEY, instantRetries);
    const error = (await client.jget('/Users/NOPE').catch((err: unknown) => err)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(404);
    client.close();
  });

  it('keeps the generic engine methods, under the SCIM base URL only', async () => {
    nock(BASE).get('/scim/v2/Schemas').reply(200, { Resources: [] });
    const client = new ScimApiClient(KEY, instantRetries);
    const response = await client.get('/Schemas');
    expect(response.status).toBe(200);
    await expect(client.get('https://api.pagerduty.com/users')).rejects.toThrow(/not under the client's base URL/);
    client.close();
  });
});

describe('ScimApiClient secrets', () => {
  it('keeps the key out of JSON.stringify, util.inspect, errors and debug output', async () => {
    const logger = recordingLogger();
    const lines = logger.lines.debug;
    nock(BASE).get('/scim/v2/Users/X').reply(400, `bad key ${KEY}`);
    const client = new ScimApiClient(KEY, { ...instantRetries, logger });
    const error = (await client.jget('/Users/X').catch((err: unknown) => err)) as Error;
    for (const text of [
      JSON.stringify(client),
      inspect(client, { depth: 5, showHidden: true }),
      error.message,
      lines.join('\n'),
    ]) {
      expect(text).not.toContain(KEY);
    }
    expect(lines.join('\n')).toContain('/scim/v2/Users/X');
    client.close();
  });
});
