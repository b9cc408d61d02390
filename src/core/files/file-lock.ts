// An exclusive lock between the processes of one machine: a file beside the one it guards (`<path>.lock`).
//
// A lock is judged by its file, never by what it holds: it is live while its modification time (stamped by its
// maker on the maker's clock) lies less than the lifetime in the past, and stale after, whatever its content or
// its maker claimed. It is made whole before it appears: written to a temporary file (created exclusively, never
// through a link), stamped, then hard-linked to the lock path, which fails when anything (a link included) is
// there and never follows one. A lock that is a link, not a regular file, or another user's is refused
// (UntrustedFileError), never followed, waited for or removed. A stale lock, or our own at release, is moved
// aside by an atomic rename and removed only if it is still the file judged: a lock taken anew meanwhile is put
// back.
import { PagerDutyError } from '../errors/error-classes.js';
import { currentUid, lockProblem } from './file-trust.js';
import { UntrustedFileError } from './untrusted-file-error.js';
import { checkFolder, errorCode, exclusiveCreate, nodeFiles, randomHex, temporaryPath } from './private-file.js';

/** Releases a lock; releasing one that was taken over (it went stale) leaves the new holder's in place. */
export type Unlock = () => Promise<void>;

/** How long a lock lives, on which clock. */
export interface LockLife {
  /** A lock older than this (by its file's modification time) belongs to a holder that died: it is taken over. */
  readonly lifetimeMs: number;
  /** The clock of the stamps and ages, in milliseconds since the epoch. @default Date.now */
  readonly now?: () => number;
}

/** How long to wait for a lock. */
export interface LockWait extends LockLife {
  /** After this long without the lock, give up (LockTimeoutError). */
  readonly waitMs: number;
  /** The pause between tries (jittered by ±50%, so that waiters do not move in step). */
  readonly pollMs: number;
  /** Waits (tests pass one that moves a fake clock). @default a real timer */
  readonly pause?: (milliseconds: number) => Promise<void>;
}

/** The lock could not be had within the wait. */
export class LockTimeoutError extends PagerDutyError {
  /** The lock file. */
  readonly path: string;

  /**
   * @param path - the lock file
   * @param wait - the wait and lifetime that ran out
   */
  constructor(path: string, wait: LockWait) {
    super(
      `${path} stayed locked by another process for ${wait.waitMs / 1000} s; try again ` +
        `(a lock older than ${wait.lifetimeMs / 1000} s is taken over, so a process that died does not block this)`,
    );
    this.path = path;
  }
}

// Modification times may lag the clock (a coarse file system rounds down), never lead it by much: a lock stamped
// further ahead than this is not one made on this clock within its lifetime, and is stale.
const FUTURE_SLACK_MS = 1000;

// A file system without hard links (FAT, some network shares) makes the lock in place instead.
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

const FEATURE = 'A file lock';

/** What tells one lock from another: its file (inode numbers are reused at once) and its random content. */
interface LockIdentity {
  readonly ino: bigint;
  readonly dev: bigint;
  readonly text: string;
  /** Its stamp. */
  readonly mtimeMs: number;
}

/** Whether a lock stamped at `mtimeMs` is stale at `now` (pure). */
export function lockIsStale(mtimeMs: number, now: number, lifetimeMs: number): boolean {
  const age = now - mtimeMs;
  return age >= lifetimeMs || age < -FUTURE_SLACK_MS;
}

async function orNone<T>(pending: Promise<T>): Promise<T | undefined> {
  return pending.catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  });
}

// The identity of the lock file at `path`, read without following a link; `undefined` when it is gone.
async function identityOf(path: string): Promise<LockIdentity | undefined> {
  const { files, constants } = nodeFiles(FEATURE);
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const handle = await orNone(files.open(path, flags));
  if (handle === undefined) return undefined;
  try {
    const { ino, dev, mtimeMs } = await handle.stat({ bigint: true });
    return { ino, dev, mtimeMs: Number(mtimeMs), text: await handle.readFile('utf8') };
  } finally {
    await handle.close();
  }
}

// Moves the file at `path` aside (atomic: of two processes, one moves it) and removes it if it is `expected`;
// otherwise it is a lock taken meanwhile, linked back in place (unless yet another was made there: a race of
// three, lost).
async function removeIfSame(path: string, expected: LockIdentity): Promise<void> {
  const { files } = nodeFiles(FEATURE);
  const aside = temporaryPath(path);
  if ((await orNone(files.rename(path, aside).then(() => true))) === undefined) return;
  try {
    const moved = await identityOf(aside);
    const same = moved?.ino === expected.ino && moved.dev === expected.dev && moved.text === expected.text;
    if (!same) await files.link(aside, path).catch(() => undefined);
  } finally {
    await files.rm(aside, { force: true });
  }
}

// Makes a lock file stamped `stamp`; resolves to its identity, or `undefined` when a lock is already there.
async function createLock(path: string, stamp: number): Promise<LockIdentity | undefined> {
  const { files, constants } = nodeFiles(FEATURE);
  const pid = (globalThis as { process?: { pid?: number } }).process?.pid ?? '';
  const text = `${pid} ${randomHex()}\n`;
  const write = async (target: string): Promise<LockIdentity> => {
    const handle = await files.open(target, exclusiveCreate(constants), 0o600);
    try {
      await handle.writeFile(text);
      await handle.utimes(stamp / 1000, stamp / 1000);
      const { ino, dev } = await handle.stat({ bigint: true });
      return { ino, dev, text, mtimeMs: stamp };
    } finally {
      await handle.close();
    }
  };
  const temporary = temporaryPath(path);
  const made = await write(temporary);
  try {
    await files.link(temporary, path);
    return made;
  } catch (error) {
    const code = errorCode(error) ?? '';
    if (code === 'EEXIST') return undefined;
    if (!NO_HARD_LINKS.has(code)) throw error;
  } finally {
    await files.rm(temporary, { force: true });
  }
  return write(path).catch((error: unknown) => {
    if (errorCode(error) === 'EEXIST') return undefined;
    throw error;
  });
}

/**
 * Takes the lock at `path` if no live lock is there: resolves to its release, or `undefined` when another
 * process holds it. A stale lock is taken over.
 *
 * @throws UntrustedFileError when a link, a non-file or another user's file is at `path`, or
 * someone else may replace the files of its folder
 */
export async function tryLock(path: string, life: LockLife): Promise<Unlock | undefined> {
  const now = life.now ?? Date.now;
  await checkFolder(path, nodeFiles(FEATURE));
  // Three tries: the lock may be released, or a stale one removed, between a try and the next.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const mine = await createLock(path, now());
    if (mine !== undefined) return () => removeIfSame(path, mine);
    const found = await orNone(nodeFiles(FEATURE).files.lstat(path));
    if (found === undefined) continue;
    const problem = lockProblem(found, currentUid(), path);
    if (problem) throw new UntrustedFileError(path, problem);
    if (!lockIsStale(found.mtimeMs, now(), life.lifetimeMs)) return undefined;
    // Read again, on the file itself: it may have been taken anew since the look above.
    const stale = await identityOf(path);
    if (stale !== undefined && lockIsStale(stale.mtimeMs, now(), life.lifetimeMs)) await removeIfSame(path, stale);
  }
  return undefined;
}

const realPause = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Takes the lock at `path`, waiting at most `wait.waitMs` for a live one to be released (or to go stale).
 *
 * @throws LockTimeoutError when the wait runs out
 * @throws UntrustedFileError when a link, a non-file or another user's file is at `path`
 */
export async function waitForLock(path: string, wait: LockWait): Promise<Unlock> {
  const now = wait.now ?? Date.now;
  const pause = wait.pause ?? realPause;
  const started = now();
  for (;;) {
    const unlock = await tryLock(path, wait);
    if (unlock !== undefined) return unlock;
    if (now() - started >= wait.waitMs) throw new LockTimeoutError(path, wait);
    await pause(wait.pollMs * (0.5 + Math.random()));
  }
}
