import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are untyped JSON
type Json = Record<string, any>;

/** Resource families the emulator keeps generically (and one it models: teams), with a body to create each. */
const FAMILIES: {
  name: string;
  paged?: boolean;
  path: (emulator: Emulator) => string;
  wrapper: string;
  list: string;
  body: (n: number) => Json;
  change: Json;
}[] = [
  {
    name: 'business services',
    paged: true,
    path: () => '/business_services',
    wrapper: 'business_service',
    list: 'business_services',
    body: (n) => ({ name: `Checkout ${n}`, description: 'Takes the money' }),
    change: { name: 'Checkout (renamed)' },
  },
  {
    name: 'add-ons',
    paged: true,
    path: () => '/addons',
    wrapper: 'addon',
    list: 'addons',
    body: (n) => ({ type: 'full_page_addon', name: `Status ${n}`, src: `https://example.com/status/${n}` }),
    change: { name: 'Status (renamed)' },
  },
  {
    name: 'contact methods of a user',
    path: (emulator) => `/users/${emulator.state.users.all()[0].id}/contact_methods`,
    wrapper: 'contact_method',
    list: 'contact_methods',
    body: (n) => ({ type: 'email_contact_method', label: `Work ${n}`, address: `work${n}@example.com` }),
    change: { label: 'Home' },
  },
  {
    name: 'teams (modelled, written generically)',
    paged: true,
    path: () => '/teams',
    wrapper: 'team',
    list: 'teams',
    body: (n) => ({ type: 'team', name: `Platform ${n}`, description: 'Keeps the lights on' }),
    change: { name: 'Platform (renamed)' },
  },
];

describe('generic resources over HTTP', () => {
  let emulator: Emulator;
  const send = (method: string, path: string, json?: unknown) =>
    call(emulator, method, path, { key: emulator.keys.account, ...(json === undefined ? {} : { json }) });
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 3, seedIncidents: 2 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it.each(FAMILIES)('keeps $name: create, read back, update, list with paging, delete, then 404', async (family) => {
    const path = family.path(emulator);
    const before = ((await send('GET', `${path}?limit=100`)).body as Json)[family.list].length as number;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await send('POST', path, { [family.wrapper]: family.body(n) });
      expect(created.status).toBeLessThan(300);
      const record = (created.body as Json)[family.wrapper];
      // The answer's schema decides the type (`POST /addons` answers an `addon_reference`).
      expect(record).toMatchObject({ ...family.body(n), id: expect.any(String), type: expect.any(String) });
      ids.push(record.id);
    }
    const read = await send('GET', `${path}/${ids[1]}`);
    expect(read).toMatchObject({
      status: 200,
      body: { [family.wrapper]: { ...family.body(2), id: ids[1], type: expect.any(String) } },
    });

    const changed = { ...family.body(2), ...family.change };
    const updated = await send('PUT', `${path}/${ids[1]}`, { [family.wrapper]: changed });
    expect(updated).toMatchObject({ status: 200, body: { [family.wrapper]: { id: ids[1], ...family.change } } });
    expect((await send('GET', `${path}/${ids[1]}`)).body).toMatchObject({ [family.wrapper]: family.change });

    const total = before + 3;
    let listed: string[];
    if (family.paged) {
      const first = (await send('GET', `${path}?limit=2&total=true`)).body as Json;
      expect(first).toMatchObject({ limit: 2, offset: 0, more: total > 2, total });
      const rest = (await send('GET', `${path}?limit=100&offset=2`)).body as Json;
      listed = [...first[family.list], ...rest[family.list]].map((item: Json) => item.id);
    } else listed = ((await send('GET', path)).body as Json)[family.list].map((item: Json) => item.id);
    expect(listed).toEqual(expect.arrayContaining(ids));
    expect(listed).toHaveLength(total);

    expect((await send('DELETE', `${path}/${ids[0]}`)).status).toBeLessThan(300);
    expect(await send('GET', `${path}/${ids[0]}`)).toMatchObject({ status: 404, body: { error: { code: 2100 } } });
    expect((await send('PUT', `${path}/${ids[0]}`, { [family.wrapper]: changed })).status).toBe(404);
  });

  it('shows a team written generically to the modelled routes too', async () => {
    const created = (await send('POST', '/teams', { team: { type: 'team', name: 'Search', description: 'Finds' } }))
      .body as Json;
    await send('PUT', `/teams/${created.team.id}`, { team: { type: 'team', name: 'Search (renamed)' } });
    expect(emulator.state.teams.get(created.team.id)).toMatchObject({ name: 'Search (renamed)' });
  });

  it('answers every declared property, null where the schema allows it and nothing was said', async () => {
    const created = (await send('POST', '/business_services', { business_service: { name: 'Bare' } })).body as Json;
    expect(created.business_service).toMatchObject({ name: 'Bare', team: null, self: expect.any(String) });
  });
});

describe('requests the description refuses', () => {
  let emulator: Emulator;
  const send = (method: string, path: string, json?: unknown) =>
    call(emulator, method, path, { key: emulator.keys.account, ...(json === undefined ? {} : { json }) });
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 2, seedIncidents: 1 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('answers 400 in the API error shape for a body of the wrong shape', async () => {
    const reply = await send('POST', '/tags', { tag: { type: 'tag', label: 42 } });
    expect(reply).toMatchObject({
      status: 400,
      body: { error: { message: 'Invalid Input Provided', code: 2001, errors: ['body.tag.label must be a string'] } },
    });
    expect((await send('POST', '/tags', { tag: { type: 'tag' } })).body).toMatchObject({
      error: { errors: ['body.tag.label is required'] },
    });
  });

  it('answers 400 for a query value or a path value outside what the description allows', async () => {
    expect(await send('GET', '/tags?limit=many')).toMatchObject({
      status: 400,
      body: { error: { errors: ['Query parameter limit has an invalid value: many'] } },
    });
    const tag = ((await send('POST', '/tags', { tag: { type: 'tag', label: 'x' } })).body as Json).tag;
    expect((await send('GET', `/tags/${tag.id}/users`)).status).toBe(200);
    expect(await send('GET', `/tags/${tag.id}/planets`)).toMatchObject({
      status: 400,
      body: { error: { errors: ['Path parameter entity_type has an invalid value: planets'] } },
    });
  });
});

describe('routing of described and unknown paths', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 2, seedIncidents: 1 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('serves /incidents/types itself instead of taking "types" for an incident id', async () => {
    const reply = await call(emulator, 'GET', '/incidents/types', { key: emulator.keys.account });
    expect(reply).toMatchObject({ status: 200, body: { incident_types: expect.any(Array) } });
  });

  it('keeps the API 404 for a path the description does not have', async () => {
    const reply = await call(emulator, 'GET', '/no_such_resources', { key: emulator.keys.account });
    expect(reply).toMatchObject({ status: 404, body: { error: { message: 'Not Found', code: 2100 } } });
  });

  it('answers 501 naming an operation it cannot perform', async () => {
    const reply = await call(emulator, 'GET', '/oauth_delegations/revocation_requests/status', {
      key: emulator.keys.account,
    });
    expect(reply.status).toBe(501);
    expect(JSON.stringify(reply.body)).toContain('getOauthDelegationsRevocationRequestsStatus');
  });
});
