/**
 * The profile a command runs with, read from the profile file: `--profile`, else
 * `PAGERDUTY_PROFILE`, else the file's current profile, else none.
 *
 * @module
 */
import type { CliIo } from '../cli-io.js';
import { fromEnv } from '../environment.js';
import { selectProfile, type Profile, type ProfileCredential } from './profile.js';
import { withProfile } from './profile-edits.js';
import { editProfileFile, PROFILE_ENV, profileFilePath, readProfileFile } from './profile-store.js';

/** The selected profile, its name and the file it lives in. */
export interface SelectedProfile {
  /** The profile's name. */
  readonly name: string;
  /** What it holds. */
  readonly profile: Profile;
  /** The profile file's path. */
  readonly file: string;
}

/**
 * The profile a command uses; `undefined` when none is named and there is no current one.
 *
 * @throws UsageError when the named profile does not exist, or the file is malformed
 */
export async function loadSelectedProfile(
  args: { readonly profile?: string },
  io: Pick<CliIo, 'env'>,
): Promise<SelectedProfile | undefined> {
  const file = profileFilePath(io.env);
  const named = args.profile ?? fromEnv(io.env, PROFILE_ENV);
  const content = await readProfileFile(file);
  const selected = selectProfile(content, named);
  return selected === undefined ? undefined : { ...selected, file };
}

/**
 * Writes `credential` into profile `name` of the file, under its lock (read afresh, so that
 * other changes are kept). A profile removed meanwhile (`logout`) stays removed.
 */
export async function saveProfileCredential(file: string, name: string, credential: ProfileCredential): Promise<void> {
  await editProfileFile(file, (content) =>
    content?.profiles[name] === undefined ? undefined : withProfile(content, name, { credential }),
  );
}
