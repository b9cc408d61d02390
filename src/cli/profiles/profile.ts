/**
 * What a profile holds, and the check of a profile file's content: pure, no file access.
 * A profile names where requests go (region, base URLs), who acts (`From`) and the
 * credential, whose kind says how it is sent.
 *
 * @module
 */
import { checkRegion, type Region } from '../common/connection.js';
import { UsageError } from '../common/usage-error.js';

/** An API key, sent as `Authorization: Token token=...`. */
export interface ApiKeyCredential {
  readonly kind: 'api-key';
  /** The key (a secret: never printed). */
  readonly key: string;
}

/** OAuth tokens from `pagerduty login`, renewed with the refresh token. */
export interface OAuthCredential {
  readonly kind: 'oauth';
  /** The app's client id (public: login uses PKCE, no client secret). */
  readonly clientId: string;
  /** The identity service that issued the tokens. */
  readonly identityUrl: string;
  /** The access token (a secret). */
  readonly accessToken: string;
  /** The refresh token (a secret), when the service gave one. */
  readonly refreshToken?: string;
  /** When the access token expires, as an ISO date. */
  readonly expiresAt?: string;
  /** The scopes granted. */
  readonly scope?: string;
}

/** A saved credential. */
export type ProfileCredential = ApiKeyCredential | OAuthCredential;

/** The kinds of credential, as `profile list` shows them. */
export const CREDENTIAL_KINDS = ['api-key', 'oauth'] as const;

/** One profile. */
export interface Profile {
  /** The service region. */
  readonly region?: Region;
  /** The REST API base URL (the emulator's, say); wins over the region. */
  readonly baseUrl?: string;
  /** The Events API base URL; wins over the region. */
  readonly eventsUrl?: string;
  /** The email of the acting user, sent as `From`. */
  readonly from?: string;
  /** The credential. */
  readonly credential?: ProfileCredential;
}

/** The content of the profile file. */
export interface ProfileFile {
  /** The profile used when neither `--profile` nor `PAGERDUTY_PROFILE` names one. */
  readonly current?: string;
  /** The profiles by name. */
  readonly profiles: Readonly<Record<string, Profile>>;
}

/** A profile name: letters, digits, `.`, `_` and `-`, so that it is safe in a shell and a file. */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** @throws UsageError when `name` is not a valid profile name */
export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(
      `profile name ${JSON.stringify(name)} must be letters, digits, ".", "_" or "-" ` +
        '(at most 64, starting with a letter or digit)',
    );
  }
  return name;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalString(record: Record<string, unknown>, key: string, where: string): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new UsageError(`${where}: "${key}" must be a string`);
  return value;
}

function requiredString(record: Record<string, unknown>, key: string, where: string): string {
  const value = optionalString(record, key, where);
  if (value === undefined || value === '') throw new UsageError(`${where}: "${key}" is missing`);
  return value;
}

function parseCredential(value: unknown, where: string): ProfileCredential | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new UsageError(`${where}: "credential" must be an object`);
  if (value.kind === 'api-key') return { kind: 'api-key', key: requiredString(value, 'key', where) };
  if (value.kind === 'oauth') {
    const optional = Object.fromEntries(
      (['refreshToken', 'expiresAt', 'scope'] as const).flatMap((key) => {
        const text = optionalString(value, key, where);
        return text === undefined ? [] : [[key, text]];
      }),
    );
    return {
      kind: 'oauth',
      clientId: requiredString(value, 'clientId', where),
      identityUrl: requiredString(value, 'identityUrl', where),
      accessToken: requiredString(value, 'accessToken', where),
      ...optional,
    };
  }
  throw new UsageError(`${where}: credential kind must be one of ${CREDENTIAL_KINDS.join(', ')}`);
}

function parseProfile(value: unknown, where: string): Profile {
  if (!isRecord(value)) throw new UsageError(`${where}: must be an object`);
  const region = optionalString(value, 'region', where);
  const profile: Profile = {
    ...(region === undefined ? {} : { region: checkRegion(region, where) }),
    ...Object.fromEntries(
      (['baseUrl', 'eventsUrl', 'from'] as const).flatMap((key) => {
        const text = optionalString(value, key, where);
        return text === undefined ? [] : [[key, text]];
      }),
    ),
  };
  const credential = parseCredential(value.credential, where);
  return credential === undefined ? profile : { ...profile, credential };
}

/**
 * The profile file's content, checked: a file edited by hand that does not hold what a
 * profile holds is refused with its path and the first problem, never half used.
 *
 * @param text - the file's text
 * @param where - the file's path, for messages
 * @throws UsageError when the text is not a profile file
 */
export function parseProfileFile(text: string, where: string): ProfileFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${where} is not JSON`);
  }
  if (!isRecord(value) || !isRecord(value.profiles)) throw new UsageError(`${where}: "profiles" must be an object`);
  const profiles: Record<string, Profile> = {};
  for (const [name, profile] of Object.entries(value.profiles)) {
    profiles[checkProfileName(name)] = parseProfile(profile, `${where}: profile ${JSON.stringify(name)}`);
  }
  const current = optionalString(value, 'current', where);
  return current === undefined ? { profiles } : { current, profiles };
}

/**
 * The profile a command uses: `--profile`, else `PAGERDUTY_PROFILE`, else the file's
 * current one; `undefined` when none is named and the file has no current profile.
 *
 * @throws UsageError when a profile is named that the file does not hold
 */
export function selectProfile(
  file: ProfileFile | undefined,
  named: string | undefined,
): { name: string; profile: Profile } | undefined {
  const name = named ?? file?.current;
  if (name === undefined) return undefined;
  const profile = file?.profiles[name];
  if (profile === undefined) {
    const known = Object.keys(file?.profiles ?? {});
    throw new UsageError(
      `no profile ${JSON.stringify(name)}` +
        (known.length > 0
          ? `; the profiles are: ${known.join(', ')}`
          : '; "pagerduty login" or "pagerduty profile add" makes one'),
    );
  }
  return { name, profile };
}
