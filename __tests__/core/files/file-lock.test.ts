// The lock file: judged by its own modification time on the caller's clock (a fake one here: nothing sleeps),
// never by what it holds; made whole and never through a link; waited for within a bound.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockIsStale, LockTimeoutError, tryLock, waitForLock } from '../../../src/core/files/file-lock.js';
import { UntrustedFileError } from '../../../src/core/files/untrusted-file-error.js';
import { canGiveAway, giveToNobody, otherUserSkipReason } from '../../helpers/other-user.js';

const LIFETIME_MS = 30_000;
const YEAR_MS = 365 * 86_400_000;
const skipOtherUser = otherUserSkipReason();
let dir: string;
let lock: string;
let clock: number;
const now = (): number => clock;
const life = { lifetimeMs: LIFETIME_MS, now };

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pd-file-lock-'));
  lock = path.join(dir, 'tokens.json.lock');
  clock = Date.parse('2030-01-01T00:00:00Z');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A lock as another process of the user's would leave it: `content`, stamped at `stamp`. */
function plantLock(content: string, stamp: number): void {
  writeFileSync(lock, content, { mode: 0o600 });
  utimesSync(lock, stamp / 1000, stamp / 1000);
}

describe('lockIsStale', () => {
  it('is live from its stamp for the lifetime, stale from then on, and stale when stamped ahead of the clock', () => {
    expect(lockIsStale(1_000, 1_000, LIFETIME_MS)).toBe(false);
    expect(lockIsStale(1_000, 30_999, LIFETIME_MS)).toBe(false);
    expect(lockIsStale(1_000, 31_000, LIFETIME_MS)).toBe(true);
    // A coarse file system may round a stamp; one far ahead was not made on this clock within its lifetime.
    expect(lockIsStale(1_500, 1_000, LIFETIME_MS)).toBe(false);
    expect(lockIsStale(1_000 + YEAR_MS, 1_000, LIFETIME_MS)).toBe(true);
  });
});

describe('tryLock', () => {
  it('gives the lock to one holder at a time, and leaves nothing behind once released', async () => {
    const release = await tryLock(lock, life);
    expect(release).toBeDefined();
    expect(await tryLock(lock, life)).toBeUndefined();
    expect(lstatSync(lock).mtimeMs).toBe(clock);
    await release!();
    const again = await tryLock(lock, life);
    expect(again).toBeDefined();
    await again!();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a lock claiming an expiry a year ahead as stale 30 s after it was made', async () => {
    plantLock(String(clock + YEAR_MS), clock);
    clock += LIFETIME_MS - 1;
    expect(await tryLock(lock, life)).toBeUndefined();
    clock += 1;
    const release = await tryLock(lock, life);
    expect(release).toBeDefined();
    expect(readFileSync(lock, 'utf8')).toMatch(/^\d+ [0-9a-f]{12}\n$/);
    await release!();
  });

  it('treats a lock stamped a year ahead of the clock as stale at once', async () => {
    plantLock('', clock + YEAR_MS);
    expect(await tryLock(lock, life)).toBeDefined();
  });

  it('does not follow a link planted at the lock path, nor remove it: it is refused', async () => {
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, String(clock + YEAR_MS), { mode: 0o600 });
    symlinkSync(victim, lock);
    const error = await tryLock(lock, life).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UntrustedFileError);
    expect(error).toMatchObject({ reason: 'lock-link', fix: `remove it (rm ${lock})` });
    expect(readFileSync(victim, 'utf8')).toBe(String(clock + YEAR_MS));
    expect(lstatSync(lock).isSymbolicLink()).toBe(true);
    // A dangling link: the file it names is not created through it.
    rmSync(lock);
    symlinkSync(path.join(dir, 'made-through-link'), lock);
    await expect(tryLock(lock, life)).rejects.toBeInstanceOf(UntrustedFileError);
    expect(existsSync(path.join(dir, 'made-through-link'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['tokens.json.lock', 'victim']);
  });

  (canGiveAway ? it : it.skip)(`refuses another user's lock, stale or not, and leaves it${skipOtherUser}`, async () => {
    chmodSync(dir, 0o1777); // a shared folder, where another user can make it
    plantLock('', clock - 10 * LIFETIME_MS);
    giveToNobody(lock);
    await expect(tryLock(lock, life)).rejects.toMatchObject({ name: 'UntrustedFileError', reason: 'lock-owner' });
    expect(existsSync(lock)).toBe(true);
  });

  it('refuses to lock in a folder group or others may write (not sticky), making nothing there', async () => {
    chmodSync(dir, 0o777);
    await expect(tryLock(lock, life)).rejects.toMatchObject({ name: 'UntrustedFileError', reason: 'folder-mode' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('releases only its own lock: one taken over after it went stale stays with its new holder', async () => {
    const first = await tryLock(lock, life);
    clock += LIFETIME_MS;
    const second = await tryLock(lock, life);
    expect(second).toBeDefined();
    await first!();
    expect(await tryLock(lock, life)).toBeUndefined();
    await second!();
    expect(existsSync(lock)).toBe(false);
  });
});

describe('waitForLock', () => {
  // A pause that moves the fake clock, and runs `during` at each pause (another process's doing).
  function pausing(during: (paused: number) => Promise<void> | void = () => undefined) {
    let paused = 0;
    return {
      pause: async (milliseconds: number) => {
        paused += 1;
        clock += milliseconds;
        await during(paused);
      },
      count: () => paused,
    };
  }

  it('waits while the lock is held, and takes it once released', async () => {
    const held = await tryLock(lock, life);
    const { pause, count } = pausing((paused) => (paused === 3 ? held!() : undefined));
    const release = await waitForLock(lock, { ...life, waitMs: 5_000, pollMs: 20, pause });
    expect(count()).toBe(3);
    await release();
  });

  it('outlasts the lock of a holder that died when the wait is longer than the lifetime', async () => {
    plantLock(String(clock + YEAR_MS), clock);
    const started = clock;
    const { pause } = pausing();
    const release = await waitForLock(lock, { ...life, waitMs: 45_000, pollMs: 1_000, pause });
    expect(clock - started).toBeGreaterThanOrEqual(LIFETIME_MS);
    expect(clock - started).toBeLessThan(LIFETIME_MS + 1_600);
    await release();
  });

  it('fails with a LockTimeoutError naming the lock once the wait runs out, leaving the holder its lock', async () => {
    const held = await tryLock(lock, life);
    const started = clock;
    const { pause } = pausing();
    const error = await waitForLock(lock, { ...life, waitMs: 5_000, pollMs: 100, pause }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as LockTimeoutError).message).toBe(
      `${lock} stayed locked by another process for 5 s; try again ` +
        '(a lock older than 30 s is taken over, so a process that died does not block this)',
    );
    expect(clock - started).toBeGreaterThanOrEqual(5_000);
    expect(clock - started).toBeLessThan(5_200);
    expect(existsSync(lock)).toBe(true);
    await held!();
  });
});
