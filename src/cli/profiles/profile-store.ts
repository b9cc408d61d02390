/**
 * The profile file on disk: `$XDG_CONFIG_HOME/pagerduty/profiles.json`, else
 * `~/.config/pagerduty/profiles.json`. Only its owner can read it (mode 0600, in a folder
 * of mode 0700), and every write replaces it whole through a temporary file and a rename,
 * so that a reader never sees half a file and a crash never leaves one.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../common/usage-error.js';
import { parseProfileFile, type ProfileFile } from './profile.js';

export { PROFILE_ENV } from '../environment.js';

/** The environment variables that place the file. */
type Env = Readonly<Record<string, string | undefined>>;

/** The profile file's path for an environment: `XDG_CONFIG_HOME`, else `HOME`'s `.config`. */
export function profileFilePath(env: Env): string {
  const config = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(config, 'pagerduty', 'profiles.json');
}

/** The file's checked content; `undefined` when there is no file. */
export async function readProfileFile(file: string): Promise<ProfileFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return parseProfileFile(text, file);
}

/**
 * Replaces the file with `content`, mode 0600, atomically (a temporary file beside it,
 * flushed, then renamed over it).
 */
export async function writeProfileFile(file: string, content: ProfileFile): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // The mode given to open() is reduced by the umask; the file must be 0600 whatever it is.
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Deletes the file; no error when it is already gone. */
export async function deleteProfileFile(file: string): Promise<void> {
  await rm(file, { force: true });
}
