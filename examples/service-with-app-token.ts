/**
 * A service that runs on a Scoped OAuth app's token for as long as it runs: the token is
 * renewed before it expires (and once more if the API refuses it early), so no call fails
 * when a token's day is over, and no one restarts anything.
 *
 * Shows `clientCredentialsTokenProvider` given to `RestApiV2Client` in place of a key. In
 * this repository the emulator's tokens live 2 seconds, so a few seconds of the loop below
 * live through several token lifetimes; against PagerDuty a token lives a day.
 *
 * ```sh
 * npm run example -- service-with-app-token               # in this repository: against a local emulator
 * PAGERDUTY_OAUTH_CLIENT_ID=... PAGERDUTY_OAUTH_CLIENT_SECRET=... \
 *   PAGERDUTY_OAUTH_SCOPE='as_account-us.acme incidents.read' \
 *   npx tsx examples/service-with-app-token.ts
 * ```
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  clientCredentialsTokenProvider,
  RestApiV2Client,
  type RestApiV2ClientOptions,
  type TokenStore,
} from 'pagerduty-client';

/** What {@link main} needs. */
export interface ServiceWithAppTokenOptions {
  /** The app's client id. */
  clientId: string;
  /** The app's client secret. */
  clientSecret: string;
  /** The scopes, starting with the account: `as_account-us.acme incidents.read`. */
  scope: string;
  /** The identity service's base URL. @default the region's (`https://identity.pagerduty.com`) */
  identityUrl?: string;
  /** The REST API base URL. @default the region's (`https://api.pagerduty.com`) */
  baseUrl?: string;
  /** How many rounds the loop runs. @default 12 */
  rounds?: number;
  /** Milliseconds between rounds. @default 500 */
  everyMs?: number;
  /** Where the token is kept: a `FileTokenStore` or a Redis store shares it with other processes. @default memory */
  store?: TokenStore;
  /** Further client options (retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
  /** The clock, in milliseconds since the epoch (a test moves its own). @default Date.now */
  now?: () => number;
  /** Waits between rounds. @default a timer */
  wait?: (milliseconds: number) => Promise<void>;
  /** Where the report goes, one line at a time. @default console.log */
  print?: (line: string) => void;
}

/** What the loop saw. */
export interface ServiceReport {
  /** Rounds whose call succeeded. */
  succeeded: number;
  /** Rounds whose call failed. */
  failed: number;
}

const timer = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Counts the triggered incidents once a round, on a token that renews itself. */
export async function main(options: ServiceWithAppTokenOptions): Promise<ServiceReport> {
  const print = options.print ?? console.log;
  const wait = options.wait ?? timer;
  const provider = clientCredentialsTokenProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scope: options.scope,
    store: options.store,
    now: options.now,
    oauthOptions: options.identityUrl === undefined ? undefined : { baseUrl: options.identityUrl },
  });
  // The provider in place of a key: the client asks it for the token before each request.
  const client = new RestApiV2Client(provider, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  const report: ServiceReport = { succeeded: 0, failed: 0 };
  try {
    for (let round = 1; round <= (options.rounds ?? 12); round += 1) {
      try {
        const triggered = await client.getTotal('/incidents', { statuses: ['triggered'] });
        report.succeeded += 1;
        const left = provider.expiresIn()?.toFixed(1) ?? '?';
        print(`round ${round}: triggered incidents: ${triggered} (token good for ${left} s more)`);
      } catch (error) {
        report.failed += 1;
        print(`round ${round}: failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await wait(options.everyMs ?? 500);
    }
  } finally {
    client.close();
    provider.close();
  }
  print(`${report.succeeded} calls succeeded, ${report.failed} failed`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { PAGERDUTY_OAUTH_CLIENT_ID, PAGERDUTY_OAUTH_CLIENT_SECRET, PAGERDUTY_OAUTH_SCOPE } = process.env;
  if (!PAGERDUTY_OAUTH_CLIENT_ID || !PAGERDUTY_OAUTH_CLIENT_SECRET || !PAGERDUTY_OAUTH_SCOPE) {
    console.error(
      'Set PAGERDUTY_OAUTH_CLIENT_ID, PAGERDUTY_OAUTH_CLIENT_SECRET and PAGERDUTY_OAUTH_SCOPE ' +
        '(as_account-<region>.<subdomain> <scopes>).',
    );
    process.exitCode = 2;
  } else {
    main({
      clientId: PAGERDUTY_OAUTH_CLIENT_ID,
      clientSecret: PAGERDUTY_OAUTH_CLIENT_SECRET,
      scope: PAGERDUTY_OAUTH_SCOPE,
      identityUrl: process.env.PAGERDUTY_IDENTITY_URL,
      baseUrl: process.env.PAGERDUTY_BASE_URL,
    })
      .then((report) => {
        if (report.failed > 0) process.exitCode = 1;
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      });
  }
}
