// Calls one operation of an official description through a client's natural method
// (rget/rpost/rput/rpatch/rdelete, and listAll for an index) against an in-memory fake that
// answers from the description's schemas, and says what disagrees with the description.
// Shared by the REST and integration agreement tests (not a test file itself).
import { Response } from 'node-fetch';
import type { RequestInit } from 'node-fetch';
import {
  jsonRequestBody,
  objectView,
  successResponses,
  holdsEntity,
  operationsOf,
} from '../../scripts/generate/openapi-schema.js';
import type { OperationFacts } from '../../scripts/generate/operation-facts.js';
import type { RestApiV2BaseClient } from '../../src/core/rest/rest-api-v2-base-client.js';
import { sampleOf, topLevelProblems } from './openapi-sample.js';

/** One request the fake received. */
export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly body: unknown;
}

/** What the fake answers. */
export interface FakeReply {
  readonly status: number;
  readonly body?: unknown;
}

/** A `fetch` that records each request and answers with the current handler. */
export class FakeApi {
  readonly seen: SeenRequest[] = [];
  handler: (request: SeenRequest) => FakeReply = () => ({ status: 500 });

  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const request = {
      method: String(init.method),
      url: new URL(url),
      body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    };
    this.seen.push(request);
    const reply = this.handler(request);
    const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'content-type': 'application/json' } });
  };

  /** Forgets what was seen and answers with `handler` from now on. */
  reset(handler: (request: SeenRequest) => FakeReply): void {
    this.seen.length = 0;
    this.handler = handler;
  }
}

/** A concrete path for a canonical one: each placeholder becomes an id such as `PID1`. */
export function concretePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => `P${name.replace(/[^a-z]/gi, '').toUpperCase()}1`);
}

/** The paths the client knows an operation under (its variants, or its own path). */
export function clientPaths(
  operation: OperationFacts,
): { path: string; responseWrapper: string | null; listKey: string | null }[] {
  return (
    operation.variants ?? [
      { path: operation.path, responseWrapper: operation.responseWrapper, listKey: operation.listKey },
    ]
  );
}

/**
 * What a user passes to the natural method as `json`: the entity when the request body is
 * an entity under one key (the description's wrapper), the whole body otherwise.
 */
export function naturalInput(extract: object, schema: unknown): unknown {
  const view = objectView(extract, schema);
  const names = Object.keys(view.properties);
  if (names.length === 1 && !view.alternatives && holdsEntity(extract, view.properties[names[0]])) {
    return sampleOf(extract, view.properties[names[0]]);
  }
  return sampleOf(extract, schema);
}

/** The raw OpenAPI operation for a method and described path. */
export function rawOperation(extract: object, method: string, describedPath: string): Record<string, unknown> {
  const found = operationsOf(extract).find((entry) => entry.method === method && entry.path === describedPath);
  if (!found) throw new Error(`no ${method} ${describedPath} in the extract`);
  return found.operation;
}

/**
 * Everything about one operation that disagrees with the description (empty: it agrees):
 * the canonical path of its concrete URL is its own; the body the natural method sends
 * passes the request schema; the natural method reads an answer built from the response
 * schema (its wrapper is there); an index is paged in its declared style with its list
 * key and never asked for more than its maximum page size.
 */
export async function disagreements(
  client: RestApiV2BaseClient,
  fake: FakeApi,
  extract: object,
  operation: OperationFacts & { describedPath?: string },
): Promise<string[]> {
  const raw = rawOperation(extract, operation.method, operation.describedPath ?? operation.path);
  const problems: string[] = [];
  for (const known of clientPaths(operation)) {
    const url = concretePath(known.path);
    let canonical: string;
    try {
      canonical = client.canonicalPath(url);
    } catch (error) {
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (canonical !== known.path) problems.push(`${url} resolves to ${canonical}, not ${known.path}`);
    problems.push(...(await exchangeProblems(client, fake, extract, operation, raw, url, known.responseWrapper)));
    if (known.listKey !== null && operation.pagination !== 'specialised') {
      problems.push(...(await pagingProblems(client, fake, operation, url, known.listKey)));
    }
  }
  return problems;
}

async function exchangeProblems(
  client: RestApiV2BaseClient,
  fake: FakeApi,
  extract: object,
  operation: OperationFacts,
  raw: Record<string, unknown>,
  url: string,
  responseWrapper: string | null,
): Promise<string[]> {
  const problems: string[] = [];
  const body = jsonRequestBody(extract, raw);
  const success = successResponses(extract, raw);
  const answered = success.find((response) => response.schema !== null) ?? success[0];
  const sample = answered?.schema ? sampleOf(extract, answered.schema) : undefined;
  fake.reset(() => ({ status: Number(answered?.status ?? 200), body: sample }));
  const init = body && operation.method !== 'GET' ? { json: naturalInput(extract, body.schema) } : {};
  if (body?.required && operation.method === 'GET') problems.push('a GET with a required body cannot be sent');
  let result: unknown;
  try {
    result = await call(client, operation.method, url, init);
  } catch (error) {
    return [`${operation.method} ${url} failed: ${(error as Error).message}`];
  }
  const sent = fake.seen[0];
  if (!sent) return [`${operation.method} ${url} sent nothing`];
  if (body && operation.method !== 'GET') {
    problems.push(...topLevelProblems(extract, body.schema, sent.body).map((problem) => `request body: ${problem}`));
  }
  if (operation.method !== 'DELETE' && sample !== undefined) {
    const expected = responseWrapper === null ? sample : (sample as Record<string, unknown>)[responseWrapper];
    if (JSON.stringify(result) !== JSON.stringify(expected))
      problems.push(`the result is not the ${responseWrapper ?? 'whole body'} of the answer`);
    if (responseWrapper !== null && (typeof expected !== 'object' || expected === null))
      problems.push(`the wrapper ${responseWrapper} holds no entity`);
  }
  return problems;
}

function call(client: RestApiV2BaseClient, method: string, url: string, init: { json?: unknown }): Promise<unknown> {
  switch (method) {
    case 'GET':
      return client.rget(url);
    case 'POST':
      return client.rpost(url, init);
    case 'PUT':
      return client.rput(url, init);
    case 'PATCH':
      return client.rpatch(url, init);
    default:
      return client.rdelete(url, init);
  }
}

/**
 * Pages the index through `listAll` against a fake serving it in its declared style, with a
 * page size above its maximum (where it has one) to show the maximum is kept.
 */
async function pagingProblems(
  client: RestApiV2BaseClient,
  fake: FakeApi,
  operation: OperationFacts,
  url: string,
  listKey: string,
): Promise<string[]> {
  const max = operation.maxPageSize;
  const pageSize = max === null ? 5 : max + 1;
  const size = max === null ? 5 : max;
  const items = Array.from({ length: operation.pagination === 'none' ? 3 : 2 * size + 1 }, (_, i) => ({ id: `I${i}` }));
  const problems: string[] = [];
  fake.reset((request) => {
    const query = request.url.searchParams;
    const limit = Number(query.get('limit') ?? size);
    if (operation.pagination === 'cursor') {
      const page = Number((query.get('cursor') ?? 'c0').slice(1));
      const slice = items.slice(page * limit, (page + 1) * limit);
      const next = (page + 1) * limit < items.length ? `c${page + 1}` : null;
      return { status: 200, body: { [listKey]: slice, next_cursor: next, limit } };
    }
    if (operation.pagination === 'none') return { status: 200, body: { [listKey]: items } };
    const offset = Number(query.get('offset') ?? 0);
    const slice = items.slice(offset, offset + limit);
    const more = operation.moreField ? { more: offset + slice.length < items.length } : {};
    return { status: 200, body: { [listKey]: slice, limit, offset, ...more } };
  });
  let listed: unknown[];
  try {
    listed = await client.listAll(url, {}, { pageSize });
  } catch (error) {
    return [`listAll(${url}) failed: ${(error as Error).message}`];
  }
  if (JSON.stringify(listed) !== JSON.stringify(items))
    problems.push(`listAll(${url}) read ${listed.length} of ${items.length} items`);
  const queries = fake.seen.map((request) => request.url.searchParams);
  const limits = queries.map((query) => query.get('limit'));
  if (max !== null && limits.some((limit) => limit !== null && Number(limit) > max))
    problems.push(`a limit above ${max} was sent: ${limits.join(', ')}`);
  if (operation.pagination === 'none' && queries.length !== 1)
    problems.push(`an index answered whole was asked ${queries.length} times`);
  if (operation.pagination === 'none' && !operation.limitParam && limits.some((limit) => limit !== null))
    problems.push('limit sent to an index that takes none');
  if (operation.pagination === 'cursor' && queries.slice(1).some((query) => !query.has('cursor')))
    problems.push('a later page was asked without its cursor');
  if (operation.pagination === 'classic' && queries.some((query) => !query.has('offset')))
    problems.push('a classic page was asked without offset');
  return problems;
}
