// Issue 11, defect 2: every higher-level method reaches the network through the session's
// own `get`/`post`/`put`/`delete` and `request`, as in pdpyras (rget -> get -> request,
// iter_all -> get, persist -> find/rpost/rput), so a subclass that overrides one sees
// every call. The core clients offer the same layering.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { RequestOptions } from '../../src/core/client/client-options.js';
import { APISession } from '../../src/legacy/api-session.js';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import { API_KEY, BASE } from './helpers.js';
import { instantRetries, instantSleep } from '../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';
const USER = { id: 'PU1', type: 'user', name: 'Ann', email: 'ann@example.com', self: `${BASE}/users/PU1` };

/** The real script's shape: back every record up before it is changed or deleted. */
class BackingUpSession extends APISession {
  readonly backups: unknown[] = [];
  readonly calls: string[] = [];

  override async get(url: string, options?: RequestOptions) {
    this.calls.push(`get ${url}`);
    return super.get(url, options);
  }

  override async post(url: string, options?: RequestOptions) {
    this.calls.push(`post ${url}`);
    return super.post(url, options);
  }

  override async put(url: string, options?: RequestOptions) {
    this.backups.push(await this.rget(url));
    this.calls.push(`put ${url}`);
    return super.put(url, options);
  }

  override async delete(url: string, options?: RequestOptions) {
    this.backups.push(await this.rget(url));
    this.calls.push(`delete ${url}`);
    return super.delete(url, options);
  }
}

function usersIndex(times = 1) {
  nock(BASE)
    .get('/users')
    .query(true)
    .times(times)
    .reply(200, { users: [USER], more: false });
}

describe.each(['4.5.2', '5.4.1'] as const)('an APISession subclass at compat %s', (compat) => {
  const make = () => new BackingUpSession(API_KEY, { compat, sleep: instantSleep });

  it('sees rput and rdelete through put and delete: the backups are made', async () => {
    nock(BASE).get('/users/PU1').times(2).reply(200, { user: USER });
    nock(BASE)
      .put('/users/PU1', { user: { name: 'Bea' } })
      .reply(200, { user: { ...USER, name: 'Bea' } });
    nock(BASE).delete('/users/PU1').reply(204);
    const session = make();
    await session.rput('/users/PU1', { json: { name: 'Bea' } });
    await session.rdelete('/users/PU1');
    expect(session.backups).toEqual([USER, USER]);
    expect(session.calls.filter((call) => !call.startsWith('get'))).toEqual(['put /users/PU1', 'delete /users/PU1']);
  });

  it('sees rget, jget, iterAll, listAll, dictAll and find through get', async () => {
    nock(BASE).get('/users/PU1').reply(200, { user: USER });
    nock(BASE).get('/users/PU1').reply(200, { user: USER });
    usersIndex(4);
    const session = make();
    await session.rget('/users/PU1');
    await session.jget('/users/PU1');
    for await (const user of session.iterAll('/users')) expect(user).toEqual(USER);
    await session.listAll('/users');
    await session.dictAll('/users');
    await session.find('/users', 'ann@example.com', { attribute: 'email' });
    expect(session.calls).toEqual([
      'get /users/PU1',
      'get /users/PU1',
      'get /users',
      'get /users',
      'get /users',
      'get /users',
    ]);
  });

  it('sees persist through find (get), rpost (post) and rput (put)', async () => {
    usersIndex(2);
    nock(BASE).get('/users').query(true).reply(200, { users: [], more: false });
    nock(BASE).get('/users/PU1').reply(200, { user: USER });
    nock(BASE)
      .put('/users/PU1')
      .reply(200, { user: { ...USER, name: 'Bea' } });
    nock(BASE)
      .post('/users')
      .reply(201, { user: { id: 'PU2' } });
    const session = make();
    await session.persist('/users', 'email', { email: 'ann@example.com', name: 'Ann' }, { update: true });
    await session.persist('/users', 'email', { email: 'ann@example.com', name: 'Bea' }, { update: true });
    await session.persist('/users', 'email', { email: 'new@example.com', name: 'New' });
    expect(session.calls).toEqual([
      'get /users',
      'get /users',
      `get ${BASE}/users/PU1`,
      `put ${BASE}/users/PU1`,
      'get /users',
      'post /users',
    ]);
    expect(session.backups).toEqual([USER]);
  });
});

describe('an override of request alone', () => {
  it('sees every call of every method, as requests.Session.request did', async () => {
    const seen: string[] = [];
    class Counting extends APISession {
      override request(method: string, url: string, options?: RequestOptions) {
        seen.push(`${method} ${url}`);
        return super.request(method, url, options);
      }
    }
    nock(BASE).get('/users/PU1').reply(200, { user: USER });
    nock(BASE).post('/users').reply(201, { user: USER });
    usersIndex();
    nock(BASE).delete('/users/PU1').reply(204);
    const session = new Counting(API_KEY, instantRetries);
    await session.rget('/users/PU1');
    await session.rpost('/users', { json: { name: 'Ann' } });
    await session.listAll('/users');
    await session.rdelete(USER);
    expect(seen).toEqual(['GET /users/PU1', 'POST /users', 'GET /users', `DELETE ${BASE}/users/PU1`]);
  });
});

describe('what an override receives', () => {
  it('gets the request as the caller gave it (wrapped body, raw params), in a copy of the options', async () => {
    const received: RequestOptions[] = [];
    class Editing extends APISession {
      override async put(url: string, options: RequestOptions = {}) {
        received.push({ ...options });
        options.headers = { From: 'edited@example.com' };
        return super.put(url, options);
      }
    }
    nock(BASE).put('/users/PU1').query({ 'include[]': 'teams' }).reply(200, { user: USER });
    const init = { json: { name: 'Ann' }, params: { include: ['teams'] } };
    await new Editing(API_KEY, instantRetries).rput('/users/PU1', init);
    expect(received).toEqual([{ json: { user: { name: 'Ann' } }, params: { include: ['teams'] } }]);
    expect(init).toEqual({ json: { name: 'Ann' }, params: { include: ['teams'] } });
  });

  it('an override that does not return the Response is a TypeError naming it', async () => {
    class Broken extends APISession {
      override async get(): Promise<never> {
        return undefined as never;
      }
    }
    await expect(new Broken(API_KEY, instantRetries).rget('/users/PU1')).rejects.toThrow(
      /Broken\.get\(\) must return the fetch Response.*got undefined/,
    );
  });

  it('an instance whose get is replaced (as a test double would) is routed through it', async () => {
    const session = new APISession(API_KEY, instantRetries);
    const urls: string[] = [];
    const original = session.get.bind(session);
    session.get = async (url: string, options?: RequestOptions) => {
      urls.push(url);
      return original(url, options);
    };
    nock(BASE).get('/users/PU1').reply(200, { user: USER });
    await session.rget('/users/PU1');
    expect(urls).toEqual(['/users/PU1']);
  });
});

describe('the events sessions', () => {
  it('send every event through post, which a subclass sees', async () => {
    const posted: unknown[] = [];
    class Recording extends EventsAPISession {
      override post(url: string, options?: RequestOptions) {
        posted.push(options?.json);
        return super.post(url, options);
      }
    }
    nock(EVENTS).post('/v2/enqueue').times(2).reply(202, { status: 'success', dedup_key: 'k' });
    const session = new Recording(ROUTING_KEY, instantRetries);
    await session.trigger('Disk full', 'db01', { dedupKey: 'k' });
    await session.resolve('k');
    expect(posted).toEqual([
      {
        event_action: 'trigger',
        dedup_key: 'k',
        payload: { summary: 'Disk full', source: 'db01', severity: 'critical' },
      },
      { event_action: 'resolve', dedup_key: 'k' },
    ]);
  });

  it('change events too', async () => {
    const urls: string[] = [];
    class Recording extends ChangeEventsAPISession {
      override post(url: string, options?: RequestOptions) {
        urls.push(url);
        return super.post(url, options);
      }
    }
    nock(EVENTS).post('/v2/change/enqueue').reply(202, { status: 'success', id: 'CE1' });
    await new Recording(ROUTING_KEY, instantRetries).submit('Deployed', { source: 'ci' });
    expect(urls).toEqual(['/v2/change/enqueue']);
  });
});
