/**
 * A loopback stand-in for a rate-limited API, for the Redis limiter's tests: each API key
 * has a budget per fixed window whose phase the test picks (the window that is open when
 * the key is added has already run for `phase` of its length), answers `GET /users` with
 * `ratelimit-*` headers (the reset in whole seconds, rounded up, as the emulator does) and a
 * 429 once the window's budget is spent. It records every answer's status.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';

/** One key's budget and what was answered on it. */
export interface WindowedKey {
  readonly apiKey: string;
  /** The status of each answer, in order. */
  readonly statuses: number[];
  /** Requests served in each window (by window index). */
  readonly servedPerWindow: Map<number, number>;
}

export interface WindowedApiServer {
  readonly url: string;
  /**
   * A key whose window of `windowMs` is `phase` (0 to 1) through when added; with
   * `zeroLimitOnce`, its first answer says `ratelimit-limit: 0` and `ratelimit-remaining: 0`.
   */
  addKey(options: { windowMs: number; limit: number; phase: number; zeroLimitOnce?: boolean }): WindowedKey;
  close(): Promise<void>;
}

interface KeyBudget extends WindowedKey {
  readonly origin: number;
  readonly windowMs: number;
  readonly limit: number;
  zeroLimitOnce: boolean;
}

/** Starts the server on a free loopback port; `maxLatencyMs` delays each answer by a random share of it. */
export async function startWindowedApiServer(maxLatencyMs = 0): Promise<WindowedApiServer> {
  const keys = new Map<string, KeyBudget>();
  const server: Server = createServer((request, response) => {
    const token = /token=(.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const budget = keys.get(token);
    const now = Date.now();
    if (!budget) {
      response.writeHead(401).end();
      return;
    }
    const index = Math.floor((now - budget.origin) / budget.windowMs);
    const windowEnd = budget.origin + (index + 1) * budget.windowMs;
    const served = budget.servedPerWindow.get(index) ?? 0;
    const reset = String(Math.max(1, Math.ceil((windowEnd - now) / 1000)));
    const allowed = served < budget.limit;
    if (allowed) budget.servedPerWindow.set(index, served + 1);
    const status = allowed ? 200 : 429;
    budget.statuses.push(status);
    const zero = budget.zeroLimitOnce;
    budget.zeroLimitOnce = false;
    const headers = {
      'content-type': 'application/json',
      'ratelimit-limit': zero ? '0' : String(budget.limit),
      'ratelimit-remaining': zero ? '0' : String(budget.limit - served - (allowed ? 1 : 0)),
      'ratelimit-reset': reset,
      ...(allowed ? {} : { 'retry-after': reset }),
    };
    const body = allowed ? { users: [], limit: 1, offset: 0, more: false, total: null } : { error: 'rate limited' };
    setTimeout(() => response.writeHead(status, headers).end(JSON.stringify(body)), Math.random() * maxLatencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    addKey: ({ windowMs, limit, phase, zeroLimitOnce = false }) => {
      const budget: KeyBudget = {
        apiKey: randomUUID(),
        statuses: [],
        servedPerWindow: new Map(),
        origin: Date.now() - phase * windowMs,
        windowMs,
        limit,
        zeroLimitOnce,
      };
      keys.set(budget.apiKey, budget);
      return budget;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
