import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { startEmulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { runCli, type RunResult } from '../cli-harness.js';
import { temporaryHome } from '../profiles/profile-home.js';

beforeAll(realSockets);

const PUBLIC_APP = 'emulator-public-app';

/** The browser, driven by the test: it follows the authorize URL to the loopback redirect. */
function browser(visited: string[]) {
  return async (url: string): Promise<boolean> => {
    visited.push(url);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    return true;
  };
}

interface SavedOAuth {
  current?: string;
  profiles: Record<
    string,
    { baseUrl?: string; credential: { kind: string; accessToken: string; refreshToken: string } }
  >;
}

describe('pagerduty login, api and logout against the emulator', () => {
  it('signs in through the browser with PKCE, uses and renews the tokens, and revokes them', async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator({ seedUsers: 3 });
    const outputs: RunResult[] = [];
    const visited: string[] = [];
    const login = await runCli(
      [
        'login',
        '--client-id',
        PUBLIC_APP,
        '--identity-url',
        emulator.identityUrl,
        '--base-url',
        emulator.url,
        '--profile',
        'emu',
      ],
      home.env,
      { openBrowser: browser(visited) },
    );
    outputs.push(login);
    expect(login.status).toBe(0);
    expect(login.stderr).toContain('signed in; the tokens are in profile "emu"');
    const authorize = new URL(visited[0] ?? '');
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect((await stat(home.file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(home.file, 'utf8')) as SavedOAuth;
    expect(saved.current).toBe('emu');
    const first = saved.profiles.emu.credential;
    expect(first).toMatchObject({ kind: 'oauth', clientId: PUBLIC_APP, identityUrl: emulator.identityUrl });

    const users = await runCli(['api', '/users', '--jq', '.users | length'], home.env);
    outputs.push(users);
    expect(users).toEqual({ status: 0, stdout: '3\n', stderr: '' });

    // A refused access token is renewed with the refresh token, and the new tokens are saved.
    emulator.revokeOAuthTokens();
    const renewed = await runCli(['api', '/users', '--jq', '.users | length', '--debug'], home.env);
    outputs.push(renewed);
    expect(renewed.status).toBe(0);
    expect(renewed.stdout).toBe('3\n');
    const second = (JSON.parse(await readFile(home.file, 'utf8')) as SavedOAuth).profiles.emu.credential;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await stat(home.file)).mode & 0o777).toBe(0o600);

    // An access token past its expiry is renewed before it is sent, and the new pair saved.
    const expired = JSON.parse(await readFile(home.file, 'utf8')) as SavedOAuth;
    const beforeExpiry = expired.profiles.emu.credential;
    await writeFile(
      home.file,
      JSON.stringify({
        ...expired,
        profiles: {
          emu: { ...expired.profiles.emu, credential: { ...beforeExpiry, expiresAt: '2020-01-01T00:00:00Z' } },
        },
      }),
    );
    emulator.clearRequests();
    const ahead = await runCli(['api', '/users', '--jq', '.users | length'], home.env);
    outputs.push(ahead);
    expect(ahead.stdout).toBe('3\n');
    expect(emulator.requests.map((request) => `${request.path} ${request.status}`)).toEqual([
      '/oauth/token 200',
      '/users 200',
    ]);
    const third = (JSON.parse(await readFile(home.file, 'utf8')) as SavedOAuth).profiles.emu.credential;
    expect(third.refreshToken).not.toBe(beforeExpiry.refreshToken);

    const shown = await runCli(['profile', 'show'], home.env);
    outputs.push(shown);
    expect(shown.stdout).toContain('credential: oauth (access token expires');

    const logout = await runCli(['logout'], home.env);
    outputs.push(logout);
    expect(logout.status).toBe(0);
    expect(logout.stderr).toContain('logged out of profile "emu" (tokens revoked, profile removed)');
    await expect(stat(home.file)).rejects.toThrow(/ENOENT/);
    const refresh = await fetch(`${emulator.identityUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: third.refreshToken,
        client_id: PUBLIC_APP,
      }),
    });
    expect(refresh.status).toBe(400);

    const secrets = [first, second, third].flatMap((credential) => [credential.accessToken, credential.refreshToken]);
    for (const secret of secrets) {
      for (const result of outputs) {
        for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) expect(line).not.toContain(secret);
      }
    }
  });

  it('prints the URL to open when no browser opens', async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator();
    let printed = '';
    const result = await runCli(
      ['login', '--client-id', PUBLIC_APP, '--identity-url', emulator.identityUrl, '--no-browser'],
      home.env,
      {
        stdin: Readable.from([]),
        stderr: {
          write: (text: string) => {
            printed += text;
            const url = /visit:\n {2}(\S+)/.exec(printed)?.[1];
            if (url && !printed.includes('(visited)')) {
              printed += '(visited)';
              void fetch(url);
            }
          },
        },
      },
    );
    expect(result.status).toBe(0);
    expect(printed).toContain('pagerduty: to sign in, visit:\n  http://127.0.0.1:');
    expect(JSON.parse(await readFile(home.file, 'utf8'))).toMatchObject({ current: 'default' });
  });

  it('takes the address pasted from a browser on another machine that could not reach the redirect', async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator();
    const stdin = new PassThrough();
    let printed = '';
    const result = await runCli(
      ['login', '--client-id', PUBLIC_APP, '--identity-url', emulator.identityUrl, '--no-browser'],
      home.env,
      {
        stdin,
        stderr: {
          write: (text: string) => {
            printed += text;
            const url = /visit:\n {2}(\S+)/.exec(printed)?.[1];
            if (url && !printed.includes('(asked)')) {
              printed += '(asked)';
              // The other machine's browser gets the redirect but cannot load 127.0.0.1 of this one.
              void fetch(url, { redirect: 'manual' }).then((answer) => {
                stdin.write('something else\n');
                stdin.write(`${answer.headers.get('location')}\n`);
              });
            }
          },
        },
      },
    );
    expect(result.status).toBe(0);
    expect(printed).toContain('Paste here the address its browser ends on.');
    expect(printed).toContain('signed in; the tokens are in profile "default"');
    expect(stdin.destroyed).toBe(true);
  });

  it('is a usage error without a client id, before anything is started', async () => {
    await using home = await temporaryHome();
    const result = await runCli(['login'], home.env);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'login needs the client id of your OAuth app: --client-id ID or PAGERDUTY_OAUTH_CLIENT_ID',
    );
  });

  it('waits while the identity service refuses in the browser; stops when interrupted, saving nothing', async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator();
    let interrupt: () => void = () => {};
    const until = new Promise<void>((resolve) => (interrupt = resolve));
    let status = 0;
    const result = await runCli(
      ['login', '--client-id', 'no-such-app', '--identity-url', emulator.identityUrl],
      home.env,
      {
        openBrowser: async (url) => {
          status = (await fetch(url)).status;
          interrupt();
          return true;
        },
        until,
      },
    );
    expect(status).toBe(401);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('pagerduty: login interrupted');
    await expect(stat(home.file)).rejects.toThrow(/ENOENT/);
  });
});
