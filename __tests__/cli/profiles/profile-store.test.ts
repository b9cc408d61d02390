// The profile file on disk: edits take turns under its lock (in one process here; as separate processes in
// concurrent-profile-edits.test.ts), and a file someone else could have written is refused with the fix.
import { describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LockTimeoutError, tryLock } from '../../../src/core/files/file-lock.js';
import { UntrustedFileError } from '../../../src/core/files/untrusted-file-error.js';
import type { ProfileFile } from '../../../src/cli/profiles/profile.js';
import { NO_PROFILES, withCurrent, withProfile } from '../../../src/cli/profiles/profile-edits.js';
import { editProfileFile, PROFILE_LOCK, readProfileFile } from '../../../src/cli/profiles/profile-store.js';
import { saveProfileCredential } from '../../../src/cli/profiles/selected-profile.js';
import { canGiveAway, giveToNobody, otherUserSkipReason } from '../../helpers/other-user.js';
import { runCli } from '../cli-harness.js';
import { temporaryHome } from './profile-home.js';

const skipOtherUser = otherUserSkipReason();
const KEY = { kind: 'api-key', key: 'u+storekey0000000000' } as const;

function plant(file: string, content: ProfileFile, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(content));
  chmodSync(file, mode);
}

describe('editProfileFile', () => {
  it('runs edits made at once one after another, each on the file as the one before left it', async () => {
    await using home = await temporaryHome();
    const names = Array.from({ length: 12 }, (_, index) => `n${index}`);
    await Promise.all(names.map((name) => editProfileFile(home.file, (content) => withProfile(content, name, {}))));
    expect(Object.keys((await readProfileFile(home.file))!.profiles).sort()).toEqual([...names].sort());
    expect(readdirSync(path.dirname(home.file))).toEqual(['profiles.json']);
  });

  it('writes nothing when the change throws or returns undefined, deletes a file with no profile left', async () => {
    await using home = await temporaryHome();
    await editProfileFile(home.file, (content) => withCurrent(withProfile(content, 'a', {}), 'a'));
    const failing = editProfileFile(home.file, () => {
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await editProfileFile(home.file, () => undefined)).toEqual({ current: 'a', profiles: { a: {} } });
    expect(readdirSync(path.dirname(home.file))).toEqual(['profiles.json']);
    expect(await editProfileFile(home.file, () => NO_PROFILES)).toBeUndefined();
    expect(existsSync(home.file)).toBe(false);
  });

  it('fails with a LockTimeoutError when the lock stays held past the wait (fake clock): nothing changes', async () => {
    await using home = await temporaryHome();
    plant(home.file, { profiles: { a: {} } });
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => clock;
    const held = await tryLock(`${home.file}.lock`, { lifetimeMs: PROFILE_LOCK.lifetimeMs, now });
    // A wait shorter than the lifetime, so the live lock is not taken over.
    const wait = { ...PROFILE_LOCK, waitMs: 2_000, now, pause: async (ms: number) => void (clock += ms) };
    const error = await editProfileFile(home.file, (content) => withProfile(content, 'b', {}), wait).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as Error).message).toContain(`${home.file}.lock stayed locked by another process for 2 s`);
    expect(JSON.parse(readFileSync(home.file, 'utf8'))).toEqual({ profiles: { a: {} } });
    await held!();
  });

  it('takes over the lock of a command that died mid-edit once it is 10 s old (fake clock)', async () => {
    await using home = await temporaryHome();
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => clock;
    mkdirSync(path.dirname(home.file), { recursive: true, mode: 0o700 });
    await tryLock(`${home.file}.lock`, { lifetimeMs: PROFILE_LOCK.lifetimeMs, now }); // never released
    const started = clock;
    const wait = { ...PROFILE_LOCK, pollMs: 200, now, pause: async (ms: number) => void (clock += ms) };
    await editProfileFile(home.file, (content) => withProfile(content, 'b', {}), wait);
    expect(clock - started).toBeGreaterThanOrEqual(10_000);
    expect(clock - started).toBeLessThan(10_300);
    expect((await readProfileFile(home.file))?.profiles).toEqual({ b: {} });
  });
});

describe('saveProfileCredential', () => {
  it('keeps the changes made meanwhile, and does not bring back a profile removed meanwhile', async () => {
    await using home = await temporaryHome();
    plant(home.file, { current: 'a', profiles: { a: {}, b: { region: 'eu' } } });
    await saveProfileCredential(home.file, 'b', KEY);
    expect(await readProfileFile(home.file)).toEqual({
      current: 'a',
      profiles: { a: {}, b: { region: 'eu', credential: KEY } },
    });
    await saveProfileCredential(home.file, 'gone', KEY);
    expect(Object.keys((await readProfileFile(home.file))!.profiles)).toEqual(['a', 'b']);
  });
});

describe('a profile file someone else could have written', () => {
  it('with mode 0644 is refused by every command, with the fix, and no secret printed', async () => {
    await using home = await temporaryHome();
    plant(home.file, { current: 'a', profiles: { a: { credential: KEY } } }, 0o644);
    await expect(readProfileFile(home.file)).rejects.toBeInstanceOf(UntrustedFileError);
    for (const args of [
      ['profile', 'list'],
      ['profile', 'add', 'b'],
      ['api', '/users'],
    ]) {
      const result = await runCli(args, home.env);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${home.file} has mode 0644`);
      expect(result.stderr).toContain(`chmod 600 ${home.file}`);
      expect(result.stderr).not.toContain(KEY.key);
    }
    expect(JSON.parse(readFileSync(home.file, 'utf8')).profiles).toEqual({ a: { credential: KEY } });
  });

  (canGiveAway ? it : it.skip)(`owned by another user is refused${skipOtherUser}`, async () => {
    await using home = await temporaryHome();
    plant(home.file, { current: 'a', profiles: { a: { credential: KEY } } });
    giveToNobody(home.file);
    const result = await runCli(['api', '/users'], home.env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is owned by uid 65534');
  });

  it('behind a link planted at its lock path is refused: the link is not followed', async () => {
    await using home = await temporaryHome();
    plant(home.file, { profiles: { a: {} } });
    const victim = path.join(path.dirname(home.file), 'victim');
    writeFileSync(victim, 'victim', { mode: 0o600 });
    symlinkSync(victim, `${home.file}.lock`);
    const result = await runCli(['profile', 'add', 'b'], home.env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`rm ${home.file}.lock`);
    expect(readFileSync(victim, 'utf8')).toBe('victim');
    expect(JSON.parse(readFileSync(home.file, 'utf8'))).toEqual({ profiles: { a: {} } });
  });
});
