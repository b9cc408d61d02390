import { beforeAll, describe, expect, it } from '@jest/globals';
import { run } from '../../../src/cli/run.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('pagerduty emulator', () => {
  it('prints its URL and fake keys, serves the REST API, and stops when told', async () => {
    let stdout = '';
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let announced: (url: string) => void = () => {};
    const started = new Promise<string>((resolve) => {
      announced = resolve;
    });
    const status = run(['emulator', '--seed-users', '3'], {
      env: {},
      stdout: {
        write: (text: string) => {
          stdout += text;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
          if (match) announced(match[1]);
        },
      },
      stderr: { write: () => {} },
      until,
    });
    const url = await started;
    const accountKey = /account-level API key: (\S+)/.exec(stdout)?.[1];
    expect(accountKey).toBeDefined();
    const response = await fetch(`${url}/users`, {
      headers: { Authorization: `Token token=${accountKey}`, Accept: 'application/vnd.pagerduty+json;version=2' },
    });
    const body = (await response.json()) as { users: unknown[] };
    expect(response.status).toBe(200);
    expect(body.users).toHaveLength(3);
    stop();
    expect(await status).toBe(0);
  });

  it('answers CORS preflights with --cors, and says so in its banner', async () => {
    let stdout = '';
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let announced: (url: string) => void = () => {};
    const started = new Promise<string>((resolve) => {
      announced = resolve;
    });
    const status = run(['emulator', '--cors', '--seed-users', '1'], {
      env: {},
      stdout: {
        write: (text: string) => {
          stdout += text;
          if (stdout.includes('Ctrl+C')) announced(/listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1] ?? '');
        },
      },
      stderr: { write: () => {} },
      until,
    });
    const url = await started;
    const answer = await fetch(`${url}/users`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:3000' } });
    stop();
    expect(await status).toBe(0);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(stdout).toContain('CORS: on');
  });

  it('protects /mcp with OAuth with --mcp-auth oauth, has the write tools with --mcp-write-tools', async () => {
    let stdout = '';
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let announced: (url: string) => void = () => {};
    const started = new Promise<string>((resolve) => {
      announced = resolve;
    });
    const status = run(['emulator', '--mcp-auth', 'oauth', '--mcp-write-tools', '--seed-users', '1'], {
      env: {},
      stdout: {
        write: (text: string) => {
          stdout += text;
          if (stdout.includes('Ctrl+C')) announced(/listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1] ?? '');
        },
      },
      stderr: { write: () => {} },
      until,
    });
    const url = await started;
    const answer = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    stop();
    expect(await status).toBe(0);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(stdout).toContain('MCP authorization: OAuth');
    expect(stdout).toContain('MCP write tools: on.');
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
