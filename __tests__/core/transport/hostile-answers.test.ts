// Issue 47: answers from a hostile or broken server end with a typed error, memory bounded and the
// socket freed; nothing loops forever and nothing keyed by API data lands on a prototype.
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  EventsApiV2Client,
  HttpServerError,
  PaginationCycleError,
  ResponseTooLargeError,
  RestApiV2Client,
} from '../../../src/index.js';
import { startLoopback, type Handler, type LoopbackServer } from '../../helpers/loopback.js';

const MiB = 1024 * 1024;
let server: LoopbackServer | undefined;
const clients: { close(): void }[] = [];

afterEach(async () => {
  clients.splice(0).forEach((client) => client.close());
  await server?.close();
  server = undefined;
});

function rest(options: { maxResponseBytes?: number } = {}): RestApiV2Client {
  const client = new RestApiV2Client('key', { baseUrl: server!.url, retry: {}, sleepTimer: 0, ...options });
  clients.push(client);
  return client;
}

/** A JSON body that never ends: `{"user":{"pad":"xxxx...` in 64 KiB chunks until the client goes away. */
function endless(sent: { bytes: number; closed: boolean }): Handler {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"user":{"pad":"');
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk)) sent.bytes += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    req.socket.on('close', () => (sent.closed = true));
    pump();
  };
}

describe('a body without end', () => {
  it('fails at maxResponseBytes with a typed error naming the limit, frees the socket, memory flat', async () => {
    const sent = { bytes: 0, closed: false };
    server = await startLoopback([endless(sent)]);
    const before = process.memoryUsage().rss;
    const error = await rest({ maxResponseBytes: 4 * MiB })
      .rget('/users/P1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: 4 * MiB, code: 'ERR_RESPONSE_TOO_LARGE' });
    expect((error as Error).message).toContain('over the limit of 4194304 bytes (maxResponseBytes');
    // Not retried: the one request, and its connection closed by the client.
    expect(server.requests).toHaveLength(1);
    await new Promise<void>((resolve) => {
      const check = (): void => (sent.closed ? resolve() : void setImmediate(check));
      check();
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('stops at the default of 64 MiB', async () => {
    const sent = { bytes: 0, closed: false };
    server = await startLoopback([endless(sent)]);
    const client = rest();
    expect(client.maxResponseBytes).toBe(64 * MiB);
    const error = await client.rget('/users/P1').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 64 * MiB });
  });

  it('refuses a body that declares more than the limit before reading it', async () => {
    server = await startLoopback([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * MiB) });
        res.write('{');
      },
    ]);
    const error = await rest({ maxResponseBytes: MiB })
      .jget('/users')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('declares 2097152 bytes');
  });

  it('bounds the Events API too', async () => {
    const sent = { bytes: 0, closed: false };
    server = await startLoopback([endless(sent)]);
    const events = new EventsApiV2Client('R0123456789ABCDEF0123456789ABCDE', {
      baseUrl: server.url,
      maxResponseBytes: MiB,
    });
    clients.push(events);
    const error = await events.trigger('disk full', 'db01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it('checks the option like every setting', () => {
    server = undefined;
    expect(() => new RestApiV2Client('key', { maxResponseBytes: 0 })).toThrow(RangeError);
    expect(() => new RestApiV2Client('key', { maxResponseBytes: 1.5 })).toThrow(RangeError);
  });
});

describe('an empty success on an r-method', () => {
  it('is an HttpServerError on 200, and null on 204', async () => {
    server = await startLoopback([
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(),
      (_req, res) => res.writeHead(204).end(),
    ]);
    const client = rest();
    await expect(client.rget('/users/P1')).rejects.toThrow(HttpServerError);
    await expect(client.rget('/users/P1')).resolves.toBeNull();
  });
});

describe('cursor pagination that cycles', () => {
  it('ends with a PaginationCycleError after the pages read, instead of requesting forever', async () => {
    const cursors: (string | null)[] = [];
    server = await startLoopback([
      (req, res) => {
        const cursor = new URL(req.url ?? '/', 'http://h').searchParams.get('cursor');
        cursors.push(cursor);
        const next = cursor === 'A' ? 'B' : 'A';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ records: [{ id: `R${cursors.length}` }], next_cursor: next, limit: 1 }));
      },
    ]);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const record of rest().iterAll<{ id: string }>('/audit/records')) seen.push(record.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationCycleError);
    expect(error).toMatchObject({ cursor: 'A', code: 'ERR_PAGINATION_CYCLE' });
    expect((error as Error).message).toContain('GET /audit/records');
    expect(cursors).toEqual([null, 'A', 'B']);
    expect(seen).toEqual(['R1', 'R2', 'R3']);
  });
});

describe('dictAll keyed by API data', () => {
  it('keeps an item named __proto__ as an own key, with no prototype in play', async () => {
    const teams = [{ name: '__proto__' }, { name: 'toString' }, { name: 'ops' }];
    server = await startLoopback([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ teams, more: false, limit: 100, offset: 0 }));
      },
    ]);
    const byName = await rest().dictAll<{ name: string }>('/teams', { by: 'name' });
    expect(Object.keys(byName).sort()).toEqual(['__proto__', 'ops', 'toString']);
    expect(Object.getPrototypeOf(byName)).toBeNull();
    expect(byName['__proto__']).toEqual({ name: '__proto__' });
    expect(byName['missing']).toBeUndefined();
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});
