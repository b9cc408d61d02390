import { seams } from '../../helpers/test-kit.js';
/**
 * Bad input against a loopback server under a base path: every case gets its clear error
 * and the server records that nothing arrived. Inputs are deep-frozen.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, RestApiV2Client, ScimApiClient, tokenAuth, UrlError } from '../../../src/index.js';
import { APISession } from '../../../src/legacy/api-session.js';
import { URLError } from '../../../src/legacy/errors.js';
import { ok, startLoopback, type LoopbackServer } from '../../helpers/loopback.js';
import { deepFreeze, instantSleep } from '../../helpers/test-kit.js';

let server: LoopbackServer;
let base: string;

beforeAll(async () => {
  server = await startLoopback([ok({ users: [], total: 0, more: false, limit: 25, offset: 0 })]);
  base = `${server.url}/pfx`;
});
afterAll(() => server.close());

interface Case {
  readonly name: string;
  readonly run: (client: RestApiV2Client) => Promise<unknown>;
  /** The error class (core; the legacy session raises its own for UrlError cases). */
  readonly error: 'url' | 'type';
  /** The method is not in the legacy session API (which refuses it with a TypeError of its own). */
  readonly coreOnly?: boolean;
}

const cases: readonly Case[] = [
  { name: "jget('../x')", run: (c) => c.jget('../x'), error: 'url' },
  { name: "jget('%2e%2e/x')", run: (c) => c.jget('%2e%2e/x'), error: 'url' },
  { name: 'get(base + "/../x")', run: (c) => c.get(`${base}/../x`), error: 'url' },
  { name: 'rget({ self: base + "/../x" })', run: (c) => c.rget(deepFreeze({ self: `${base}/../x` })), error: 'url' },
  { name: "getTotal('../x')", run: (c) => c.getTotal('../x'), error: 'url', coreOnly: true },
  { name: 'rget with backslashes', run: (c) => c.rget('users/x\\..\\..\\..\\escape'), error: 'url' },
  { name: "rget('users/./contact_methods')", run: (c) => c.rget('users/./contact_methods'), error: 'url' },
  { name: "rget('users/.')", run: (c) => c.rget('users/.'), error: 'url' },
  { name: "accountHasAbility('..')", run: (c) => c.accountHasAbility('..'), error: 'url' },
  { name: "accountHasAbility('.')", run: (c) => c.accountHasAbility('.'), error: 'url' },
  { name: "accountHasAbility('')", run: (c) => c.accountHasAbility(''), error: 'url' },
  { name: 'accountHasAbility(null)', run: (c) => c.accountHasAbility(null as never), error: 'type' },
  { name: 'accountHasAbility([])', run: (c) => c.accountHasAbility(deepFreeze([]) as never), error: 'type' },
  {
    name: "iterIncidentNotes({ incidentId: '..' })",
    run: (c) => c.iterIncidentNotes(deepFreeze({ incidentId: '..' })).next(),
    error: 'url',
    coreOnly: true,
  },
  {
    name: 'params with an object and a function',
    run: (c) => c.jget('users', { params: deepFreeze({ filter: { a: 1 }, f: () => 1 }) as never }),
    error: 'type',
  },
  { name: 'params with a symbol', run: (c) => c.jget('users', { params: { s: Symbol('s') } as never }), error: 'type' },
  {
    name: 'params with a null list item',
    run: (c) => c.jget('users', { params: deepFreeze({ ids: ['P1', null] }) as never }),
    error: 'type',
  },
  { name: "find('users', {})", run: (c) => c.find('users', deepFreeze({}) as never), error: 'type' },
  {
    name: "persist('users', 'email', { email: {} })",
    run: (c) => c.persist('users', 'email', deepFreeze({ email: {} })),
    error: 'type',
  },
  {
    name: 'iterAlertGroupingSettings({ serviceIds: [null, {}] })',
    run: (c) => c.iterAlertGroupingSettings(deepFreeze({ serviceIds: [null, {}] }) as never).next(),
    error: 'type',
    coreOnly: true,
  },
];

type Subject = [string, (url: string) => RestApiV2Client, typeof UrlError | typeof URLError, readonly Case[]];
describe.each<Subject>([
  [
    'RestApiV2Client',
    (url: string) => new RestApiV2Client('k', { baseUrl: url, ...seams({ sleep: instantSleep }) }),
    UrlError,
    cases,
  ],
  [
    'APISession (compat 5.x)',
    (url: string) => new APISession('k', { baseUrl: url, sleep: instantSleep }),
    URLError,
    cases.filter((c) => !c.coreOnly),
  ],
])('%s under a base path', (_name, make, UrlClass, table) => {
  it.each(table)('$name: a clear error and nothing sent', async ({ run, error }) => {
    const before = server.requests.length;
    const client = make(base);
    const failure = await run(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    client.close();
    expect(failure).toBeInstanceOf(error === 'url' ? UrlClass : TypeError);
    expect(server.requests.length).toBe(before);
  });
});

describe('the SCIM credential stays under /scim/v2', () => {
  it("get('../../users') is a UrlError and nothing is sent", async () => {
    const before = server.requests.length;
    await using scim = new ScimApiClient('k', { baseUrl: `${server.url}/scim/v2`, ...seams({ sleep: instantSleep }) });
    await expect(scim.get('../../users')).rejects.toBeInstanceOf(UrlError);
    expect(server.requests.length).toBe(before);
  });
});

describe('well-formed input under a base path is sent where it belongs', () => {
  it('dates, numbers, booleans and lists are sent; null and undefined are left out', async () => {
    const before = server.requests.length;
    await using client = new ApiClient(tokenAuth('k'), { baseUrl: base });
    const params = deepFreeze({
      since: new Date('2026-01-01T00:00:00Z'),
      limit: 5,
      total: true,
      ids: ['A', 'B'],
      none: null,
    });
    await client.get('users', { params });
    expect(server.requests.length).toBe(before + 1);
    expect(server.requests.at(-1)?.url).toBe(
      '/pfx/users?since=2026-01-01T00%3A00%3A00.000Z&limit=5&total=true&ids=A&ids=B',
    );
  });

  it("an id is one encoded segment: accountHasAbility('P\\\\AB')", async () => {
    await using client = new RestApiV2Client('k', { baseUrl: base });
    await client.accountHasAbility('P\\AB');
    expect(server.requests.at(-1)?.url).toBe('/pfx/abilities/P%5CAB');
  });
});
