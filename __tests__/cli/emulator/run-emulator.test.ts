import { describe, expect, it } from '@jest/globals';
import { emulatorBanner, runEmulatorCommand } from '../../../src/cli/emulator/run-emulator.js';

const keys = {
  account: 'ACCOUNTKEY0000000000',
  users: Array.from({ length: 7 }, (_, i) => ({ userId: `PU${i}`, email: `user${i}@example.com`, key: `u+key${i}` })),
  routing: [{ serviceId: 'PS1', serviceName: 'Search', integrationId: 'PI1', routingKey: 'r'.repeat(32) }],
};

describe('emulatorBanner', () => {
  it('prints the URLs, the account key, the first five user keys and every routing key', () => {
    const lines = emulatorBanner({ url: 'http://127.0.0.1:5000', eventsUrl: 'http://127.0.0.1:5000', keys });
    const text = lines.join('\n');
    // Base URLs to pass as they are: a client given .../v2/enqueue would post to .../v2/enqueue/v2/enqueue.
    expect(text).not.toContain('/v2/enqueue');
    expect(lines).toContain(
      '  REST API v2 base URL:   http://127.0.0.1:5000   (baseUrl; pagerduty api --base-url, or PAGERDUTY_BASE_URL)',
    );
    expect(lines).toContain(
      '  Events API v2 base URL: http://127.0.0.1:5000   ' +
        '(baseUrl; pagerduty trigger --base-url, or PAGERDUTY_EVENTS_URL)',
    );
    expect(lines).toContain(
      '  MCP base URL:           http://127.0.0.1:5000   ' +
        '(baseUrl of McpApiClient; the endpoint is http://127.0.0.1:5000/mcp)',
    );
    expect(text).toContain('ACCOUNTKEY0000000000');
    expect(text).toContain('u+key4');
    expect(text).not.toContain('u+key5');
    expect(text).toContain('... and 2 more users');
    expect(text).toContain(`${'r'.repeat(32)}   (service Search)`);
  });

  it('shows the simulation in the banner only when there is one', () => {
    const bareKeys = { account: 'a', users: [], routing: [] };
    const plain = emulatorBanner({ url: 'http://127.0.0.1:1', eventsUrl: 'http://127.0.0.1:1', keys: bareKeys });
    expect(plain.some((line) => line.startsWith('Simulated'))).toBe(false);
    const simulated = emulatorBanner({
      url: 'http://127.0.0.1:1',
      eventsUrl: 'http://127.0.0.1:1',
      keys: bareKeys,
      latency: 50,
      rateLimit: 960,
    });
    expect(simulated).toContain('Simulated: round trip 50 ms, rate limit 960 requests per key per minute.');
    const short = emulatorBanner({
      url: 'http://127.0.0.1:1',
      eventsUrl: 'http://127.0.0.1:1',
      keys: bareKeys,
      rateLimit: 120,
      rateLimitWindow: 10,
    });
    expect(short).toContain('Simulated: rate limit 120 requests per key per 10 s.');
    expect(plain.some((line) => line.startsWith('CORS'))).toBe(false);
    const cors = emulatorBanner({
      url: 'http://127.0.0.1:1',
      eventsUrl: 'http://127.0.0.1:1',
      keys: bareKeys,
      cors: true,
    });
    expect(cors).toContain('CORS: on (preflights answered, for pages on any origin).');
  });
});

describe('runEmulatorCommand', () => {
  it('serves until told to stop, then closes and returns 0', async () => {
    const lines: string[] = [];
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runEmulatorCommand({ seedUsers: 2 }, { write: (line) => lines.push(line), until });
    while (lines.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines[0])?.[1] ?? '';
    const key = /account-level API key: (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
    const response = await fetch(`${url}/users`, { headers: { Authorization: `Token token=${key}` } });
    expect(((await response.json()) as { users: unknown[] }).users).toHaveLength(2);
    stop();
    expect(await running).toBe(0);
    expect(lines.at(-1)).toBe('Emulator stopped.');
    await expect(fetch(`${url}/users`)).rejects.toThrow();
  });

  it('refuses a bad port', async () => {
    await expect(runEmulatorCommand({ port: -5 }, { write: () => {}, until: Promise.resolve() })).rejects.toThrow(
      RangeError,
    );
  });
});
