import { seams } from '../../helpers/test-kit.js';
/**
 * Failures reported honestly: aborts become RequestAbortedError at once (pauses included),
 * programming errors are not retried as network errors, and every retry is a warning.
 * Real sockets on loopback; no test sleeps for real.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type http from 'node:http';
import { ApiClient, NetworkError, PagerDutyError, RequestAbortedError, tokenAuth } from '../../../src/index.js';
import { PDClientError } from '../../../src/legacy/errors.js';
import { APISession } from '../../../src/legacy/api-session.js';
import { until } from '../../helpers/fake-timeouts.js';
import { hang, ok, reset, startLoopback, type LoopbackServer } from '../../helpers/loopback.js';
import { instantSleep, realSockets, recordingLogger, recordingSleep } from '../../helpers/test-kit.js';

let server: LoopbackServer | undefined;
const never = (): Promise<void> => new Promise(() => {});
const unavailable = (_req: http.IncomingMessage, res: http.ServerResponse): void => {
  res.writeHead(503).end('busy');
};

beforeAll(realSockets);
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('aborts', () => {
  it('an abort in the pause before a retry rejects at once with RequestAbortedError keeping the reason', async () => {
    server = await startLoopback([unavailable]);
    const controller = new AbortController();
    // The pause never ends by itself: only the abort can end the request.
    const logger = { ...recordingLogger(), warn: () => controller.abort('caller gave up') };
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), {
      baseUrl: server.url,
      retry: { 503: 5 },
      ...seams({ sleep: never }),
      logger,
    });
    const error = await client.get('/x', { signal: controller.signal as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toBeInstanceOf(PagerDutyError);
    expect((error as Error).cause).toBe('caller gave up');
    expect(server.requests).toHaveLength(1);
  });

  it('an abort in flight is a RequestAbortedError, not retried', async () => {
    const hanging = (server = await startLoopback([hang]));
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), {
      baseUrl: hanging.url,
      ...seams({ sleep: never }),
    });
    const controller = new AbortController();
    const pending = client.get('/x', { signal: controller.signal as never });
    // Aborted once the request is in flight: the server has it, and it hangs.
    await until(() => hanging.requests.length === 1);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(((error as Error).cause as Error).name).toBe('AbortError');
    expect(hanging.requests).toHaveLength(1);
  });

  it('a signal that has fired already sends nothing', async () => {
    server = await startLoopback([ok()]);
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { baseUrl: server.url });
    await expect(client.get('/x', { signal: AbortSignal.abort() as never })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('the legacy session raises its own class for an abort', async () => {
    server = await startLoopback([ok()]);
    const session = new APISession('k', { baseUrl: server.url });
    await expect(session.get('/users', { signal: AbortSignal.abort() as never })).rejects.toBeInstanceOf(PDClientError);
    session.close();
    expect(server.requests).toHaveLength(0);
  });
});

describe('per-request timeout', () => {
  it('replaces the client timeout for one request', async () => {
    server = await startLoopback([hang]);
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), {
      baseUrl: server.url,
      maxNetworkAttempts: 0,
      timeout: 60,
    });
    const error = (await client.get('/x', { timeout: 0.05 }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/within 0\.05 s/);
  });

  it.each([0, -1, Number.NaN])('refuses %p before any request', async (timeout) => {
    server = await startLoopback([ok()]);
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { baseUrl: server.url });
    await expect(client.get('/x', { timeout })).rejects.toThrow(/timeout must be a/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('programming errors are not network errors', () => {
  it.each([
    ['a body on GET', {}, { body: 'x' }],
    ['an invalid proxy URL from a proxy function', { proxy: () => 'not a url' }, {}],
    ['a proxy with an unsupported scheme from a proxy function', { proxy: () => 'socks5://proxy:1080' }, {}],
  ])(
    '%s is thrown at once as a TypeError, with no retry and no pause',
    async (_what, clientOptions, requestOptions) => {
      server = await startLoopback([ok()]);
      const { pauses, sleep } = recordingSleep();
      await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), {
        baseUrl: server.url,
        ...seams({ sleep }),
        ...clientOptions,
      });
      const error = await client.get('/x', requestOptions).catch((e: unknown) => e);
      // By name: Node's own TypeError may come from another realm than the test's.
      expect((error as Error).name).toBe('TypeError');
      expect(error).not.toBeInstanceOf(NetworkError);
      expect(pauses).toEqual([]);
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe('only transport failures are retried', () => {
  it('a fetch that throws a plain Error rejects with it after exactly one attempt, without a pause', async () => {
    const thrown = new Error('Dynamic require of "stream" is not supported');
    let calls = 0;
    const { pauses, sleep } = recordingSleep();
    const fetch = async (): Promise<never> => {
      calls += 1;
      throw thrown;
    };
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { fetch, ...seams({ sleep }) });
    await expect(client.get('/users')).rejects.toBe(thrown);
    expect(calls).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('an unresolvable name: one attempt, NetworkError ENOTFOUND; legacy sessions retry as pdpyras did', async () => {
    const unresolved = () =>
      Object.assign(new Error('getaddrinfo ENOTFOUND api.pagerdty.com'), {
        name: 'FetchError',
        type: 'system',
        code: 'ENOTFOUND',
      });
    let calls = 0;
    const fetch = async (): Promise<never> => {
      calls += 1;
      throw unresolved();
    };
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { fetch, ...seams({ sleep: instantSleep }) });
    const error = await client.get('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe('ENOTFOUND');
    expect(calls).toBe(1);
    calls = 0;
    const session = new APISession('u+REQUESTFAILUREKEY', { fetch, sleep: instantSleep });
    await expect(session.get('/users')).rejects.toBeInstanceOf(PDClientError);
    session.close();
    expect(calls).toBe(4);
  });
});

describe('a malformed proxy option', () => {
  it.each(['not a url', 'ftp://proxy:21', 'http://proxy:3128/path', 'socks5://user:hunter2@proxy:1080'])(
    '%s is a TypeError at construction, naming the option without a password',
    (proxy) => {
      let error: unknown;
      try {
        new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { proxy });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(/^the proxy option is not a usable proxy URL/);
      expect((error as Error).message).not.toContain('hunter2');
    },
  );

  it('host:port is taken as http://host:port, as requests and curl take it', () => {
    expect(() => new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), { proxy: 'proxy.example:3128' })).not.toThrow();
  });
});

describe('the legacy session, for the same cases', () => {
  it('throws a body on GET at once as a TypeError, sending nothing', async () => {
    server = await startLoopback([ok()]);
    const { pauses, sleep } = recordingSleep();
    const session = new APISession('u+REQUESTFAILUREKEY', { baseUrl: server.url, sleep });
    const error = await session.get('/users', { body: 'x' }).catch((e: unknown) => e);
    session.close();
    expect((error as Error).name).toBe('TypeError');
    expect(pauses).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('warns of each retry', async () => {
    server = await startLoopback([unavailable, ok({ users: [] })]);
    const logger = recordingLogger();
    const session = new APISession('u+REQUESTFAILUREKEY', {
      baseUrl: server.url,
      retry: { 503: 1 },
      sleep: instantSleep,
      logger,
    });
    await session.get('/users');
    session.close();
    expect(logger.lines.warn).toEqual([`GET ${server.url}/users: attempt 1 failed (status 503); retrying in 3.0 s`]);
  });
});

describe('retries are never silent', () => {
  it('each network retry is a warning with what failed, the attempt and the pause', async () => {
    server = await startLoopback([reset]);
    const logger = recordingLogger();
    await using client = new ApiClient(tokenAuth('u+REQUESTFAILUREKEY'), {
      baseUrl: server.url,
      ...seams({ sleep: instantSleep }),
      logger,
    });
    await expect(client.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(logger.lines.warn).toHaveLength(3);
    expect(logger.lines.warn.map((l) => l.replace(/\(network error: .*\)/, '(network error)'))).toEqual([
      `GET ${server.url}/x: attempt 1 failed (network error); retrying in 3.0 s`,
      `GET ${server.url}/x: attempt 2 failed (network error); retrying in 6.0 s`,
      `GET ${server.url}/x: attempt 3 failed (network error); retrying in 12.0 s`,
    ]);
  });
});
