import { beforeAll, describe, expect, it } from '@jest/globals';
import { run } from '../../../src/cli/run.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

/** `pagerduty emulator <args>` run in-process until `stop()`; `url` once its banner names it. */
async function startEmulator(args: string[]): Promise<{
  url: string;
  stdout: () => string;
  stop: () => Promise<number>;
}> {
  let stdout = '';
  let release: () => void = () => {};
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  let announced: (url: string) => void = () => {};
  const started = new Promise<string>((resolve) => {
    announced = resolve;
  });
  const status = run(['emulator', ...args], {
    env: {},
    stdout: {
      write: (text: string) => {
        stdout += text;
        // The banner is whole once it says how to stop.
        if (stdout.includes('Ctrl+C')) announced(/listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1] ?? '');
      },
    },
    stderr: { write: () => {} },
    until,
  });
  const url = await started;
  return {
    url,
    stdout: () => stdout,
    stop: () => {
      release();
      return status;
    },
  };
}

describe('pagerduty emulator', () => {
  it('prints its URL and fake keys, serves the REST API, and stops when told', async () => {
    const emulator = await startEmulator(['--seed-users', '3']);
    const { url } = emulator;
    const accountKey = /account-level API key: (\S+)/.exec(emulator.stdout())?.[1];
    expect(accountKey).toBeDefined();
    const response = await fetch(`${url}/users`, {
      headers: { Authorization: `Token token=${accountKey}`, Accept: 'application/vnd.pagerduty+json;version=2' },
    });
    const body = (await response.json()) as { users: unknown[] };
    expect(response.status).toBe(200);
    expect(body.users).toHaveLength(3);
    expect(await emulator.stop()).toBe(0);
  });

  it('answers CORS preflights with --cors, and says so in its banner', async () => {
    const emulator = await startEmulator(['--cors', '--seed-users', '1']);
    const { url } = emulator;
    const answer = await fetch(`${url}/users`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:3000' } });
    expect(await emulator.stop()).toBe(0);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(emulator.stdout()).toContain('CORS: on');
  });

  it('protects /mcp with OAuth with --mcp-auth oauth, has the write tools with --mcp-write-tools', async () => {
    const emulator = await startEmulator(['--mcp-auth', 'oauth', '--mcp-write-tools', '--seed-users', '1']);
    const { url } = emulator;
    const answer = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(await emulator.stop()).toBe(0);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(emulator.stdout()).toContain('MCP authorization: OAuth');
    expect(emulator.stdout()).toContain('MCP write tools: on.');
  });

  it('binds the address --host names: every interface with 0.0.0.0, still reached on loopback', async () => {
    const emulator = await startEmulator(['--host', '0.0.0.0', '--seed-users', '2']);
    const accountKey = /account-level API key: (\S+)/.exec(emulator.stdout())?.[1];
    const response = await fetch(`${emulator.url}/users`, {
      headers: { Authorization: `Token token=${accountKey}`, Accept: 'application/vnd.pagerduty+json;version=2' },
    });
    expect(response.status).toBe(200);
    expect(await emulator.stop()).toBe(0);
  });

  it('exits 2 for a --host that is not an address', async () => {
    const result = await runCli(['emulator', '--host', 'http://example.com/'], {}, { until: Promise.resolve() });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^pagerduty: .*host/);
  });

  it('exits 2 for an --mcp-auth it does not know', async () => {
    const result = await runCli(['emulator', '--mcp-auth', 'basic'], {}, { until: Promise.resolve() });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/mcp-auth/);
  });

  it('exits 2 for a port out of range', async () => {
    const result = await runCli(['emulator', '--port', '70000'], {}, { until: Promise.resolve() });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^pagerduty: .*port/);
  });

  it('is listed in the program help', async () => {
    const result = await runCli(['--help']);
    expect(result.stdout).toMatch(/pagerduty emulator\s+Run a local emulator/);
  });
});
