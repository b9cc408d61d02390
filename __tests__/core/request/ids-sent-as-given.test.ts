// Issue 38, point 2: an id placed in a path reaches the server exactly as given, or the call
// throws UrlError before any request. The URL parser drops tabs and newlines, trims the ends
// and rewrites lone surrogates, so `users/P\tAB` once reached `/users/PAB`.
import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { UrlError } from '../../../src/core/errors/error-classes.js';
import type { FetchLike } from '../../../src/core/transport/transport.js';
import { BASE, makeClient } from '../../helpers/test-kit.js';

/** A fetch that records each URL requested and answers 200 with a user (204 to a DELETE). */
function recordingFetch(): { urls: string[]; fetch: FetchLike } {
  const urls: string[] = [];
  const fetch = async (url: string, init: { method?: string }) => {
    urls.push(url);
    const body = init.method === 'DELETE' ? null : JSON.stringify({ user: { id: 'PAB', type: 'user' } });
    const status = init.method === 'DELETE' ? 204 : 200;
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
  return { urls, fetch: fetch as unknown as FetchLike };
}

const recorder = recordingFetch();
const client = makeClient({ fetch: recorder.fetch });
afterAll(() => client.close());

type Call = (path: string) => Promise<unknown>;
const calls: Record<string, Call> = {
  get: (path) => client.get(path),
  rget: (path) => client.rget(path),
  rput: (path) => client.rput(path, { json: { user: { name: 'x' } } }),
  rdelete: (path) => client.rdelete(path),
  jget: (path) => client.jget(path),
};

/** What a call did: the URLs it requested, or the error it threw. */
async function outcome(call: () => Promise<unknown>): Promise<{ urls: string[]; error?: unknown }> {
  const before = recorder.urls.length;
  try {
    await call();
    return { urls: recorder.urls.slice(before) };
  } catch (error) {
    return { urls: recorder.urls.slice(before), error };
  }
}

/** The last path segment of a requested URL, decoded. */
function lastSegment(url: string): string {
  const { pathname } = new URL(url);
  return decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** Either `segment` arrived decoded as given in the one request, or UrlError came before any request. */
function expectAsGivenOrRefused(result: { urls: string[]; error?: unknown }, segment: string, prefix: string): void {
  if (result.error !== undefined) {
    expect(result.error).toBeInstanceOf(UrlError);
    expect(result.urls).toEqual([]);
    return;
  }
  expect(result.urls).toHaveLength(1);
  const { pathname } = new URL(result.urls[0]);
  expect(pathname.startsWith(prefix)).toBe(true);
  expect(pathname.slice(prefix.length)).not.toContain('/');
  expect(lastSegment(result.urls[0])).toBe(segment);
}

// Any UTF-16 code units (lone surrogates included), plus strings made mostly of the characters
// the URL parser treats specially, so that they come up in every run.
const tricky = fc.constantFrom('\t', '\n', '\r', '\u0000', '\u001f', '\u007f', ' ', '.', '\\', '\ud800', '\udc00', 'é');
const anyId = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.oneof(tricky, fc.constantFrom('P', 'A', 'B', '1')), maxLength: 8 }),
);
// Written into a path by hand, `/`, `?`, `#` and `%` are URL syntax, not part of an id.
const handWrittenId = anyId.filter((id) => id !== '' && !/[/?#%]/.test(id));

describe('an id written into a path reaches the server as given, or UrlError comes before any request', () => {
  it.each(Object.keys(calls))('%s(`users/${id}`) for random ids', async (name) => {
    await fc.assert(
      fc.asyncProperty(handWrittenId, async (id) => {
        expectAsGivenOrRefused(await outcome(() => calls[name](`users/${id}`)), id, '/users/');
      }),
      { numRuns: 150 },
    );
  });

  it('get(`${baseUrl}/users/${id}`), a full URL, for random ids', async () => {
    await fc.assert(
      fc.asyncProperty(handWrittenId, async (id) => {
        expectAsGivenOrRefused(await outcome(() => client.get(`${BASE}/users/${id}`)), id, '/users/');
      }),
      { numRuns: 150 },
    );
  });

  it('an id the client encodes itself (accountHasAbility) for any string', async () => {
    await fc.assert(
      fc.asyncProperty(anyId, async (id) => {
        expectAsGivenOrRefused(await outcome(() => client.accountHasAbility(id)), id, '/abilities/');
      }),
      { numRuns: 300 },
    );
  });
});

describe('the ids of issue 38 never reach /users/PAB', () => {
  const ids = ['P\tAB', 'P\nAB', 'PAB\n'];
  const cases = Object.keys(calls).flatMap((name) => ids.map((id) => [name, id] as const));

  it.each(cases)('%s refuses users/%j with UrlError, sending nothing', async (name, id) => {
    const result = await outcome(() => calls[name](`users/${id}`));
    expect(result.error).toBeInstanceOf(UrlError);
    expect((result.error as Error).message).toMatch(/contains the control character U\+000[9A]/);
    expect(result.urls).toEqual([]);
  });

  it('sends a trailing space instead of trimming it', async () => {
    const result = await outcome(() => client.get('users/PAB '));
    expect(result.urls).toEqual([`${BASE}/users/PAB%20`]);
  });
});
