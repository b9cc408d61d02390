/**
 * `pagerduty login`: OAuth authorization code with PKCE (RFC 7636) through the system
 * browser and a loopback redirect (RFC 8252), as `gh auth login` does. The tokens go into
 * a profile (mode 0600), from which `pagerduty api` uses and renews them.
 *
 * Where no browser opens, the URL is printed to open by hand. Where no browser can reach
 * this machine's loopback (a remote shell), the user opens it on another machine and pastes
 * back the address the browser ends on (or forwards a fixed `--port` over ssh):
 * PagerDuty's identity service has no device grant (RFC 8628) to fall back on.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { clientOptions } from '../common/cli-client-options.js';
import { REGIONS, type ConnectionArgs } from '../common/connection.js';
import { withConnectionOptions } from '../common/connection-options.js';
import { CLIENT_ID_ENV, envDefault, fromEnv, IDENTITY_URL_ENV, PROFILE_ENV } from '../environment.js';
import { startLoopbackRedirect } from '../login/loopback-redirect.js';
import { openBrowser } from '../login/open-browser.js';
import { pastedCode } from '../login/pasted-redirect.js';
import { checkProfileName, type OAuthCredential } from '../profiles/profile.js';
import { withCurrent, withProfile } from '../profiles/profile-edits.js';
import { editProfileFile, profileFilePath, readProfileFile } from '../profiles/profile-store.js';
import { COMMANDS } from '../program.js';
import { untilSignal } from '../common/until-signal.js';
import { UsageError } from '../common/usage-error.js';

/** The scopes asked for when `--scope` is absent: what `pagerduty api` needs to read and write. */
export const DEFAULT_SCOPE = 'read write';

/** How long login waits for the browser to come back. */
const WAIT_SECONDS = 300;

/** The options of `pagerduty login`. */
export interface LoginArgs extends ConnectionArgs {
  /** `--client-id`: the OAuth app's client id (a public app: PKCE, no secret). */
  readonly clientId?: string;
  /** `--identity-url`: the identity service, when not the region's. */
  readonly identityUrl?: string;
  /** `--scope`: the scopes to ask for. */
  readonly scope: string;
  /** `--from`: saved in the profile as the acting user. */
  readonly from?: string;
  /** `--browser` (`--no-browser`: only print the URL). */
  readonly browser: boolean;
  /** `--port`: the loopback redirect's port; 0 picks a free one. */
  readonly port: number;
}

/** The profile login writes: `--profile`, else `PAGERDUTY_PROFILE`, else the current one, else `default`. */
export function loginProfileName(named: string | undefined, current: string | undefined): string {
  return checkProfileName(named ?? current ?? 'default');
}

async function waitForCode(code: Promise<string>, until: Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UsageError(`no sign-in within ${WAIT_SECONDS / 60} minutes; run "pagerduty login" again`)),
      WAIT_SECONDS * 1000,
    );
    timer.unref();
  });
  const stopped = until.then(() => Promise.reject(new UsageError('login interrupted')));
  try {
    return await Promise.race([code, timeout, stopped]);
  } finally {
    clearTimeout(timer);
  }
}

async function runLogin(args: LoginArgs, io: CliIo): Promise<void> {
  const clientId = args.clientId ?? fromEnv(io.env, CLIENT_ID_ENV);
  if (clientId === undefined) {
    throw new UsageError(`login needs the client id of your OAuth app: --client-id ID or ${CLIENT_ID_ENV}`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, not ${args.port}`);
  }
  const file = profileFilePath(io.env);
  const content = await readProfileFile(file);
  const name = loginProfileName(args.profile ?? fromEnv(io.env, PROFILE_ENV), content?.current);
  const existing = content?.profiles[name];
  const region = args.region ?? existing?.region;
  const identityUrl =
    args.identityUrl ??
    (args.region && REGIONS[args.region].identity) ??
    fromEnv(io.env, IDENTITY_URL_ENV) ??
    REGIONS[region ?? 'us'].identity;

  const { OAuthTokenClient } = await import('../../core/oauth/oauth-token-client.js');
  const oauth = new OAuthTokenClient(null, clientId, clientOptions({ baseUrl: identityUrl, debug: args.debug }, io));
  const state = randomBytes(16).toString('hex');
  const redirect = await startLoopbackRedirect(state, args.port);
  try {
    const [verifier, challenge] = oauth.generateS256PkceParams();
    const url = new URL(oauth.getPkceAuthorizeUrl(args.scope, redirect.redirectUri, challenge));
    url.searchParams.set('state', state);
    const opened = args.browser && (await (io.openBrowser ?? openBrowser)(url.toString()));
    io.stderr.write(
      `pagerduty: ${opened ? 'sign in in the browser; if it did not open, visit' : 'to sign in, visit'}:\n` +
        `  ${url.toString()}\n` +
        (opened ? '' : 'pagerduty: signing in on another machine? Paste here the address its browser ends on.\n'),
    );
    const pasting = new AbortController();
    const sources = opened
      ? [redirect.code]
      : [redirect.code, pastedCode(io.stdin ?? process.stdin, state, pasting.signal)];
    let code: string;
    try {
      code = await waitForCode(Promise.race(sources), io.until ?? untilSignal());
    } finally {
      pasting.abort();
    }
    const tokens = await oauth.getNewTokenFromCodeWithPkce(code, args.scope, redirect.redirectUri, verifier);
    const credential: OAuthCredential = {
      kind: 'oauth',
      clientId,
      identityUrl,
      accessToken: tokens.access_token,
      expiresAt: tokens.expiration_date,
      ...(tokens.refresh_token === undefined ? {} : { refreshToken: tokens.refresh_token }),
      ...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
    };
    await editProfileFile(file, (latest) => {
      const saved = withProfile(latest, name, { region, baseUrl: args.baseUrl, from: args.from, credential });
      return saved.current === undefined ? withCurrent(saved, name) : saved;
    });
    io.stderr.write(`pagerduty: signed in; the tokens are in profile ${JSON.stringify(name)} (${file})\n`);
  } finally {
    await redirect.close();
    oauth.close();
  }
}

/**
 * The `login` command.
 *
 * @example
 * ```sh
 * pagerduty login --client-id "$PAGERDUTY_OAUTH_CLIENT_ID" --region eu --profile work
 * ```
 */
export function loginCommand(io: CliIo): CommandModule<object, LoginArgs> {
  return {
    command: COMMANDS.login.usage,
    describe: COMMANDS.login.describe,
    builder: (yargs: Argv) =>
      withConnectionOptions(yargs, 'rest')
        .option('client-id', {
          type: 'string',
          describe: 'The client id of your OAuth app (a public app: PKCE, no secret)',
          defaultDescription: envDefault(CLIENT_ID_ENV),
        })
        .option('identity-url', {
          type: 'string',
          describe: "The OAuth identity service (the emulator's URL, say); wins over --region",
          defaultDescription: envDefault(IDENTITY_URL_ENV, "the region's, https://identity.pagerduty.com"),
        })
        .option('scope', { type: 'string', default: DEFAULT_SCOPE, describe: 'The scopes to ask for' })
        .option('from', { type: 'string', describe: 'The email of the acting user, saved in the profile' })
        .option('browser', {
          type: 'boolean',
          default: true,
          describe: 'Open the system browser (--no-browser: only print the URL to open)',
        })
        .option('port', {
          type: 'number',
          default: 0,
          describe: 'The loopback port the browser comes back to (fix it to forward it over ssh); 0 picks one',
        })
        .example('$0 login --client-id ID --profile work --region eu', '') as unknown as Argv<LoginArgs>,
    handler: (args: ArgumentsCamelCase<LoginArgs>) => runLogin(args, io),
  };
}
