/**
 * `npm run example -- <name>`: the runner finds every example, and runs one offline on a
 * fresh clone (tsx from devDependencies, the emulator standing in for the API).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { emulatorEnvironment, exampleNames, needsEmulator, runExample } from '../../scripts/run-example.js';

const root = process.cwd();

describe('the example runner', () => {
  it('knows every example', () => {
    expect(exampleNames()).toEqual([
      'acknowledge-triggered-incidents',
      'browser-pkce-login',
      'create-schedule-overrides',
      'export-audit-records',
      'list-on-call-users',
      'mcp-agent-session',
      'oauth-pkce-login',
      'receive-webhooks',
      'send-ci-alert',
      'service-with-app-token',
    ]);
  });

  it('uses the emulator only when the environment names no key', () => {
    expect(needsEmulator({})).toBe(true);
    expect(needsEmulator({ PAGERDUTY_API_KEY: '' })).toBe(true);
    expect(needsEmulator({ PAGERDUTY_API_KEY: 'k' })).toBe(false);
    expect(needsEmulator({ PAGERDUTY_ROUTING_KEY: 'r' })).toBe(false);
    expect(needsEmulator({}, 'oauth-pkce-login')).toBe(false);
  });

  it('hands the examples the emulator URL and its fake keys', () => {
    const keys = {
      account: 'ACCOUNT',
      users: [{ userId: 'PU1', email: 'ann@example.com', key: 'u+1' }],
      routing: [{ serviceId: 'PS1', serviceName: 'S', integrationId: 'PI1', routingKey: 'R'.repeat(32) }],
    };
    expect(emulatorEnvironment({ url: 'http://127.0.0.1:1', eventsUrl: 'http://127.0.0.1:1', keys })).toEqual({
      PAGERDUTY_BASE_URL: 'http://127.0.0.1:1',
      PAGERDUTY_EVENTS_URL: 'http://127.0.0.1:1',
      PAGERDUTY_API_KEY: 'ACCOUNT',
      PAGERDUTY_FROM: 'ann@example.com',
      PAGERDUTY_ROUTING_KEY: 'R'.repeat(32),
    });
    const oauthClients = [{ clientId: 'public' }, { clientId: 'app', clientSecret: 'app-secret' }];
    const withIdentity = { url: 'http://127.0.0.1:1', eventsUrl: 'http://127.0.0.1:1', keys, oauthClients };
    expect(emulatorEnvironment({ ...withIdentity, identityUrl: 'http://127.0.0.1:1' })).toMatchObject({
      PAGERDUTY_IDENTITY_URL: 'http://127.0.0.1:1',
      PAGERDUTY_OAUTH_CLIENT_ID: 'app',
      PAGERDUTY_OAUTH_CLIENT_SECRET: 'app-secret',
      PAGERDUTY_OAUTH_SCOPE: expect.stringMatching(/^as_account-us\./),
    });
  });

  it('runs list-on-call-users offline against the emulator, as npm run example does', async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
      execFile(
        process.execPath,
        [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/run-example.ts', 'list-on-call-users'],
        { cwd: root, env, timeout: 30_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr).toContain('running list-on-call-users against a local emulator');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        String.raw` Escalation\n {2}level 1: .+ <.+@example\.com>\n` +
          String.raw` {2}level 2: .+ <.+@example\.com> \(.+ On-call, until \d{4}-\d\d-\d\dT00:00:00Z\)\n`,
      ),
    );
  }, 30_000);

  it('lists the examples for an unknown name', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/run-example.ts', 'nope'],
        { cwd: root, env: { PATH: process.env.PATH ?? '' } },
        (error, _stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no example named "nope"');
    expect(result.stderr).toContain('  send-ci-alert');
  }, 30_000);

  it('sends a page example to its page rather than running it under Node', async () => {
    const lines: string[] = [];
    expect(await runExample(['browser-pkce-login'], {}, (line) => lines.push(line))).toBe(2);
    expect(lines.join('\n')).toContain('browser-pkce-login runs in a page');
  });
});
