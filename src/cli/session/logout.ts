/**
 * `pagerduty logout`: revokes a profile's OAuth tokens at the identity service (`POST
 * /oauth/revoke`; an API key cannot be revoked through the API: it is only forgotten), then
 * removes the profile, and the profile file with it when no profile is left.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { clientOptions } from '../common/cli-client-options.js';
import { PROFILE_ENV } from '../environment.js';
import type { OAuthCredential } from '../profiles/profile.js';
import { withoutProfile } from '../profiles/profile-edits.js';
import { editProfileFile } from '../profiles/profile-store.js';
import { loadSelectedProfile } from '../profiles/selected-profile.js';
import { COMMANDS } from '../program.js';
import { UsageError } from '../common/usage-error.js';

/** The options of `pagerduty logout`. */
export interface LogoutArgs {
  /** `--profile`: the profile to log out of. */
  readonly profile?: string;
  /** `--debug`: print the revoke requests. */
  readonly debug?: boolean;
}

/** Revokes the refresh token and the access token; resolves to what could not be revoked. */
async function revokeTokens(credential: OAuthCredential, args: LogoutArgs, io: CliIo): Promise<string[]> {
  const { OAuthTokenClient } = await import('../../core/oauth/oauth-token-client.js');
  const oauth = new OAuthTokenClient(
    null,
    credential.clientId,
    clientOptions({ baseUrl: credential.identityUrl, debug: args.debug }, io),
  );
  const failures: string[] = [];
  const tokens = [
    ['refresh token', credential.refreshToken],
    ['access token', credential.accessToken],
  ] as const;
  try {
    for (const [what, token] of tokens) {
      if (token === undefined) continue;
      try {
        const response = await oauth.post('/oauth/revoke', { form: { token } });
        if (!response.ok) failures.push(`${what} (status ${response.status})`);
      } catch (error) {
        failures.push(`${what} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } finally {
    oauth.close();
  }
  return failures;
}

async function runLogout(args: LogoutArgs, io: CliIo): Promise<void> {
  const selected = await loadSelectedProfile(args, io);
  if (selected === undefined) throw new UsageError('no profile to log out of: name one with --profile');
  const credential = selected.profile.credential;
  const failures = credential?.kind === 'oauth' ? await revokeTokens(credential, args, io) : [];
  for (const failure of failures) io.stderr.write(`pagerduty: warning: could not revoke the ${failure}\n`);
  await editProfileFile(selected.file, (latest) => latest && withoutProfile(latest, selected.name));
  const revoked = credential?.kind === 'oauth' && failures.length === 0 ? 'tokens revoked, ' : '';
  io.stderr.write(`pagerduty: logged out of profile ${JSON.stringify(selected.name)} (${revoked}profile removed)\n`);
}

/**
 * The `logout` command.
 *
 * @example
 * ```sh
 * pagerduty logout --profile work
 * ```
 */
export function logoutCommand(io: CliIo): CommandModule<object, LogoutArgs> {
  return {
    command: COMMANDS.logout.usage,
    describe: COMMANDS.logout.describe,
    builder: (yargs: Argv) =>
      yargs
        .option('profile', {
          type: 'string',
          describe: 'The profile to log out of',
          defaultDescription: `$${PROFILE_ENV}, else the current profile`,
        })
        .option('debug', { type: 'boolean', default: false, describe: 'Print each request attempt to standard error' })
        .example('$0 logout --profile work', '') as unknown as Argv<LogoutArgs>,
    handler: (args: ArgumentsCamelCase<LogoutArgs>) => runLogout(args, io),
  };
}
