// Issue 38, point 2, in the legacy sessions: an id with a character the URL parser would drop
// is refused with the release's URL error class before any request; an ordinary id is sent as before.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { PDClientError, URLError } from '../../src/legacy/errors.js';
import type { APISession } from '../../src/legacy/api-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, makeSession } from './helpers.js';

let seen: string[];
beforeEach(() => {
  seen = [];
  nock.disableNetConnect();
  const scope = nock(BASE).persist();
  for (const method of ['GET', 'DELETE']) {
    scope.intercept(/.*/, method).reply(function reply() {
      seen.push(`${method} ${this.req.path}`);
      return method === 'DELETE' ? [204] : [200, { user: { id: 'PAB', type: 'user' } }];
    });
  }
});
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

type Call = (session: APISession, path: string) => Promise<unknown>;
const calls: Record<string, Call> = {
  rget: (session, path) => session.rget(path),
  rdelete: (session, path) => session.rdelete(path),
  jget: (session, path) => session.jget(path),
  get: (session, path) => session.get(path),
};
const cases = Object.keys(calls).flatMap((name) => ['P\tAB', 'P\nAB', 'PAB\n'].map((id) => [name, id] as const));

const releases: [PdpyrasVersion, new (...args: never[]) => Error][] = [
  ['5.4.1', URLError],
  ['4.3.0', PDClientError],
];

describe.each(releases)('APISession (compat %s)', (compat, errorClass) => {
  it.each(cases)(`%s refuses users/%j with ${errorClass.name}, sending nothing`, async (name, id) => {
    const session = makeSession(compat);
    const error = await calls[name](session, `users/${id}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message).toMatch(/contains the control character U\+000[9A]/);
    expect(seen).toEqual([]);
  });

  it.each(Object.keys(calls))('%s sends an ordinary id as before', async (name) => {
    await calls[name](makeSession(compat), 'users/PAB');
    expect(seen).toEqual([`${name === 'rdelete' ? 'DELETE' : 'GET'} /users/PAB`]);
  });
});
