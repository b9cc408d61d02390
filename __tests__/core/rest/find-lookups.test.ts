/**
 * `find` as a name-to-id lookup, against a loopback index of three pages that counts the
 * pages it serves: the first match ends the reading, `unique` reads on to a second match
 * (and no further), `exact` makes case count, and no match reads every page.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AmbiguousMatchError } from '../../../src/core/errors/error-classes.js';
import { startLoopback, type LoopbackServer } from '../../helpers/loopback.js';
import { makeClient } from '../../helpers/test-kit.js';

type Service = { id: string; name: string };

const PAGE_SIZE = 2;
const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Serves `items` as a classic index of `PAGE_SIZE` per page; `queries` records each page's query. */
async function serveIndex(items: Service[]): Promise<{ server: LoopbackServer; queries: URLSearchParams[] }> {
  const queries: URLSearchParams[] = [];
  const page = (req: IncomingMessage, res: ServerResponse): void => {
    const query = new URL(req.url ?? '/', 'http://loopback').searchParams;
    queries.push(query);
    const offset = Number(query.get('offset'));
    const services = items.slice(offset, offset + PAGE_SIZE);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ services, offset, limit: PAGE_SIZE, more: offset + PAGE_SIZE < items.length }));
  };
  const server = await startLoopback([page]);
  servers.push(server);
  return { server, queries };
}

// Three pages: [S1 S2] [S3 S4] [S5 S6].
const SERVICES: Service[] = [
  { id: 'S1', name: 'Checkout' },
  { id: 'S2', name: 'Billing' },
  { id: 'S3', name: 'checkout' },
  { id: 'S4', name: 'Search' },
  { id: 'S5', name: 'CHECKOUT' },
  { id: 'S6', name: 'Ledger' },
];

interface Outcome {
  value?: unknown;
  error?: unknown;
  /** Index pages the server answered. */
  pagesRead: number;
  queries: URLSearchParams[];
}

async function find(
  items: Service[],
  value: string,
  options: { exact?: boolean; unique?: boolean } = {},
): Promise<Outcome> {
  const { server, queries } = await serveIndex(items);
  await using client = makeClient({ baseUrl: server.url });
  const outcome = client.find('/services', value, { params: { limit: PAGE_SIZE }, ...options });
  const result = await outcome.then(
    (found): Partial<Outcome> => ({ value: found }),
    (error: unknown): Partial<Outcome> => ({ error }),
  );
  return { ...result, pagesRead: queries.length, queries };
}

describe('find stops reading once the answer is certain', () => {
  it('returns the match on page 1 of 3 after reading one page, sending the search as query', async () => {
    const { value, pagesRead, queries } = await find(SERVICES, 'CHECKOUT');
    expect(value).toEqual({ id: 'S1', name: 'Checkout' });
    expect(pagesRead).toBe(1);
    expect(queries[0].get('query')).toBe('CHECKOUT');
  });

  it('reads to the page of the first match and no further', async () => {
    const { value, pagesRead } = await find(SERVICES, 'search');
    expect(value).toEqual({ id: 'S4', name: 'Search' });
    expect(pagesRead).toBe(2);
  });

  it('returns null after reading every page when nothing matches', async () => {
    const { value, pagesRead } = await find(SERVICES, 'Payments');
    expect(value).toBeNull();
    expect(pagesRead).toBe(3);
  });
});

describe('exact', () => {
  it('compares case-sensitively: the exact spelling on page 3 is found, the others skipped', async () => {
    const { value, pagesRead } = await find(SERVICES, 'CHECKOUT', { exact: true });
    expect(value).toEqual({ id: 'S5', name: 'CHECKOUT' });
    expect(pagesRead).toBe(3);
  });

  it('finds nothing when only other spellings exist', async () => {
    const { value, pagesRead } = await find(SERVICES, 'checkOut', { exact: true });
    expect(value).toBeNull();
    expect(pagesRead).toBe(3);
  });
});

describe('unique', () => {
  it('with two matches on different pages, stops at the page of the second and names both', async () => {
    const { error, pagesRead } = await find(SERVICES, 'checkout', { unique: true });
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    const ambiguous = error as AmbiguousMatchError;
    expect(ambiguous.matches).toEqual([
      { id: 'S1', value: 'Checkout' },
      { id: 'S3', value: 'checkout' },
    ]);
    expect(ambiguous.message).toBe(
      'find /services: 2 items have name "checkout" (ignoring case), expected one: ' +
        'S1 (name "Checkout"), S3 (name "checkout")',
    );
    expect([ambiguous.url, ambiguous.attribute, ambiguous.value]).toEqual(['/services', 'name', 'checkout']);
    expect(pagesRead).toBe(2);
  });

  it('names every match of the page where the second one is found', async () => {
    const crowded = [
      { id: 'S1', name: 'Ops' },
      { id: 'S2', name: 'x' },
      { id: 'S3', name: 'ops' },
      { id: 'S4', name: 'OPS' },
      { id: 'S5', name: 'Ops' },
    ];
    const { error, pagesRead } = await find(crowded, 'ops', { unique: true });
    expect((error as AmbiguousMatchError).matches.map((match) => match.id)).toEqual(['S1', 'S3', 'S4']);
    expect(pagesRead).toBe(2);
  });

  it('returns the single match after reading every page (a later page could hold a second)', async () => {
    const { value, pagesRead } = await find(SERVICES, 'Ledger', { unique: true });
    expect(value).toEqual({ id: 'S6', name: 'Ledger' });
    expect(pagesRead).toBe(3);
  });

  it('with exact, counts only the exact spellings: one match is no ambiguity', async () => {
    const { value, pagesRead } = await find(SERVICES, 'checkout', { exact: true, unique: true });
    expect(value).toEqual({ id: 'S3', name: 'checkout' });
    expect(pagesRead).toBe(3);
  });

  it('says "exactly" in the message of an exact search', async () => {
    const twins = [
      { id: 'S1', name: 'Ops' },
      { id: 'S2', name: 'Ops' },
    ];
    const { error, pagesRead } = await find(twins, 'Ops', { exact: true, unique: true });
    expect((error as Error).message).toBe(
      'find /services: 2 items have name "Ops" exactly, expected one: S1 (name "Ops"), S2 (name "Ops")',
    );
    expect(pagesRead).toBe(1);
  });

  it('returns null when nothing matches', async () => {
    const { value, pagesRead } = await find(SERVICES, 'Payments', { unique: true });
    expect(value).toBeNull();
    expect(pagesRead).toBe(3);
  });
});
