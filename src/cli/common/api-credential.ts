/**
 * The credential of `pagerduty api`: `PAGERDUTY_API_KEY` (sent as `--auth-type` says),
 * else the profile's (an API key, or the OAuth tokens of `pagerduty login`). Pure: the
 * environment and the profile go in, the key and how to send it come out.
 *
 * @module
 */
import type { AuthType } from '../../core/auth/auth-methods.js';
import { API_KEY_ENV, fromEnv } from '../environment.js';
import type { ProfileCredential } from '../profiles/profile.js';
import type { TokenProvider } from '../../core/auth/token-provider.js';
import type { CliIo } from '../cli-io.js';
import { profileTokenProvider } from '../profiles/profile-token-provider.js';
import { saveProfileCredential, type SelectedProfile } from '../profiles/selected-profile.js';
import { clientOptions } from './cli-client-options.js';
import { UsageError } from './usage-error.js';

/** The key to send and how. */
export interface ApiCredential {
  /** The API key or access token (a secret). */
  readonly key: string;
  /** How it is sent. */
  readonly authType: AuthType;
  /** Where it came from, for messages: the variable, or the profile's name. */
  readonly origin: string;
  /** The profile's OAuth credential, when the key is its access token (renewed with it). */
  readonly oauth?: Extract<ProfileCredential, { kind: 'oauth' }>;
}

/**
 * The credential: the environment wins over the profile, as for every other setting.
 *
 * @param authType - `--auth-type`, which applies to `PAGERDUTY_API_KEY` only
 * @throws UsageError when neither holds one
 */
export function apiCredential(
  env: Readonly<Record<string, string | undefined>>,
  authType: AuthType,
  profile?: { readonly name: string; readonly credential?: ProfileCredential },
): ApiCredential {
  const key = fromEnv(env, API_KEY_ENV);
  if (key !== undefined) return { key, authType, origin: API_KEY_ENV };
  const credential = profile?.credential;
  const origin = `profile ${JSON.stringify(profile?.name)}`;
  if (credential?.kind === 'api-key') return { key: credential.key, authType: 'token', origin };
  if (credential?.kind === 'oauth')
    return { key: credential.accessToken, authType: 'bearer', origin, oauth: credential };
  throw new UsageError(
    profile === undefined
      ? `no API key: set ${API_KEY_ENV}, or run "pagerduty login" (or "pagerduty profile add")`
      : `no API key: set ${API_KEY_ENV}, or give ${origin} a credential ("pagerduty login --profile ${profile.name}")`,
  );
}

/**
 * The key to send: the credential's, or for a profile's OAuth tokens the library's refresh
 * token provider, which renews them and has the new ones written back to the profile file.
 */
export async function keyToSend(
  credential: ApiCredential,
  selected: SelectedProfile | undefined,
  args: { readonly debug?: boolean },
  io: CliIo,
): Promise<string | TokenProvider> {
  if (credential.oauth === undefined || selected === undefined) return credential.key;
  return profileTokenProvider(credential.oauth, clientOptions({ debug: args.debug }, io), (renewed) =>
    saveProfileCredential(selected.file, selected.name, renewed),
  );
}
