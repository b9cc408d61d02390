import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startEmulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { runCli, type RunResult } from '../cli-harness.js';
import { temporaryHome } from '../profiles/profile-home.js';

beforeAll(realSockets);

/** Fails when any line of the output holds the secret. */
function expectNoSecret(result: RunResult, secret: string): void {
  for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) expect(line).not.toContain(secret);
}

describe('pagerduty profile', () => {
  it('adds a profile with a key read from standard input, in a file only its owner can read', async () => {
    await using home = await temporaryHome();
    const key = 'u+profilekey0000000000';
    const added = await runCli(
      ['profile', 'add', 'work', '--region', 'eu', '--from', 'me@example.com', '--with-key'],
      home.env,
      { stdin: Readable.from([`${key}\n`]) },
    );
    expect(added.status).toBe(0);
    expectNoSecret(added, key);
    expect((await stat(home.file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(home.file))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(home.file, 'utf8'))).toEqual({
      current: 'work',
      profiles: { work: { region: 'eu', from: 'me@example.com', credential: { kind: 'api-key', key } } },
    });

    const shown = await runCli(['profile', 'show'], home.env);
    expect(shown).toEqual({
      status: 0,
      stdout: 'profile: work (current)\nregion: eu\nfrom: me@example.com\ncredential: api-key\n',
      stderr: '',
    });
  });

  it('lists the profiles with the current one marked, switches with use, and removes them', async () => {
    await using home = await temporaryHome();
    await runCli(['profile', 'add', 'one', '--base-url', 'http://127.0.0.1:9'], home.env);
    await runCli(['profile', 'add', 'two', '--region', 'eu'], home.env);
    expect((await runCli(['profile', 'list'], home.env)).stdout).toBe(
      '* one none    http://127.0.0.1:9\n  two none    eu\n',
    );
    expect((await runCli(['profile', 'use', 'two'], home.env)).status).toBe(0);
    expect((await runCli(['profile', 'list'], home.env)).stdout).toBe(
      '  one none    http://127.0.0.1:9\n* two none    eu\n',
    );
    expect((await runCli(['profile', 'list'], { ...home.env, PAGERDUTY_PROFILE: 'one' })).stdout).toMatch(/^\* one/);
    expect((await stat(home.file)).mode & 0o777).toBe(0o600);
    await runCli(['profile', 'remove', 'one'], home.env);
    await runCli(['profile', 'remove', 'two'], home.env);
    await expect(stat(home.file)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a profile that does not exist, naming the ones that do', async () => {
    await using home = await temporaryHome();
    await runCli(['profile', 'add', 'work'], home.env);
    const result = await runCli(['profile', 'use', 'wrok'], home.env);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no profile "wrok"; the profiles are: work');
  });

  it('refuses an option of add with another action', async () => {
    await using home = await temporaryHome();
    const result = await runCli(['profile', 'list', '--region', 'eu'], home.env);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--region works only with "profile add"');
  });

  it('reads XDG_CONFIG_HOME when it is set', async () => {
    await using home = await temporaryHome();
    const config = path.join(home.env.HOME, 'xdg');
    await runCli(['profile', 'add', 'work'], { ...home.env, XDG_CONFIG_HOME: config });
    expect((await stat(path.join(config, 'pagerduty', 'profiles.json'))).mode & 0o777).toBe(0o600);
  });
});

describe('a profile used by the commands', () => {
  it("gives api its key and base URL, and the environment's key wins over it", async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator({ seedUsers: 2 });
    const key = emulator.keys.account;
    await runCli(
      ['profile', 'add', 'emu', '--base-url', emulator.url, '--from', 'me@example.com', '--with-key'],
      home.env,
      {
        stdin: Readable.from([key]),
      },
    );
    const result = await runCli(['api', '/users', '--jq', '.users | length', '--debug'], home.env);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('2\n');
    expectNoSecret(result, key);

    const wrong = await runCli(['api', '/users'], { ...home.env, PAGERDUTY_API_KEY: 'not-a-key' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('status 401');
  });

  it('is chosen with --profile or PAGERDUTY_PROFILE over the current one', async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator({ seedUsers: 1 });
    await runCli(['profile', 'add', 'nowhere', '--base-url', 'http://127.0.0.1:1'], home.env);
    await runCli(['profile', 'add', 'emu', '--base-url', emulator.url, '--with-key'], home.env, {
      stdin: Readable.from([emulator.keys.account]),
    });
    expect(
      (await runCli(['api', '/users', '--profile', 'emu'], { ...home.env, PAGERDUTY_PROFILE: 'nowhere' })).status,
    ).toBe(0);
    expect(emulator.requests).toHaveLength(1);
    const fromEnv = await runCli(['api', '/users', '--jq', '.users | length'], {
      ...home.env,
      PAGERDUTY_PROFILE: 'emu',
    });
    expect(fromEnv.stdout).toBe('1\n');
    const unknown = await runCli(['api', '/users', '--profile', 'nope'], home.env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no profile "nope"');
  });

  it("sends the event commands to the profile's Events URL", async () => {
    await using home = await temporaryHome();
    await using emulator = await startEmulator();
    await runCli(['profile', 'add', 'emu', '--events-url', `${emulator.url}/v2/enqueue`], home.env);
    const routingKey = emulator.keys.routing[0]?.routingKey ?? '';
    const result = await runCli(['trigger', '-k', routingKey, '--description', 'Disk full'], home.env);
    expect(result.status).toBe(0);
    expect(emulator.requests.map((request) => request.path)).toEqual(['/v2/enqueue']);
  });
});
