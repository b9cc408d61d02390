import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import nock from 'nock';
import { runCli } from '../cli-harness.js';

const KEY = 'routingkey-0000000000000000-wxyz';

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
});

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('pagerduty resolve', () => {
  it('resolves the alert and prints the response with --json', async () => {
    let body: unknown;
    const reply = { status: 'success', message: 'Event processed', dedup_key: 'db01/disk' };
    nock('https://events.pagerduty.com')
      .post('/v2/enqueue', (b) => ((body = b), true))
      .reply(202, reply);
    const result = await runCli(['resolve', '--dedup-key', 'db01/disk', '--json'], { PAGERDUTY_ROUTING_KEY: KEY });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(reply);
    expect(body).toEqual({ routing_key: KEY, event_action: 'resolve', dedup_key: 'db01/disk' });
  });

  it('exits 1 with the failure as the last line, after a warning per retry, when the network fails', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCli(['resolve', '-k', KEY, '-i', 'x', '--base-url', base]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    // Each retry is shown as it happens; the failure itself is the last line.
    expect(lines.slice(0, 3).map((l) => l.replace(/\(network error: .*\)/, '(network error)'))).toEqual([
      `pagerduty: warning: POST ${base}/v2/enqueue: attempt 1 failed (network error); retrying in 3.0 s`,
      `pagerduty: warning: POST ${base}/v2/enqueue: attempt 2 failed (network error); retrying in 6.0 s`,
      `pagerduty: warning: POST ${base}/v2/enqueue: attempt 3 failed (network error); retrying in 12.0 s`,
    ]);
    expect(lines.slice(3).join('\n')).toMatch(
      new RegExp(`^pagerduty: POST ${base}/v2/enqueue: network error after 4 attempts: .*ECONNREFUSED.*\\n$`),
    );
  });

  it('retries a 503 and succeeds', async () => {
    nock('https://events.pagerduty.com').post('/v2/enqueue').reply(503, 'busy');
    nock('https://events.pagerduty.com').post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'x' });
    const result = await runCli(['resolve', '-k', KEY, '-i', 'x']);
    expect(result).toEqual({
      status: 0,
      stdout: 'x\n',
      stderr:
        'pagerduty: warning: POST https://events.pagerduty.com/v2/enqueue: ' +
        'attempt 1 failed (status 503); retrying in 3.0 s\n',
    });
  });
});

describe('pagerduty resolve and PAGERDUTY_EVENTS_URL', () => {
  it('sends to PAGERDUTY_EVENTS_URL when --base-url is absent, and --base-url wins over it', async () => {
    const reply = { status: 'success', dedup_key: 'k' };
    const env = nock('https://events.example.com').post('/v2/enqueue').reply(202, reply);
    const flag = nock('https://events.eu.pagerduty.com').post('/v2/enqueue').reply(202, reply);
    const environment = { PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: 'https://events.example.com' };
    expect((await runCli(['resolve', '-i', 'k'], environment)).status).toBe(0);
    expect(
      (await runCli(['resolve', '-i', 'k', '--base-url', 'https://events.eu.pagerduty.com'], environment)).status,
    ).toBe(0);
    expect(env.isDone() && flag.isDone()).toBe(true);
  });
});
