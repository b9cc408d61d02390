/**
 * MIGRATION.md, "From pdpyras to `pagerduty-client/legacy`": every translated form is
 * type-checked against the library and run against nock, with what it sent and printed
 * checked. A `ts` block without a `<!-- run: name -->` marker, or without a case here,
 * fails the test.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import * as legacy from '../../src/legacy/index.js';
import type { PDSessionOptions } from '../../src/legacy/session-setup.js';
import { runSnippet, sectionSnippets, typeCheck, type Snippet } from './snippet-runner.js';
import { BASE, instantSleep } from '../helpers/test-kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const snippets = sectionSnippets(
  readFileSync(path.join(root, 'MIGRATION.md'), 'utf8'),
  '## From pdpyras to `pagerduty-client/legacy`',
);
const EVENTS = 'https://events.pagerduty.com';

/** The legacy entry point, with sessions that never sleep for real (a reader's would). */
const legacyWithoutPauses = {
  ...legacy,
  APISession: class extends legacy.APISession {
    constructor(key: string, options: legacy.APISessionOptions = {}) {
      super(key, { sleep: instantSleep, ...options });
    }
  },
  EventsAPISession: class extends legacy.EventsAPISession {
    constructor(key: string, options: PDSessionOptions = {}) {
      super(key, { sleep: instantSleep, ...options });
    }
  },
  ChangeEventsAPISession: class extends legacy.ChangeEventsAPISession {
    constructor(key: string, options: legacy.ChangeEventsAPISessionOptions = {}) {
      super(key, { sleep: instantSleep, ...options });
    }
  },
};
const MODULES = { 'pagerduty-client': core, 'pagerduty-client/legacy': legacyWithoutPauses };

interface Seen {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, unknown>;
}

/** Answers `method path` once (any query), recording what arrived. */
function answer(
  host: string,
  method: string,
  pathname: string,
  status: number,
  reply: unknown,
  seen: Seen[],
  headers: Record<string, string> = {},
) {
  nock(host)
    .intercept(pathname, method)
    .query(true)
    .reply(function (uri, body) {
      seen.push({ method, path: uri, body: body === '' ? undefined : body, headers: this.req.headers });
      return [status, reply as nock.Body, headers];
    });
}

const USER = { id: 'PABC123', type: 'user', name: 'Ann', email: 'ann@example.com', self: `${BASE}/users/PABC123` };

/** Per snippet: the API it talks to, and what must have happened. */
const CASES: Record<string, () => (printed: string[]) => void> = {
  construct: () => (printed) => {
    expect(printed).toEqual([`4.5.2 ${BASE}`]);
  },
  keywords: () => {
    const seen: Seen[] = [];
    answer(BASE, 'GET', '/users/PABC123', 200, { user: USER }, seen);
    answer(BASE, 'GET', '/services', 200, { services: [{ id: 'PS1' }], more: false }, seen);
    answer(BASE, 'GET', '/users', 200, { users: [USER], more: false }, seen);
    answer(BASE, 'GET', '/users', 200, { users: [USER], more: false }, seen);
    answer(BASE, 'GET', '/incidents', 200, { incidents: [{ id: 'PI1' }], total: 1, more: false }, seen);
    answer(
      BASE,
      'GET',
      '/teams',
      200,
      { teams: [{ id: 'PT1', name: 'Ops', description: 'old', self: `${BASE}/teams/PT1` }], more: false },
      seen,
    );
    answer(BASE, 'PUT', '/teams/PT1', 200, { team: { id: 'PT1', name: 'Ops', description: 'On call' } }, seen);
    return (printed) => {
      expect(seen.map((s) => `${s.method} ${decodeURIComponent(s.path)}`)).toEqual([
        'GET /users/PABC123?include[]=contact_methods',
        'GET /services?limit=100&include[]=teams&offset=0',
        'GET /users?limit=100&offset=0',
        'GET /users?limit=100&query=ann@example.com&offset=0',
        'GET /incidents?limit=25&total=true&statuses[]=triggered&offset=0',
        'GET /teams?limit=100&query=Ops&offset=0',
        'PUT /teams/PT1',
      ]);
      expect(seen[6].body).toEqual({
        team: { id: 'PT1', name: 'Ops', description: 'On call', self: `${BASE}/teams/PT1` },
      });
      expect(printed).toEqual(['1 1', 'PI1', 'Ann 1 ["ann@example.com"] PABC123 PT1']);
    };
  },
  response: () => {
    answer(BASE, 'GET', '/users/PABC123', 200, { user: USER }, [], { 'x-request-id': 'rid-1' });
    return (printed) => expect(printed).toEqual(['Ann rid-1']);
  },
  errors: () => {
    answer(BASE, 'GET', '/users/PNOPE', 404, { error: { message: 'Not Found', code: 2100 } }, []);
    return (printed) => expect(printed).toEqual(['gone: {"error":{"message":"Not Found","code":2100}}']);
  },
  'in-place': () => {
    const seen: Seen[] = [];
    answer(BASE, 'GET', '/users/PABC123', 404, { error: 'not yet' }, seen);
    answer(BASE, 'GET', '/users/PABC123', 200, { user: USER }, seen);
    return (printed) => {
      expect(seen.map((s) => [s.headers['x-team'], s.headers.authorization])).toEqual([
        ['sre', 'Token token=u+ROTATEDKEY0000wxyz'],
        ['sre', 'Token token=u+ROTATEDKEY0000wxyz'],
      ]);
      expect(printed).toEqual([`${JSON.stringify(USER)} *wxyz`]);
    };
  },
  subclass: () => {
    const seen: Seen[] = [];
    answer(BASE, 'GET', '/users/PABC123', 200, { user: USER }, seen);
    answer(BASE, 'PUT', '/users/PABC123', 200, { user: { ...USER, name: 'Ann B.' } }, seen);
    answer(BASE, 'GET', '/users/PABC123', 200, { user: { ...USER, name: 'Ann B.' } }, seen);
    answer(BASE, 'DELETE', '/users/PABC123', 204, '', seen);
    return (printed) => {
      expect(seen.map((s) => s.method)).toEqual(['GET', 'PUT', 'GET', 'DELETE']);
      expect(printed).toEqual(['2']);
    };
  },
  events: () => {
    const seen: Seen[] = [];
    for (let i = 0; i < 3; i += 1)
      answer(EVENTS, 'POST', '/v2/enqueue', 202, { status: 'success', dedup_key: 'db01/disk' }, seen);
    answer(EVENTS, 'POST', '/v2/change/enqueue', 202, { status: 'success', id: 'CE1' }, seen);
    answer(EVENTS, 'POST', '/v2/change/enqueue', 202, { status: 'success', id: 'CE2' }, seen);
    return (printed) => {
      const bodies = seen.map((s) => s.body as Record<string, unknown>);
      const trigger = {
        event_action: 'trigger',
        dedup_key: 'db01/disk',
        routing_key: 'R0UTINGKEY00000000000000000000ab',
      };
      const payload = { summary: 'Disk full', source: 'db01', severity: 'error', custom_details: { free: '1%' } };
      expect(bodies[0]).toEqual({ ...trigger, payload });
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual({
        event_action: 'acknowledge',
        dedup_key: 'db01/disk',
        routing_key: trigger.routing_key,
      });
      expect(bodies[3]).toMatchObject({
        payload: { summary: 'Deployed v1.4.2', source: 'ci' },
        links: [{ href: 'https://ci.example.com/42' }],
      });
      expect(bodies[4]).toEqual({
        payload: { summary: 'Deployed', source: 'airflow' },
        routing_key: trigger.routing_key,
      });
      expect(printed).toEqual(['db01/disk']);
    };
  },
};

describe('MIGRATION.md: from pdpyras to pagerduty-client/legacy', () => {
  it('has its TypeScript blocks, each named for a case of this test', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(7);
    expect(snippets.filter((snippet) => !(snippet.name in CASES)).map((snippet) => `line ${snippet.line}`)).toEqual([]);
  });

  it('type-checks every translated form against the library', () => {
    expect(typeCheck(root, snippets)).toEqual([]);
  }, 60_000);

  it('would report a snippet that uses the library wrongly (the check can fail)', () => {
    const wrong: Snippet = {
      name: 'wrong',
      line: 1,
      code: "import { APISession } from 'pagerduty-client/legacy';\nconst n: number = new APISession('k').compat;\n",
    };
    expect(typeCheck(root, [wrong])).toEqual([
      expect.stringMatching(/^wrong:3: Type '.*' is not assignable to type 'number'/),
    ]);
  }, 60_000);

  it.each(snippets.map((snippet): [string, Snippet] => [snippet.name, snippet]))('runs %s', async (name, snippet) => {
    const verify = CASES[name]();
    const printed = await runSnippet(snippet, MODULES);
    verify(printed);
    expect(nock.pendingMocks()).toEqual([]);
  });
});
