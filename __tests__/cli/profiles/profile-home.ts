/** Test helpers: a temporary home folder for the profile file, removed afterwards. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary HOME, its profile file's path, and how to remove it. */
export interface TemporaryHome {
  /** The environment that points the program at it (HOME, no XDG_CONFIG_HOME). */
  readonly env: Record<string, string>;
  /** Where the profile file goes. */
  readonly file: string;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Makes a temporary home folder. */
export async function temporaryHome(): Promise<TemporaryHome> {
  const home = await mkdtemp(path.join(tmpdir(), 'pagerduty-home-'));
  return {
    env: { HOME: home },
    file: path.join(home, '.config', 'pagerduty', 'profiles.json'),
    [Symbol.asyncDispose]: () => rm(home, { recursive: true, force: true }),
  };
}
