import { seams } from '../helpers/test-kit.js';
// Where the predecessor and the core client agree, a legacy session must send exactly
// what the core client sends: same method, URL, headers and body, request by request.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { APISession } from '../../src/legacy/api-session.js';
import { API_KEY, BASE } from './helpers.js';
import { instantSleep } from '../helpers/test-kit.js';

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, unknown>;
  body: unknown;
}

type RestLike = Pick<RestApiV2Client, 'rget' | 'rput' | 'iterAll' | 'listAll' | 'find'>;

const USERS = [1, 2, 3].map((n) => ({ id: `PU${n}`, type: 'user', email: `u${n}@example.com`, name: `User ${n}` }));

/** A fake API for the scenario, recording every request it receives. */
function fakeApi(log: Recorded[]) {
  const record = (method: string) =>
    function (this: { req: { headers: Record<string, unknown> } }, path: string, body: unknown) {
      log.push({ method, path, headers: { ...this.req.headers }, body: body === '' ? undefined : body });
    };
  nock(BASE)
    .get('/users/PU1')
    .reply(function (path, body) {
      record('GET').call(this, path, body);
      return [200, { user: USERS[0] }];
    })
    .put('/incidents')
    .reply(function (path, body) {
      record('PUT').call(this, path, body);
      return [200, { incidents: [{ id: 'PI1', status: 'acknowledged' }] }];
    })
    .get('/users')
    .query(true)
    .times(3)
    .reply(function (path, body) {
      record('GET').call(this, path, body);
      const query = new URL(path, BASE).searchParams;
      const [offset, limit] = [Number(query.get('offset')), Number(query.get('limit'))];
      return [200, { users: USERS.slice(offset, offset + limit), more: offset + limit < USERS.length }];
    })
    .get('/services')
    .query(true)
    .reply(function (path, body) {
      record('GET').call(this, path, body);
      return [200, { services: [{ id: 'PS1' }], more: false }];
    });
}

async function scenario(client: RestLike): Promise<void> {
  await client.rget('/users/PU1');
  await client.rput('/incidents', {
    json: [{ id: 'PI1', type: 'incident_reference', status: 'acknowledged' }],
  });
  const paged = [];
  for await (const user of client.iterAll('/users', { team_ids: ['PT1'] }, { pageSize: 2 })) paged.push(user);
  expect(paged).toHaveLength(3);
  await client.listAll('/services', { include: ['teams'], query: 'web' });
  await client.find('/users', 'u3@example.com', { attribute: 'email' });
}

async function recordRun(client: RestLike): Promise<Recorded[]> {
  const log: Recorded[] = [];
  fakeApi(log);
  await scenario(client);
  nock.cleanAll();
  return log;
}

describe('a legacy session and a core client', () => {
  it('send identical requests for rget, a multi-update rput with From, iterAll pages, listAll and find', async () => {
    const options = { defaultFrom: 'oncall@example.com', sleep: instantSleep };
    const legacy = await recordRun(new APISession(API_KEY, options));
    const core = await recordRun(
      new RestApiV2Client(API_KEY, { defaultFrom: options.defaultFrom, ...seams({ sleep: instantSleep }) }),
    );

    expect(legacy).toEqual(core);
    // The recording itself must show the requests the scenario is about.
    expect(legacy.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /users/PU1',
      'PUT /incidents',
      'GET /users?limit=2&team_ids%5B%5D=PT1&offset=0',
      'GET /users?limit=2&team_ids%5B%5D=PT1&offset=2',
      'GET /services?limit=100&include%5B%5D=teams&query=web&offset=0',
      'GET /users?limit=100&query=u3%40example.com&offset=0',
    ]);
    const put = legacy[1];
    expect(put.headers.from).toBe('oncall@example.com');
    expect(put.headers.authorization).toBe(`Token token=${API_KEY}`);
    expect(put.headers['content-type']).toBe('application/json');
    expect(put.body).toEqual({ incidents: [{ id: 'PI1', type: 'incident_reference', status: 'acknowledged' }] });
    expect(legacy[0].headers.accept).toBe('application/vnd.pagerduty+json;version=2');
  });
});
