/**
 * What the description declares of a request, honoured: the early-access header on exactly
 * the operations that declare it (a caller's header of that name wins), and the query
 * parameters declared in another style than `name[]`, as exact query strings. The legacy
 * sessions keep the predecessor's rule.
 */
import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import type { RequestInit } from 'node-fetch';
import { deriveRestOperations } from '../../../../scripts/generate/rest-facts.mjs';
import { descriptionContext, PROJECT_ROOT } from '../../../../scripts/generate/index.mjs';
import { withDeclaredHeaders } from '../../../../src/core/rest/endpoints/declared-requirements.js';
import type { RestApiV2ClientOptions } from '../../../../src/core/rest/rest-client-options.js';
import { EARLY_ACCESS_HEADERS } from '../../../../src/generated/rest-tables/early-access-headers.js';
import { concretePath } from '../../../helpers/description-agreement.js';
import { makeClient } from '../../../helpers/test-kit.js';

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

describe('the early-access header', () => {
  const operations = deriveRestOperations(descriptionContext(PROJECT_ROOT).readDescription('rest') as object);

  it('is sent on exactly the six /ip_allow_lists operations the description marks, with the declared value', async () => {
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
    expect(sent.map((request) => earlyAccess(request.headers))).toEqual([['X-EARLY-ACCESS: ip-allow-lists'], ['X-EARLY-ACCESS: ip-allow-lists']]);
  });

  it("gives way to the caller's header of that name, per request or in the client's headers, in any case", async () => {
    const { client, sent } = recordingClient({ headers: { 'x-early-access': 'from-client' } });
    await client.request('GET', '/ip_allow_lists');
    await client.request('GET', '/ip_allow_lists', { headers: { 'X-Early-Access': 'from-request' } });
    client.close();
    expect(sent.map((request) => earlyAccess(request.headers))).toEqual([['x-early-access: from-client'], ['X-Early-Access: from-request']]);
    const other = recordingClient();
    await other.client.request('PUT', '/ip_allow_lists/P1', { headers: { 'x-early-access': 'mine' } });
    other.client.close();
    expect(earlyAccess(other.sent[0].headers)).toEqual(['x-early-access: mine']);
  });

  it('is not sent under a policy without declared requirements (the legacy sessions)', async () => {
    const { client, sent } = recordingClient({ policy: { declaredRequirements: false } });
    await client.request('GET', '/ip_allow_lists');
    client.close();
    expect(earlyAccess(sent[0].headers)).toEqual([]);
  });

  it('withDeclaredHeaders adds only what neither the client nor the request names', () => {
    const declared = { 'X-EARLY-ACCESS': 'ip-allow-lists' };
    expect(withDeclaredHeaders(declared, {}, { From: 'a@example.com' })).toEqual({ 'X-EARLY-ACCESS': 'ip-allow-lists', From: 'a@example.com' });
    expect(withDeclaredHeaders(declared, { 'X-Early-Access': 'x' }, undefined)).toBeUndefined();
    expect(withDeclaredHeaders(declared, undefined, { 'x-early-access': 'y' })).toBeUndefined();
  });
});
