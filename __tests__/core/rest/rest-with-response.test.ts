import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpError } from '../../../src/index.js';
import { BASE, makeClient } from '../../helpers/test-kit.js';

const RATE = { 'ratelimit-limit': '960', 'ratelimit-remaining': '958', 'ratelimit-reset': '30' };

describe('withResponse', () => {
  it('gives an r-method’s entity with status, x-request-id and rate-limit headers, from one request', async () => {
    nock(BASE)
      .get('/users/PABC')
      .once()
      .reply(200, { user: { id: 'PABC' } }, { 'x-request-id': 'req-1', ...RATE });
    const result = await makeClient().withResponse.rget('/users/PABC');
    expect(result).toEqual({
      data: { id: 'PABC' },
      status: 200,
      headers: expect.anything(),
      requestId: 'req-1',
      rateLimit: { limit: 960, remaining: 958, resetSeconds: 30 },
    });
    expect(result.response.status).toBe(200);
    expect(Object.keys(result)).not.toContain('response');
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('gives a j-method’s whole body, and wraps and unwraps an r-method’s write as the plain method does', async () => {
    let sent: unknown;
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(200, { users: [], more: false })
      .post('/users', (body) => ((sent = body), true))
      .reply(201, { user: { id: 'PNEW' } }, { 'x-request-id': 'req-2' });
    const client = makeClient();
    await expect(client.withResponse.jget('/users')).resolves.toMatchObject({
      data: { users: [], more: false },
      status: 200,
      rateLimit: undefined,
    });
    const created = await client.withResponse.rpost('/users', {
      json: { type: 'user', name: 'Ann', email: 'a@example.com' },
    });
    expect(sent).toEqual({ user: { type: 'user', name: 'Ann', email: 'a@example.com' } });
    expect(created).toMatchObject({ data: { id: 'PNEW' }, status: 201, requestId: 'req-2' });
  });

  it('rejects as the plain method does, the HttpError carrying the x-request-id', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } }, { 'x-request-id': 'req-404' });
    const error = await makeClient()
      .withResponse.rget('/users/PNOPE')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, requestId: 'req-404' });
  });

  it('gives each page of a listing with its own response', async () => {
    nock(BASE)
      .get('/users')
      .query({ limit: 1, offset: 0 })
      .reply(200, { users: [{ id: 'P1' }], more: true }, { 'x-request-id': 'page-1', ...RATE })
      .get('/users')
      .query({ limit: 1, offset: 1 })
      .reply(200, { users: [{ id: 'P2' }], more: false }, { 'x-request-id': 'page-2' });
    const pages: unknown[] = [];
    for await (const page of makeClient().withResponse.pages('/users', {}, { pageSize: 1 })) {
      pages.push({ data: page.data, requestId: page.requestId, remaining: page.rateLimit?.remaining });
    }
    expect(pages).toEqual([
      { data: [{ id: 'P1' }], requestId: 'page-1', remaining: 958 },
      { data: [{ id: 'P2' }], requestId: 'page-2', remaining: undefined },
    ]);
  });

  it('has every j-method of the client, jpatch included, each sending its body as it is', async () => {
    const sent: unknown[] = [];
    const record = (body: unknown): boolean => (sent.push(body), true);
    nock(BASE)
      .put('/teams/PT1', record)
      .reply(200, { team: { id: 'PT1' } })
      .patch('/teams/PT1', record)
      .reply(200, { team: { id: 'PT1', name: 'Ops' } }, { 'x-request-id': 'req-patch' })
      .delete('/teams/PT1')
      .reply(204);
    const client = makeClient();
    const methods = Object.keys(client.withResponse).filter((name) => name.startsWith('j'));
    expect(methods.sort()).toEqual(['jdelete', 'jget', 'jpatch', 'jpost', 'jput']);
    await client.withResponse.jput('/teams/PT1', { json: { team: { type: 'team', name: 'Ops' } } });
    const patched = await client.withResponse.jpatch('/teams/PT1', { json: { team: { type: 'team', name: 'Ops' } } });
    expect(patched).toMatchObject({ data: { team: { name: 'Ops' } }, status: 200, requestId: 'req-patch' });
    await expect(client.withResponse.jdelete('/teams/PT1')).resolves.toMatchObject({ data: null, status: 204 });
    const team = { team: { type: 'team', name: 'Ops' } };
    expect(sent).toEqual([team, team]);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('refuses a body on a GET before any request, as the plain methods do', async () => {
    await expect(makeClient().withResponse.jget('/users', { json: {} } as never)).rejects.toThrow(TypeError);
  });
});
