/**
 * A loopback stand-in for the REST API that records every request, for the `api`
 * command's tests: classic and cursor pages, a 404, a 204, a 400 with long details, and a
 * 429 before a success.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { runCli } from '../cli-harness.js';

export const API_KEY = 'u+apikey00000000wxyz';
export const ENV = { PAGERDUTY_API_KEY: API_KEY };

/** One request as the server saw it. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export const USERS = Array.from({ length: 8 }, (_, i) => ({ id: `PU${i}`, type: 'user', name: `User ${i}` }));
export const RECORDS = Array.from({ length: 5 }, (_, i) => ({ id: `R${i}` }));
/** Pages are short on purpose, whatever `limit` asks: the client must page by what it got. */
const PAGE = 3;

/** The REST API's answer to a write without `From`: its detail is longer than 99 characters. */
export const FROM_MISSING = {
  error: {
    message: 'Invalid Input Provided',
    code: 2001,
    errors: [
      'You must specify a user\'s email address in the "From" header to perform this action ' +
        'on behalf of an account-level key',
      'A second detail that must not be lost either',
    ],
  },
};

function send(response: ServerResponse, status: number, body?: unknown): void {
  response
    .writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-42', 'ratelimit-remaining': '959' })
    .end(body === undefined ? '' : JSON.stringify(body));
}

/** A running stand-in. */
export interface FakeRestApi {
  /** Its base URL. */
  base: string;
  /** The requests seen since the last `reset`. */
  requests: Recorded[];
  /** Forgets the requests, and makes `/limited` answer 429 once more. */
  reset(): void;
  /** Stops it. */
  close(): Promise<void>;
}

/** Starts the stand-in on a free loopback port. */
export async function startFakeRestApi(): Promise<FakeRestApi> {
  const requests: Recorded[] = [];
  let limitedCalls = 0;
  const route = (request: Recorded, response: ServerResponse): void => {
    if (request.path === '/users' && request.method === 'GET') {
      const offset = Number(request.query.get('offset') ?? 0);
      const users = USERS.slice(offset, offset + PAGE);
      return send(response, 200, {
        users,
        limit: Number(request.query.get('limit')),
        offset,
        more: offset + PAGE < USERS.length,
      });
    }
    if (request.path === '/audit/records') {
      const start = Number(request.query.get('cursor') ?? 0);
      const next = start + 2 < RECORDS.length ? String(start + 2) : null;
      return send(response, 200, { records: RECORDS.slice(start, start + 2), next_cursor: next, limit: 2 });
    }
    if (request.path === '/users/PGONE') return send(response, 404, { error: { message: 'Not Found', code: 2100 } });
    if (request.path === '/incidents/PDEL') return send(response, 204);
    if (request.path === '/incidents/PFROM') return send(response, 400, FROM_MISSING);
    if (request.path === '/limited') {
      limitedCalls += 1;
      return limitedCalls === 1
        ? send(response, 429, { error: { message: 'Rate Limit Exceeded', code: 2020 } })
        : send(response, 200, { ok: true });
    }
    return send(response, 200, { echo: true });
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      route(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    reset: () => {
      requests.length = 0;
      limitedCalls = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a test file of the `api` command works with (read it inside tests, once set up). */
export interface ApiCommandHarness {
  /** The stand-in's base URL. */
  readonly base: string;
  /** The requests it saw since the last test began. */
  readonly requests: Recorded[];
  /** A temporary directory for the test's files. */
  readonly tmp: string;
  /** Runs `pagerduty api ...args --base-url <base>`. */
  api(args: string[], env?: Record<string, string>, stdin?: Readable): ReturnType<typeof runCli>;
}

/**
 * Starts the stand-in and a temporary directory for the calling test file (before all
 * its tests), forgets requests before each test, and removes both after all.
 */
export function useApiCommand(): ApiCommandHarness {
  let fake: FakeRestApi | undefined;
  let tmp = '';
  const started = (): FakeRestApi => {
    if (!fake) throw new Error('the fake REST API is not started: use the harness inside tests');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeRestApi();
    tmp = await mkdtemp(path.join(tmpdir(), 'pagerduty-api-test-'));
  });
  afterAll(async () => {
    await fake?.close();
    await rm(tmp, { recursive: true, force: true });
  });
  beforeEach(() => started().reset());
  return {
    get base() {
      return started().base;
    },
    get requests() {
      return started().requests;
    },
    get tmp() {
      return tmp;
    },
    api: (args, env = ENV, stdin) =>
      runCli(['api', ...args, '--base-url', started().base], env, stdin ? { stdin } : {}),
  };
}
