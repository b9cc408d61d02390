/**
 * The profile file on disk: `$XDG_CONFIG_HOME/pagerduty/profiles.json`, else
 * `~/.config/pagerduty/profiles.json`. It holds credentials, so it follows the library's rules
 * for a credential file (`core/files/file-trust.ts`): it is used only while it is a regular
 * file of the user's own with mode 0600, in a folder no one else can write (it is created
 * 0700); anything else is refused with an `UntrustedFileError` that says how to fix it.
 *
 * Every change goes through {@link editProfileFile}: lock (`profiles.json.lock`), read the
 * file afresh, change, replace it whole (a temporary file, flushed, renamed over it), unlock.
 * So commands that run at once (`profile add|use|remove`, `login`, `logout`, a renewal by
 * `api`) never lose one another's change, a reader never sees half a file and a crash never
 * leaves one.
 *
 * @module
 */
import { mkdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { waitForLock, type LockWait } from '../../core/files/file-lock.js';
import { UntrustedFileError } from '../../core/files/untrusted-file-error.js';
import { readPrivateFile, replacePrivateFile } from '../../core/files/private-file.js';
import { UsageError } from '../common/usage-error.js';
import { parseProfileFile, type ProfileFile } from './profile.js';

export { PROFILE_ENV } from '../environment.js';

/** The environment variables that place the file. */
type Env = Readonly<Record<string, string | undefined>>;

const FEATURE = 'The profile file';

/**
 * How edits take turns. An edit holds the lock for milliseconds (read, change, write,
 * flush); one older than 10 s belongs to a command that died mid-edit and is taken over.
 * A command waits up to 15 s, longer than that lifetime, so it outlasts a dead holder's
 * lock, and fails with a `LockTimeoutError` only when live commands keep the file locked
 * that long.
 */
export const PROFILE_LOCK: LockWait = { lifetimeMs: 10_000, waitMs: 15_000, pollMs: 20 };

/** The profile file's path for an environment: `XDG_CONFIG_HOME`, else `HOME`'s `.config`. */
export function profileFilePath(env: Env): string {
  const config = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(config, 'pagerduty', 'profiles.json');
}

/**
 * The file's checked content; `undefined` when there is no file.
 *
 * @throws UntrustedFileError when the file or its folder is not the user's own alone
 * @throws UsageError when it cannot be read or does not hold profiles
 */
export async function readProfileFile(file: string): Promise<ProfileFile | undefined> {
  let text: string | undefined;
  try {
    text = await readPrivateFile(file, FEATURE);
  } catch (error) {
    if (error instanceof UntrustedFileError) throw error;
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return text === undefined ? undefined : parseProfileFile(text, file);
}

/**
 * Changes the profile file under its lock: `change` gets the content read afresh (`undefined`
 * when there is no file) and returns the new one, or `undefined` to leave the file as it is;
 * a content without profiles deletes the file. A `change` that throws changes nothing.
 * Resolves to the file's content afterwards.
 *
 * @param lock - how the edit waits for its turn @default PROFILE_LOCK
 * @throws LockTimeoutError when the file stays locked beyond the wait
 * @throws UntrustedFileError when the file, its folder or its lock is not the user's own
 *
 * @example
 * ```ts
 * await editProfileFile(file, (content) => withCurrent(content ?? NO_PROFILES, 'work'));
 * ```
 */
export async function editProfileFile(
  file: string,
  change: (content: ProfileFile | undefined) => ProfileFile | undefined,
  lock: LockWait = PROFILE_LOCK,
): Promise<ProfileFile | undefined> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const unlock = await waitForLock(`${file}.lock`, lock);
  try {
    const content = await readProfileFile(file);
    const changed = change(content);
    if (changed === undefined) return content;
    if (Object.keys(changed.profiles).length === 0) {
      await rm(file, { force: true });
      return undefined;
    }
    await replacePrivateFile(file, `${JSON.stringify(changed, null, 2)}\n`, FEATURE);
    return changed;
  } finally {
    await unlock();
  }
}
