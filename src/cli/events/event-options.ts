/**
 * The options and plumbing the four event commands share: the routing key (from `-k` or
 * `PAGERDUTY_ROUTING_KEY`, never printed), the connection options (`--profile`,
 * `--region`, `--base-url` or `PAGERDUTY_EVENTS_URL`, `--debug`), `--json`, and a client
 * that is closed when the command ends. The client's
 * module is loaded only when a command runs, so that `--help` starts fast.
 *
 * @module
 */
import { hostname as osHostname } from 'node:os';
import type { Argv } from 'yargs';
import type { EventsApiV2Client } from '../../core/events/events-api-v2-client.js';
import type { CliIo } from '../cli-io.js';
import { clientOptions } from '../common/cli-client-options.js';
import { eventsBaseUrl, type ConnectionArgs } from '../common/connection.js';
import { withConnectionOptions } from '../common/connection-options.js';
import { envDefault, fromEnv, ROUTING_KEY_ENV } from '../environment.js';
import { loadSelectedProfile } from '../profiles/selected-profile.js';
import { UsageError } from '../common/usage-error.js';

export { ROUTING_KEY_ENV } from '../environment.js';

/** The options every event command takes. */
export interface EventCommonArgs extends ConnectionArgs {
  /** `-k/--routing-key`. */
  readonly routingKey?: string;
  /** `--json`: print the whole API response. */
  readonly json?: boolean;
}

/**
 * Adds the shared event options to a command's parser. The routing key has no yargs
 * default on purpose: a default would be printed by `-h`.
 */
export function withEventOptions<T>(yargs: Argv<T>): Argv<T> {
  return withConnectionOptions(
    yargs
      .option('routing-key', {
        alias: 'k',
        type: 'string',
        describe: 'The routing (integration) key of an Events API v2 integration',
        defaultDescription: envDefault(ROUTING_KEY_ENV),
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print the API response as JSON' }),
    'events',
  );
}

/**
 * The routing key: `-k`, else `PAGERDUTY_ROUTING_KEY`.
 *
 * @throws UsageError when neither is set (or both are empty)
 */
export function routingKeyFrom(given: string | undefined, env: CliIo['env']): string {
  const key = given || fromEnv(env, ROUTING_KEY_ENV);
  if (!key) throw new UsageError(`no routing key: pass -k KEY or set ${ROUTING_KEY_ENV}`);
  return key;
}

/** The `--source` default: this host's name. */
export function defaultSource(io: CliIo): string {
  return (io.hostname ?? osHostname)();
}

/**
 * Runs `use` with an Events API client configured from the command line, the environment
 * and the profile (see `eventsBaseUrl`), and closes the client afterwards, so
 * that the program exits without waiting for idle connections.
 */
export async function withEventsClient<T>(
  args: EventCommonArgs,
  io: CliIo,
  use: (client: EventsApiV2Client) => Promise<T>,
): Promise<T> {
  const routingKey = routingKeyFrom(args.routingKey, io.env);
  const selected = await loadSelectedProfile(args, io);
  const baseUrl = eventsBaseUrl(args, io.env, selected?.profile);
  const { EventsApiV2Client: Client } = await import('../../core/events/events-api-v2-client.js');
  const client = new Client(routingKey, clientOptions({ ...args, baseUrl }, io));
  try {
    return await use(client);
  } finally {
    client.close();
  }
}
