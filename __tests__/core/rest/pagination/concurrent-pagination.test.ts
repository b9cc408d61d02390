/**
 * The rules of concurrent pagination, against a loopback server that holds every request
 * until the test answers it: the test decides the order of the answers and sees how many
 * requests are in flight. No timer runs: the client's sleep is injected.
 */
import { describe, expect, it, afterEach, beforeAll } from '@jest/globals';
import { remainingOffsets } from '../../../../src/core/rest/pagination/concurrent-pagination.js';
import { concurrencyOrDefault, MAX_CONCURRENCY } from '../../../../src/core/rest/pagination/limits.js';
import { seams, makeClient as restClient, realSockets, recordingLogger, records } from '../../../helpers/test-kit.js';
import { HttpError, RestApiV2Client, type RestApiV2ClientOptions } from '../../../../src/index.js';
import { startHeldServer, type HeldRequest, type HeldServer } from '../../../helpers/held-server.js';

describe('concurrencyOrDefault', () => {
  it('is 1 unless given, and keeps a valid value', () => {
    expect(concurrencyOrDefault(undefined)).toBe(1);
    expect(concurrencyOrDefault(8)).toBe(8);
    expect(concurrencyOrDefault(MAX_CONCURRENCY)).toBe(MAX_CONCURRENCY);
  });

  it.each([0, -1, 1.5, MAX_CONCURRENCY + 1, Number.NaN])('refuses %p with a RangeError', (value) => {
    expect(() => concurrencyOrDefault(value)).toThrow(
      new RangeError(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got ${String(value)}`),
    );
  });
});

describe('remainingOffsets', () => {
  it('plans the pages after the first for a known total', () => {
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 350 })).toEqual({
      offsets: [100, 200, 300],
      stoppedAt: null,
    });
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 300 })).toEqual({
      offsets: [100, 200],
      stoppedAt: null,
    });
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 90 })).toEqual({
      offsets: [],
      stoppedAt: null,
    });
  });

  it('starts from the caller offset and moves by what the first page held (a capped limit)', () => {
    expect(remainingOffsets({ firstOffset: 40, step: 25, limit: 100, total: 140 })).toEqual({
      offsets: [65, 90, 115],
      stoppedAt: null,
    });
  });

  it('stops before a request whose offset + limit passes the limit, as sequential pagination does', () => {
    const plan = remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 25_000 });
    expect(plan.offsets).toHaveLength(99);
    expect(plan.offsets.at(-1)).toBe(9900);
    expect(plan.stoppedAt).toBe(10_000);
    expect(remainingOffsets({ firstOffset: 0, step: 30, limit: 50, total: 200, iterationLimit: 100 })).toEqual({
      offsets: [30],
      stoppedAt: 60,
    });
  });

  it('refuses a step that would never end', () => {
    expect(() => remainingOffsets({ firstOffset: 0, step: 0, limit: 100, total: 10 })).toThrow(RangeError);
    expect(() => remainingOffsets({ firstOffset: 0, step: 1.5, limit: 100, total: 10 })).toThrow(RangeError);
  });
});

let server: HeldServer;
const clients: RestApiV2Client[] = [];

beforeAll(realSockets);

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

function makeClient(options: RestApiV2ClientOptions = {}): RestApiV2Client {
  const client = restClient({ baseUrl: server.url, ...options }, 'u+CONCURRENTKEY0000');
  clients.push(client);
  return client;
}

const USERS = records(950);

/** Answers a held /users request with its page (the total when asked). */
function answer(request: HeldRequest, status = 200, headers: Record<string, string> = {}): void {
  if (status !== 200) {
    request.respond(status, { error: { message: `status ${status}` } }, headers);
    return;
  }
  const offset = Number(request.query.get('offset'));
  const limit = Number(request.query.get('limit'));
  const users = USERS.slice(offset, offset + limit);
  const total = request.query.get('total') === 'true' ? USERS.length : null;
  request.respond(200, { users, offset, limit, more: offset + users.length < USERS.length, total }, headers);
}

const offsetOf = (request: HeldRequest) => Number(request.query.get('offset'));

/** Answers, in reverse order of their offsets, batches of `width` requests until `pages` are answered. */
async function serveInReverse(width: number, pages: number): Promise<void> {
  for (let left = pages; left > 0; ) {
    const batch = Math.min(width, left);
    await server.until(() => server.held.length === batch, `${batch} requests in flight`);
    for (const request of [...server.held].sort((a, b) => offsetOf(b) - offsetOf(a))) answer(request);
    left -= batch;
  }
}

/** A sleep that records each pause and returns only when the test wakes it. */
function heldSleep() {
  const sleeps: number[] = [];
  let resolveLast: () => void = () => {};
  const sleep = (seconds: number): Promise<void> => {
    sleeps.push(seconds);
    return new Promise<void>((resolve) => (resolveLast = resolve));
  };
  return { sleeps, sleep, wake: () => resolveLast() };
}

describe('concurrent classic pagination', () => {
  it('asks for the total first, then reads n pages at a time, yielding every item once and in order', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const listing = client.listAll<{ id: string }>('/users', {}, { concurrency: 4 });
    await server.until(() => server.held.length === 1);
    expect(Object.fromEntries(server.held[0].query)).toEqual({ limit: '100', offset: '0', total: 'true' });
    answer(server.held[0]);
    await serveInReverse(4, 9);
    const users = await listing;
    expect(users.map((user) => user.id)).toEqual(USERS.map((user) => user.id));
    expect(server.received).toHaveLength(10);
    expect(server.maxHeld).toBe(4);
    // The later pages do not ask for the total again.
    expect(server.received.slice(1).every((line) => !line.includes('total='))).toBe(true);
  });

  it('gives the item hook the total for every item, and sends as many requests as sequential reading', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const totals = new Set<number | null>();
    const listing = client.listAll(
      '/users',
      {},
      { concurrency: 3, itemHook: (_item, _count, total) => totals.add(total) },
    );
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    await serveInReverse(3, 9);
    expect(await listing).toHaveLength(950);
    expect([...totals]).toEqual([950]);
    const sequential = makeClient().listAll('/users');
    await serveInReverse(1, 10);
    await sequential;
    expect(server.received).toHaveLength(20);
  });

  it('holds at most n pages: a consumer that stalls stops the reading, and leaving aborts what runs', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const iterator = client.iterAll<{ id: string }>('/users', {}, { concurrency: 3 })[Symbol.asyncIterator]();
    const first = iterator.next();
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    expect((await first).value?.id).toBe('P1');
    for (let i = 1; i < 100; i += 1) await iterator.next();
    const item101 = iterator.next();
    await serveInReverse(3, 3);
    expect((await item101).value?.id).toBe('P101');
    // Page 2 is being consumed, pages 3 and 4 wait: no further request while the consumer stalls.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await server.until(() => server.received.length === 4);
    for (let turn = 0; turn < 50; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(server.received).toHaveLength(4);
    for (let i = 101; i < 200; i += 1) await iterator.next();
    // Page 2 is done once the consumer asks for item 201: then one more page may be read.
    expect((await iterator.next()).value?.id).toBe('P201');
    await server.until(() => server.held.length === 1, 'the fifth page');
    const pending = server.held[0];
    expect(offsetOf(pending)).toBe(400);
    await iterator.return?.();
    await server.until(() => pending.closed(), 'the abort of the fifth page');
    expect(server.received).toHaveLength(5);
  });

  it('pauses every request of the client during the pause of a 429, then resumes with the usual retry', async () => {
    server = await startHeldServer();
    const { sleeps, sleep, wake } = heldSleep();
    const client = makeClient({ ...seams({ sleep }) });
    const listing = client.listAll<{ id: string }>('/users', {}, { concurrency: 4 });
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    await server.until(() => server.held.length === 4);
    const byOffset = (offset: number) => server.held.find((request) => offsetOf(request) === offset) as HeldRequest;
    answer(byOffset(200), 429, { 'retry-after': '2' });
    await server.until(() => sleeps.length === 1, 'the pause of the 429');
    expect(sleeps).toEqual([3]);
    // Page 2 is yielded, so the window starts page 6: it waits at the gate, unsent.
    answer(byOffset(100));
    answer(byOffset(300));
    answer(byOffset(400));
    for (let turn = 0; turn < 100; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(server.received).toHaveLength(5);
    expect(server.held).toHaveLength(0);
    wake();
    await server.until(() => server.held.length === 2, 'the retry and the page that waited');
    expect(server.held.map(offsetOf).sort((a, b) => a - b)).toEqual([200, 500]);
    for (const request of [...server.held]) answer(request);
    await serveInReverse(4, 4);
    const users = await listing;
    expect(users.map((user) => user.id)).toEqual(USERS.map((user) => user.id));
    expect(sleeps).toEqual([3]);
    expect(server.received).toHaveLength(11);
  });

  it('pauses the client until the reset when a response says the rate-limit budget is spent', async () => {
    server = await startHeldServer();
    const { sleeps, sleep, wake } = heldSleep();
    const client = makeClient({ ...seams({ sleep }) });
    const listing = client.listAll('/users', {}, { concurrency: 2 });
    await server.until(() => server.held.length === 1);
    answer(server.held[0], 200, { 'ratelimit-remaining': '0', 'ratelimit-reset': '7' });
    await server.until(() => sleeps.length === 1, 'the pause until the reset');
    expect(sleeps[0]).toBeGreaterThan(6);
    expect(sleeps[0]).toBeLessThanOrEqual(7);
    for (let turn = 0; turn < 50; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(server.received).toHaveLength(1);
    wake();
    await serveInReverse(2, 9);
    expect(await listing).toHaveLength(950);
  });

  it('rejects listAll at the first failed page, returning nothing and leaving nothing running', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const listing = client.listAll('/users', {}, { concurrency: 3 });
    const outcome = listing.catch((error: unknown) => error);
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    await server.until(() => server.held.length === 3);
    const [second, third, fourth] = [...server.held].sort((a, b) => offsetOf(a) - offsetOf(b));
    answer(third, 404);
    const error = await outcome;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    await server.until(() => second.closed() && fourth.closed(), 'the abort of the pages in flight');
    expect(server.received).toHaveLength(4);
  });

  it('yields everything before a failed page from the iterator, then its error, nothing after', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const got: string[] = [];
    const reading = (async () => {
      for await (const user of client.iterAll<{ id: string }>('/users', {}, { concurrency: 3 })) got.push(user.id);
    })();
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    await server.until(() => server.held.length === 3);
    const [second, third, fourth] = [...server.held].sort((a, b) => offsetOf(a) - offsetOf(b));
    answer(fourth);
    answer(third, 404);
    answer(second);
    await expect(reading).rejects.toBeInstanceOf(HttpError);
    expect(got).toEqual(USERS.slice(0, 200).map((user) => user.id));
  });

  it('stops before the 10,000 limit with the same warning as sequential reading', async () => {
    server = await startHeldServer();
    const logger = recordingLogger();
    const client = makeClient({ logger });
    const listing = client.listAll('/users', {}, { concurrency: 4, pageSize: 5000 });
    await server.until(() => server.held.length === 1);
    const first = server.held[0];
    first.respond(200, { users: records(5000), offset: 0, limit: 5000, more: true, total: 20_000 });
    await server.until(() => server.held.length === 1);
    const second = server.held[0];
    expect(offsetOf(second)).toBe(5000);
    second.respond(200, { users: records(5000, 'Q'), offset: 5000, limit: 5000, more: true, total: 20_000 });
    expect(await listing).toHaveLength(10_000);
    expect(server.received).toHaveLength(2);
    expect(logger.lines.warn).toEqual([
      expect.stringMatching(/^Stopping classic pagination of GET \/users at offset 10000: limit\+offset=15000/),
    ]);
  });

  it('reads a cursor index one page at a time whatever the concurrency', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const reading = client.listAll('/audit/records', {}, { concurrency: 4 });
    for (let page = 0; page < 3; page += 1) {
      await server.until(() => server.held.length === 1);
      const cursor = page < 2 ? `c${page + 1}` : null;
      server.held[0].respond(200, { records: [{ id: `R${page}` }], next_cursor: cursor });
    }
    expect(await reading).toEqual([{ id: 'R0' }, { id: 'R1' }, { id: 'R2' }]);
    expect(server.maxHeld).toBe(1);
  });

  it('refuses a bad concurrency before any request', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const drain = async (items: AsyncIterable<unknown>) => {
      for await (const item of items) void item;
    };
    await expect(client.listAll('/users', {}, { concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(drain(client.iterAll('/users', {}, { concurrency: 2.5 }))).rejects.toThrow(RangeError);
    await expect(client.dictAll('/users', { concurrency: 99 })).rejects.toThrow(RangeError);
    await expect(
      drain(client.iterHistory('/incidents', new Date(0), new Date(1000), {}, { concurrency: -1 })),
    ).rejects.toThrow(RangeError);
    expect(server.received).toHaveLength(0);
  });

  it('keeps dictAll keyed as before', async () => {
    server = await startHeldServer();
    const client = makeClient();
    const dict = client.dictAll<{ id: string; name: string }>('/users', { concurrency: 5 });
    await server.until(() => server.held.length === 1);
    answer(server.held[0]);
    await serveInReverse(5, 9);
    const byId = await dict;
    expect(Object.keys(byId)).toHaveLength(950);
    expect(byId.P950.name).toBe('User 950');
  });
});
