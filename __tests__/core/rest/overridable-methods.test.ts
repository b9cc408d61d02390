// The extension points of the core clients (architecture: "Extension points"): every
// higher-level method reaches the network through the client's own get/post/put/patch/
// delete and request, as in python-pagerduty, so a subclass's override sees each call.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { RequestOptions } from '../../../src/core/client/client-options.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { API_KEY, BASE, instantRetries, makeClient } from '../../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';
const USER = { id: 'PU1', type: 'user', name: 'Ann', self: `${BASE}/users/PU1` };

function usersIndex() {
  nock(BASE)
    .get('/users')
    .query(true)
    .reply(200, { users: [USER], more: false });
}

describe('the core clients route through their overridable methods', () => {
  it('RestApiV2Client: rput, rdelete, iterAll and getTotal reach an overriding put, delete and get', async () => {
    const calls: string[] = [];
    class Audited extends RestApiV2Client {
      override get(url: string, options?: RequestOptions) {
        calls.push(`get ${url}`);
        return super.get(url, options);
      }
      override put(url: string, options?: RequestOptions) {
        calls.push(`put ${url}`);
        return super.put(url, options);
      }
      override delete(url: string, options?: RequestOptions) {
        calls.push(`delete ${url}`);
        return super.delete(url, options);
      }
    }
    nock(BASE).put('/users/PU1').reply(200, { user: USER });
    nock(BASE).delete('/users/PU1').reply(204);
    usersIndex();
    nock(BASE).get('/incidents').query(true).reply(200, { incidents: [], total: 7, more: false });
    const client = new Audited(API_KEY, instantRetries);
    await client.rput<unknown>('/users/PU1', { json: { name: 'Ann' } });
    await client.rdelete('/users/PU1');
    await client.listAll('/users');
    await expect(client.getTotal('/incidents')).resolves.toBe(7);
    expect(calls).toEqual(['put /users/PU1', 'delete /users/PU1', 'get /users', 'get /incidents']);
  });

  it('EventsApiV2Client: trigger reaches an overriding post', async () => {
    const urls: string[] = [];
    class Audited extends EventsApiV2Client {
      override post(url: string, options?: RequestOptions) {
        urls.push(url);
        return super.post(url, options);
      }
    }
    nock(EVENTS).post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'k' });
    await new Audited(ROUTING_KEY, instantRetries).trigger('x', 'y');
    expect(urls).toEqual(['/v2/enqueue']);
  });

  it('a failing status through an override is the same HTTP error as through the engine', async () => {
    class Passing extends RestApiV2Client {
      override get(url: string, options?: RequestOptions) {
        return super.get(url, options);
      }
    }
    nock(BASE).get('/users/PX').twice().reply(404, { error: 'nope' });
    const plain = await makeClient()
      .rget('/users/PX')
      .catch((e: unknown) => e);
    const routed = await new Passing(API_KEY, instantRetries).rget('/users/PX').catch((e: unknown) => e);
    expect((routed as Error).constructor).toBe((plain as Error).constructor);
    expect((routed as Error).message).toBe((plain as Error).message);
  });

  it('jget decodes the same through an override as through the engine: value, empty body, non-JSON body', async () => {
    const calls: string[] = [];
    class Passing extends RestApiV2Client {
      override get(url: string, options?: RequestOptions) {
        calls.push(url);
        return super.get(url, options);
      }
    }
    const clients = [makeClient(), new Passing(API_KEY, instantRetries)];
    const outcomes = [];
    for (const client of clients) {
      nock(BASE).get('/users/PU1').reply(200, { user: USER });
      nock(BASE).get('/users/PU2').reply(200, ' ');
      nock(BASE).get('/users/PU3').reply(200, '<html>', { 'Content-Type': 'text/html' });
      const failure = (await client.jget('/users/PU3').catch((e: unknown) => e)) as Error;
      outcomes.push({
        value: await client.jget('/users/PU1'),
        empty: await client.jget('/users/PU2'),
        failure: [failure.constructor.name, failure.message],
      });
    }
    expect(outcomes[0]).toEqual({
      value: { user: USER },
      empty: null,
      failure: ['HttpServerError', expect.stringContaining('not valid JSON')],
    });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(calls).toEqual(['/users/PU3', '/users/PU1', '/users/PU2']);
  });
});
