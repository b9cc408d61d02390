/**
 * What the description declares of a request, honoured: the early-access header on exactly
 * the operations that declare it (a caller's header of that name wins), and the query
 * parameters declared in another style than `name[]`, as exact query strings. The legacy
 * sessions keep the predecessor's rule.
 */
import { seams, makeClient, deepFreeze } from '../../../helpers/test-kit.js';
import { describe, expect, it } from '@jest/globals';
import { Response, type RequestInit } from 'node-fetch';
import { deriveRestOperations } from '../../../../scripts/generate/rest-facts.js';
import { descriptionContext, PROJECT_ROOT } from '../../../../scripts/generate/index.js';
import { styledParams, restQueryParams } from '../../../../src/core/rest/endpoints/declared-requirements.js';
import type { RestApiV2ClientOptions } from '../../../../src/core/rest/rest-options.js';
import { EARLY_ACCESS_HEADERS } from '../../../../src/generated/rest-tables/early-access-headers.js';
import { APISession } from '../../../../src/legacy/api-session.js';
import { concretePath } from '../../../helpers/description-agreement.js';

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** A client whose fetch records each request and answers 200 with `body`. */
function recordingClient(options: RestApiV2ClientOptions = {}, body: unknown = {}) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ method: String(init.method), url, headers: { ...(init.headers as Record<string, string>) } });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: makeClient({ ...options, fetch: fetch as unknown as RestApiV2ClientOptions['fetch'] }), sent };
}

const earlyAccess = (headers: Record<string, string>) =>
  Object.entries(headers)
    .filter(([name]) => name.toLowerCase() === 'x-early-access')
    .map(([name, value]) => `${name}: ${value}`);

/** The query string of a recorded URL, without the `?`. */
const queryString = (url: string) => new URL(url).search.slice(1);

describe('the early-access header', () => {
  const operations = deriveRestOperations(descriptionContext(PROJECT_ROOT).readDescription('rest') as object);

  it('is sent on just the six /ip_allow_lists operations the description marks, with its declared value', async () => {
    expect(Object.keys(EARLY_ACCESS_HEADERS).sort()).toEqual([
      'DELETE /ip_allow_lists/{id}',
      'GET /ip_allow_lists',
      'GET /ip_allow_lists/{id}',
      'GET /ip_allow_lists/{id}/audit/records',
      'POST /ip_allow_lists',
      'PUT /ip_allow_lists/{id}',
    ]);
    const { client, sent } = recordingClient();
    const withHeader: string[] = [];
    for (const operation of operations) {
      await client.request(operation.method, concretePath(operation.path));
      const headers = sent[sent.length - 1].headers;
      if (earlyAccess(headers).length > 0) {
        expect(earlyAccess(headers)).toEqual(['X-EARLY-ACCESS: ip-allow-lists']);
        withHeader.push(`${operation.method} ${operation.path}`);
      }
    }
    client.close();
    expect(sent).toHaveLength(operations.length);
    expect(withHeader.sort()).toEqual(Object.keys(EARLY_ACCESS_HEADERS).sort());
  });

  it('is sent by the higher-level methods too (rget, iterAll)', async () => {
    const { client, sent } = recordingClient({}, { ip_allow_list: { id: 'P1' }, ip_allow_lists: [], more: false });
    await client.rget('/ip_allow_lists/P1');
    await client.listAll('/ip_allow_lists');
    client.close();
    expect(sent.map((request) => earlyAccess(request.headers))).toEqual([
      ['X-EARLY-ACCESS: ip-allow-lists'],
      ['X-EARLY-ACCESS: ip-allow-lists'],
    ]);
  });

  it("gives way to the caller's header of that name, per request or in the client's headers, in any case", async () => {
    const { client, sent } = recordingClient({ headers: { 'x-early-access': 'from-client' } });
    await client.request('GET', '/ip_allow_lists');
    await client.request('GET', '/ip_allow_lists', { headers: { 'X-Early-Access': 'from-request' } });
    client.close();
    expect(sent.map((request) => earlyAccess(request.headers))).toEqual([
      ['x-early-access: from-client'],
      ['X-Early-Access: from-request'],
    ]);
    const other = recordingClient();
    await other.client.request('PUT', '/ip_allow_lists/P1', { headers: { 'x-early-access': 'mine' } });
    other.client.close();
    expect(earlyAccess(other.sent[0].headers)).toEqual(['x-early-access: mine']);
  });

  it('is not sent under a policy without declared requirements (the legacy sessions)', async () => {
    const { client, sent } = recordingClient({ ...seams({ restPolicy: { declaredRequirements: false } }) });
    await client.request('GET', '/ip_allow_lists');
    client.close();
    expect(earlyAccess(sent[0].headers)).toEqual([]);
  });
});

describe('declared query styles', () => {
  it('sends sort_by of GET /incidents comma-separated under its declared name, other lists as name[]', async () => {
    const { client, sent } = recordingClient({}, { incidents: [], more: false });
    await client.jget('/incidents', { params: { sort_by: ['created_at:desc', 'urgency'], statuses: ['triggered'] } });
    await client.listAll('/incidents', { sort_by: ['created_at:desc', 'urgency'] });
    client.close();
    expect(queryString(sent[0].url)).toBe('sort_by=created_at%3Adesc%2Curgency&statuses%5B%5D=triggered');
    expect(new URL(sent[0].url).searchParams.get('sort_by')).toBe('created_at:desc,urgency');
    expect(queryString(sent[1].url)).toBe('limit=100&sort_by=created_at%3Adesc%2Curgency&offset=0');
  });

  it('sends ids of GET /standards/scores/{resource_type} repeated under its declared name ids', async () => {
    const { client, sent } = recordingClient({}, { resources: [] });
    await client.jget('/standards/scores/technical_services', { params: { ids: ['PS1', 'PS2'] } });
    client.close();
    expect(queryString(sent[0].url)).toBe('ids=PS1&ids=PS2');
  });

  it('keeps name[] for those names where operations declare them otherwise, a caller-bracketed key as is', async () => {
    const { client, sent } = recordingClient();
    await client.request('GET', '/business_services/impactors', { params: { ids: ['P1', 'P2'] } });
    await client.request('GET', '/incidents', { params: { 'sort_by[]': ['created_at'] } });
    await client.request('GET', '/incidents', { params: { sort_by: 'created_at:desc' } });
    client.close();
    expect(sent.map((request) => queryString(request.url))).toEqual([
      'ids%5B%5D=P1&ids%5B%5D=P2',
      'sort_by%5B%5D=created_at',
      'sort_by=created_at%3Adesc',
    ]);
  });

  it('keeps the predecessor rule under a policy without declared requirements and in the legacy sessions', async () => {
    const { client, sent } = recordingClient({ ...seams({ restPolicy: { declaredRequirements: false } }) });
    await client.request('GET', '/incidents', { params: { sort_by: ['created_at:desc', 'urgency'] } });
    client.close();
    expect(queryString(sent[0].url)).toBe('sort_by%5B%5D=created_at%3Adesc&sort_by%5B%5D=urgency');
    const legacySent: string[] = [];
    const legacyHeaders: Record<string, string>[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      legacySent.push(url);
      legacyHeaders.push({ ...(init.headers as Record<string, string>) });
      return new Response('{"incidents":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const session = new APISession('u+legacykey0000wxyz', {
      fetch: fetch as unknown as RestApiV2ClientOptions['fetch'],
    });
    await session.jget('/incidents', { params: { sort_by: ['created_at:desc', 'urgency'] } });
    await session.jget('/ip_allow_lists');
    session.close();
    expect(queryString(legacySent[0])).toBe('sort_by%5B%5D=created_at%3Adesc&sort_by%5B%5D=urgency');
    expect(legacyHeaders.map(earlyAccess)).toEqual([[], []]);
  });

  it('styledParams joins explode-false lists, marks explode-true names bare, leaves other keys and input alone', () => {
    const params = Object.freeze({ sort_by: ['a', 'b'], ids: ['1'], other: ['x'] });
    const { params: out, bare } = styledParams(params, {
      sort_by: { style: 'form', explode: false },
      ids: { style: 'form', explode: true },
    });
    expect(out).toEqual({ sort_by: 'a,b', ids: ['1'], other: ['x'] });
    expect([...bare]).toEqual(['ids']);
    expect(params.sort_by).toEqual(['a', 'b']);
  });
});

describe('restQueryParams', () => {
  it('appends [] to list keys that lack it and keeps keys that have it', () => {
    const params = deepFreeze({ statuses: ['triggered'], 'team_ids[]': ['T1'], limit: 5 });
    expect(restQueryParams(params, { appendListBrackets: true })).toEqual({
      'statuses[]': ['triggered'],
      'team_ids[]': ['T1'],
      limit: 5,
    });
  });

  it('sends keys unchanged when the policy says so (predecessor before 4.4.0)', () => {
    const params = { statuses: ['triggered'] };
    const sent = restQueryParams(params, { appendListBrackets: false });
    expect(sent).toEqual({ statuses: ['triggered'] });
    expect(sent).not.toBe(params);
  });

  it("sends an operation's declared styles: explode false joined, explode true bare, the rest with []", () => {
    const styles = { sort_by: { style: 'form', explode: false }, ids: { style: 'form', explode: true } } as const;
    const params = deepFreeze({ sort_by: ['created_at:desc', 'urgency'], ids: ['P1', 'P2'], statuses: ['triggered'] });
    expect(restQueryParams(params, { appendListBrackets: true }, styles)).toEqual({
      sort_by: 'created_at:desc,urgency',
      ids: ['P1', 'P2'],
      'statuses[]': ['triggered'],
    });
    expect(restQueryParams(params, { appendListBrackets: false }, styles)).toEqual({
      sort_by: 'created_at:desc,urgency',
      ids: ['P1', 'P2'],
      statuses: ['triggered'],
    });
  });
});
