/**
 * The changes `pagerduty profile` and `pagerduty login` make to the profile file, and what
 * `profile list` and `profile show` print: pure functions of the file's content, each
 * returning a new content (the caller's is never changed). Nothing printed holds a secret.
 *
 * @module
 */
import type { Profile, ProfileCredential, ProfileFile } from './profile.js';

/** The empty file. */
export const NO_PROFILES: ProfileFile = { profiles: {} };

/**
 * The file with profile `name` created or updated: `changes` replace its fields; a field
 * set to `undefined` stays as it was.
 */
export function withProfile(file: ProfileFile | undefined, name: string, changes: Profile): ProfileFile {
  const content = file ?? NO_PROFILES;
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...content, profiles: { ...content.profiles, [name]: { ...content.profiles[name], ...given } } };
}

/** The file with `name` as the current profile. */
export function withCurrent(file: ProfileFile, name: string): ProfileFile {
  return { ...file, current: name };
}

/** The file without profile `name` (and without it as the current one). */
export function withoutProfile(file: ProfileFile, name: string): ProfileFile {
  const profiles = Object.fromEntries(Object.entries(file.profiles).filter(([key]) => key !== name));
  return file.current === name ? { profiles } : { ...file, profiles };
}

/** The file with profile `name`'s credential removed. */
export function withoutCredential(file: ProfileFile, name: string): ProfileFile {
  const existing = file.profiles[name];
  if (existing === undefined) return file;
  const profile = Object.fromEntries(Object.entries(existing).filter(([key]) => key !== 'credential'));
  return { ...file, profiles: { ...file.profiles, [name]: profile } };
}

/** A credential described without its secret: its kind, and for OAuth when it expires. */
export function credentialSummary(credential: ProfileCredential | undefined): string {
  if (credential === undefined) return 'none';
  if (credential.kind === 'api-key') return 'api-key';
  const parts = [
    credential.expiresAt && `access token expires ${credential.expiresAt}`,
    credential.refreshToken && 'renewable',
    credential.scope && `scope ${credential.scope}`,
  ].filter(Boolean);
  return parts.length > 0 ? `oauth (${parts.join(', ')})` : 'oauth';
}

/**
 * `profile list`: one line per profile, the current one marked with `*`: name, credential
 * kind, and where its requests go.
 */
export function listLines(file: ProfileFile | undefined, current: string | undefined): string[] {
  const entries = Object.entries(file?.profiles ?? {});
  const width = Math.max(0, ...entries.map(([name]) => name.length));
  return entries.map(([name, profile]) =>
    [
      name === current ? '*' : ' ',
      name.padEnd(width),
      (profile.credential?.kind ?? 'none').padEnd(7),
      profile.baseUrl ?? profile.region ?? 'us',
    ].join(' '),
  );
}

/** `profile show`: one `field: value` line per setting of the profile. */
export function showLines(name: string, profile: Profile, current: boolean): string[] {
  return [
    `profile: ${name}${current ? ' (current)' : ''}`,
    `region: ${profile.region ?? 'us'}`,
    ...(profile.baseUrl === undefined ? [] : [`base-url: ${profile.baseUrl}`]),
    ...(profile.eventsUrl === undefined ? [] : [`events-url: ${profile.eventsUrl}`]),
    ...(profile.from === undefined ? [] : [`from: ${profile.from}`]),
    `credential: ${credentialSummary(profile.credential)}`,
  ];
}
