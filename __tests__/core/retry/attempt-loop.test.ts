// The attempt loop alone, over a stand-in transport: what it sends, how often, what it
// reports to its host, and that it returns only the last response.
import { describe, expect, it } from '@jest/globals';
import { AttemptLoop, retryWarning, warnRetry, type PreparedRequest } from '../../../src/core/retry/attempt-loop.js';
import type { RequestError } from '../../../src/core/errors/error-classes.js';
import { ClientErrors, type HttpErrorParts } from '../../../src/core/errors/client-errors.js';
import { CallMetrics } from '../../../src/core/client/call-metrics.js';
import { Secret } from '../../../src/core/auth/secret.js';
import { silentLogger } from '../../../src/core/logging.js';
import { RequestGate } from '../../../src/core/rate-limit/request-gate.js';
import {
  RateLimitDeclined,
  type AttemptRateLimit,
  type RateLimitAnswer,
  type RateLimitAttempt,
} from '../../../src/core/rate-limit/attempt-rate-limit.js';
import type { Transport } from '../../../src/core/transport/transport.js';
import { InMemoryResponse } from '../../../src/core/platform/in-memory-response.js';
import { recordingLogger, recordingSleep } from '../../helpers/test-kit.js';

const POLICY = {
  retry: {},
  maxHttpAttempts: 5,
  maxNetworkAttempts: 3,
  sleepTimer: 1.5,
  sleepTimerBase: 2,
  staggerCooldown: 0,
};
const REQUEST: PreparedRequest = {
  verb: 'GET',
  target: 'https://api.example/users?limit=1',
  fetchInit: { method: 'GET', headers: {} },
  timeoutSeconds: 30,
  signal: undefined,
  policy: POLICY,
  log: silentLogger,
  metricKey: 'GET /users',
};

function answer(status: number, body = '', headers: Record<string, string> = {}): InMemoryResponse {
  return new InMemoryResponse(
    { status, statusText: '', url: REQUEST.target, headers: new Headers(headers) },
    Buffer.from(body),
  );
}

/** A loop over scripted attempts: each entry is an exchange, or an error the transport throws. */
function scripted(attempts: ReadonlyArray<InMemoryResponse | Error>, rateLimit?: AttemptRateLimit) {
  const sent: string[] = [];
  const { pauses, sleep } = recordingSleep();
  const failures: RequestError[] = [];
  const transport = {
    send: async (url: string) => {
      sent.push(url);
      const next = attempts[sent.length - 1];
      if (next === undefined) throw new Error('more attempts than scripted');
      if (next instanceof Error) throw next;
      return next;
    },
  } as unknown as Transport;
  const errors = new ClientErrors((failure) => (failures.push(failure), new Error(failure.message)), {
    secret: new Secret('secret'),
  });
  const httpError = ({ method, url, response, body, detail }: HttpErrorParts) =>
    new Error(`${method} ${url} ${response.status} ${detail ?? ''} ${body}`);
  const metrics = new CallMetrics();
  const loop = new AttemptLoop({
    transport,
    rateLimit: rateLimit ?? new RequestGate({ sleep }),
    sleep,
    random: () => 0.5,
    errors,
    metrics,
  });
  // The client turns a refusal into its HTTP error; so does this stand-in.
  const run = async (request: PreparedRequest) => {
    const { response, refusal } = await loop.run(request);
    if (refusal === undefined) return response;
    const body = await response.text();
    throw httpError({ method: request.verb, url: request.target, response, body, detail: refusal.detail });
  };
  return { loop: { run }, sent, pauses, metrics, failures };
}

describe('AttemptLoop', () => {
  it('retries a 500 as the policy says and returns the last response only', async () => {
    const { loop, sent, pauses, metrics } = scripted([answer(500, 'a'), answer(500, 'b'), answer(200, 'c')]);
    const result = await loop.run({ ...REQUEST, policy: { ...POLICY, retry: { 500: 2 } } });
    expect(result.status).toBe(200);
    expect(await result.text()).toBe('c');
    expect(sent).toHaveLength(3);
    expect(pauses).toEqual([3, 6]); // pdpyras multiplies before the first pause: 1.5 x 2, then x 2
    expect(metrics.apiCallCounts).toEqual({ 'GET /users': 3 });
  });

  it('reads Retry-After only for a status that honours it: a 500 pauses by the cooldown, a 503 as asked', async () => {
    const asks = { 'retry-after': '30', 'ratelimit-reset': '40' };
    const { loop, pauses } = scripted([answer(500, '', asks), answer(503, '', asks), answer(200)]);
    await loop.run({ ...REQUEST, policy: { ...POLICY, retry: { 500: 1, 503: 1 } } });
    expect(pauses).toEqual([3, 30]);
  });

  it('returns a status it does not retry, without a pause', async () => {
    const { loop, pauses } = scripted([answer(404, 'missing')]);
    await expect(loop.run(REQUEST)).resolves.toMatchObject({ status: 404 });
    expect(pauses).toEqual([]);
  });

  it('turns network errors into one network failure once the network retries are spent', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { loop, sent, failures, metrics } = scripted([reset, reset, reset, reset]);
    await expect(loop.run(REQUEST)).rejects.toThrow(
      'GET https://api.example/users?limit=1: network error after 4 attempts: socket hang up',
    );
    expect(sent).toHaveLength(4);
    expect(metrics.apiCallCounts).toEqual({});
    expect(failures.map((failure) => [failure.constructor.name, failure.code, failure.url])).toEqual([
      ['NetworkError', 'ECONNRESET', REQUEST.target],
    ]);
  });

  it('stops at a 401 with the redacted key in the detail, whatever the policy', async () => {
    const { loop, sent } = scripted([answer(401, 'nope')]);
    const failure = loop.run({ ...REQUEST, policy: { ...POLICY, retry: { 401: 3 } } });
    await expect(failure).rejects.toThrow(
      '401 API responded with 401 Unauthorized: the key or token (*cret) may be invalid',
    );
    expect(sent).toHaveLength(1);
  });

  it('rethrows a plain Error from the fetch after exactly one attempt, as it is', async () => {
    const thrown = new Error('Dynamic require of "stream" is not supported');
    const { loop, sent, pauses, failures } = scripted([thrown, answer(200)]);
    await expect(loop.run(REQUEST)).rejects.toBe(thrown);
    expect(sent).toHaveLength(1);
    expect(pauses).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('rethrows a module that could not be loaded at once', async () => {
    const missing = Object.assign(new Error("Cannot find package 'node-fetch'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const { loop, sent } = scripted([missing, answer(200)]);
    await expect(loop.run(REQUEST)).rejects.toBe(missing);
    expect(sent).toHaveLength(1);
  });

  it('does not retry a host name that does not resolve, and says so', async () => {
    const unresolved = Object.assign(new Error('getaddrinfo ENOTFOUND api.example'), { code: 'ENOTFOUND' });
    const { loop, sent, pauses, failures } = scripted([unresolved, answer(200)]);
    await expect(loop.run(REQUEST)).rejects.toThrow(
      'GET https://api.example/users?limit=1: network error after 1 attempt: getaddrinfo ENOTFOUND api.example ' +
        '(the host name does not resolve; not retried: check the base URL)',
    );
    expect(sent).toHaveLength(1);
    expect(pauses).toEqual([]);
    expect(failures.map((failure) => failure.constructor.name)).toEqual(['NetworkError']);
  });

  it('retries a temporary DNS failure (EAI_AGAIN)', async () => {
    const again = Object.assign(new Error('getaddrinfo EAI_AGAIN api.example'), { code: 'EAI_AGAIN' });
    const { loop, sent, pauses } = scripted([again, answer(200)]);
    await expect(loop.run(REQUEST)).resolves.toMatchObject({ status: 200 });
    expect(sent).toHaveLength(2);
    expect(pauses).toEqual([3]);
  });

  it('retries a name that does not resolve when the policy asks (the legacy sessions)', async () => {
    const unresolved = Object.assign(new Error('getaddrinfo ENOTFOUND api.example'), { code: 'ENOTFOUND' });
    const { loop, sent } = scripted([unresolved, unresolved, answer(200)]);
    await expect(loop.run({ ...REQUEST, policy: { ...POLICY, retryUnresolvedHosts: true } })).resolves.toMatchObject({
      status: 200,
    });
    expect(sent).toHaveLength(3);
  });

  it('does not retry an unresolved name in at-most-once mode either', async () => {
    const unresolved = Object.assign(new Error('getaddrinfo ENOTFOUND api.example'), { code: 'ENOTFOUND' });
    const { loop, sent } = scripted([unresolved, answer(200)]);
    await expect(loop.run({ ...REQUEST, retryMode: 'at-most-once' })).rejects.toThrow('not retried');
    expect(sent).toHaveLength(1);
  });

  it('reports each retry once, as a warning, and the last attempt as a debug line', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const logger = recordingLogger();
    const { loop } = scripted([
      answer(503, '', { 'x-request-id': 'rid-1' }),
      reset,
      answer(200, '', { 'x-request-id': 'rid-3' }),
    ]);
    await loop.run({ ...REQUEST, log: logger, policy: { ...POLICY, retry: { 503: 1 } } });
    expect(logger.lines.warn).toEqual([
      'GET https://api.example/users?limit=1: attempt 1 failed (status 503, x-request-id rid-1); retrying in 3.0 s',
      'GET https://api.example/users?limit=1: attempt 2 failed (network error: socket hang up); retrying in 6.0 s',
    ]);
    expect(logger.lines.debug).toEqual([
      'GET https://api.example/users?limit=1 -> 200 (x-request-id rid-3) attempt 3 (key *cret)',
    ]);
  });

  it('reports a network failure that is not retried as a debug line, without a warning', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const logger = recordingLogger();
    const { loop } = scripted([reset]);
    await expect(loop.run({ ...REQUEST, log: logger, policy: { ...POLICY, maxNetworkAttempts: 0 } })).rejects.toThrow(
      'after 1 attempt',
    );
    expect(logger.lines.warn).toEqual([]);
    expect(logger.lines.debug).toEqual([
      'GET https://api.example/users?limit=1 -> network error: socket hang up attempt 1 (key *cret)',
    ]);
  });

  it('lets a programming error through at once, unretried', async () => {
    const { loop, sent } = scripted([new TypeError('not a function'), answer(200)]);
    await expect(loop.run(REQUEST)).rejects.toThrow(TypeError);
    expect(sent).toHaveLength(1);
  });
});

/** A rate limit that records each call the loop makes, and answers as told. */
function recordingRateLimit(answers: { before?: () => Promise<void>; goOn?: boolean } = {}) {
  const calls: string[] = [];
  const rateLimit: AttemptRateLimit = {
    beforeAttempt: (attempt: RateLimitAttempt) => {
      calls.push(`before ${attempt.attempt}`);
      return answers.before?.();
    },
    afterResponse: (answer: RateLimitAnswer, attempt: RateLimitAttempt) => {
      const shown = answer.pausesEveryRequest ? ` retry-after ${answer.retryAfter}` : '';
      calls.push(`after ${attempt.attempt}: ${answer.status}${shown}`);
      return undefined;
    },
    rateLimited: (attempt: RateLimitAttempt, retryPause: number | undefined) => {
      calls.push(`rate-limited ${attempt.attempt}: retry in ${retryPause}`);
      return answers.goOn === undefined ? undefined : Promise.resolve(answers.goOn);
    },
    whilePausing: (pause: Promise<unknown>, seconds: number) => {
      calls.push(`pausing ${seconds}`);
      void pause;
    },
    view: () => ({ paused: false }),
  };
  return { rateLimit, calls };
}

describe('AttemptLoop and its rate limit', () => {
  it('asks it before each attempt, tells it each answer, and has it hold only while a 429 pauses', async () => {
    const { rateLimit, calls } = recordingRateLimit();
    const { loop, pauses } = scripted([answer(429, '', { 'retry-after': '4' }), answer(500), answer(200)], rateLimit);
    await loop.run({ ...REQUEST, policy: { ...POLICY, retry: { 500: 1 } } });
    expect(pauses).toEqual([4, 6]);
    expect(calls).toEqual([
      'before 1',
      'after 1: 429 retry-after 4',
      'rate-limited 1: retry in 4',
      'pausing 4',
      'before 2',
      'after 2: 500',
      'before 3',
      'after 3: 200',
    ]);
  });

  it('asks nothing of it after a network error, and still waits for it before the retry', async () => {
    const { rateLimit, calls } = recordingRateLimit();
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { loop } = scripted([reset, answer(200)], rateLimit);
    await loop.run(REQUEST);
    expect(calls).toEqual(['before 1', 'before 2', 'after 2: 200']);
  });

  it('returns a 429 as a refusal when it says not to go on, without a pause', async () => {
    const { rateLimit, calls } = recordingRateLimit({ goOn: false });
    const { loop, pauses, sent } = scripted([answer(429, 'slow down', { 'retry-after': '4' })], rateLimit);
    await expect(loop.run(REQUEST)).rejects.toThrow(
      `GET ${REQUEST.target} 429 API responded with 429 Too Many Requests, and onRateLimit chose not to wait`,
    );
    expect(sent).toHaveLength(1);
    expect(pauses).toEqual([]);
    expect(calls).toEqual(['before 1', 'after 1: 429 retry-after 4', 'rate-limited 1: retry in 4']);
  });

  it('fails before sending when its wait is declined, with the client abort error', async () => {
    const info = {
      reason: 'budget-spent',
      method: 'GET',
      url: REQUEST.target,
      attempt: 1,
      retryAfter: 30,
      rateLimit: { paused: true },
    } as const;
    const declined = recordingRateLimit({ before: () => Promise.reject(new RateLimitDeclined(info)) });
    const first = scripted([answer(200)], declined.rateLimit);
    expect(first.failures).toEqual([]);
    await expect(first.loop.run(REQUEST)).rejects.toThrow(
      new RegExp(`: not sent: the rate-limit budget is spent until .*, and onRateLimit chose not to wait$`),
    );
    expect(first.failures[0]?.message.startsWith(`GET ${REQUEST.target}: not sent`)).toBe(true);
    expect(first.sent).toEqual([]);
    expect(first.failures.map((failure) => failure.code)).toEqual(['ERR_RATE_LIMIT_DECLINED']);
  });
});

describe('retry warnings', () => {
  const report = {
    method: 'GET',
    url: 'https://x.example/users?k=SECRET',
    attempt: 2,
    failure: 'network error: ECONNREFUSED',
    pause: 6,
  };

  it('say what failed, which attempt, and how long the pause is', () => {
    expect(retryWarning(report)).toBe(
      'GET https://x.example/users?k=SECRET: attempt 2 failed (network error: ECONNREFUSED); retrying in 6.0 s',
    );
  });

  it('go to the warn level, scrubbed', () => {
    const logger = recordingLogger();
    warnRetry(logger, report, (t) => t.replace('SECRET', '*'));
    expect(logger.lines.warn).toEqual([
      'GET https://x.example/users?k=*: attempt 2 failed (network error: ECONNREFUSED); retrying in 6.0 s',
    ]);
  });
});
