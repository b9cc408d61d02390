/**
 * `pagerduty webhooks listen`: receives PagerDuty's V3 webhooks locally, verifies their
 * signatures and prints each verified event. The listener is loaded only when it runs.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { fromEnv, envDefault, WEBHOOK_SECRET_ENV } from '../environment.js';
import { COMMANDS } from '../program.js';
import { UsageError } from '../common/usage-error.js';
import { untilSignal } from '../common/until-signal.js';

/** The options of `pagerduty webhooks listen`. */
export interface WebhooksArgs {
  /** The action: `listen`. */
  readonly action: string;
  /** `--port`: the port; 0 picks a free one. */
  readonly port: number;
  /** `--host`: the interface to listen on. */
  readonly host: string;
  /** `--secret`: a subscription secret; repeated during a rotation (yargs then gives a list). */
  readonly secret?: string | readonly string[];
  /** `--allow-unsigned`: accept requests without a signature. */
  readonly allowUnsigned: boolean;
  /** `--json`: print each event as one line of JSON. */
  readonly json: boolean;
}

/**
 * The `webhooks` command: `listen` serves until SIGINT or SIGTERM (or `io.until` settles).
 * Secrets come from `--secret` (repeatable) or `$PAGERDUTY_WEBHOOK_SECRET`, and are never printed.
 *
 * @example
 * ```sh
 * pagerduty webhooks listen --port 8080 --secret "$OLD_SECRET" --secret "$NEW_SECRET"
 * ```
 */
export function webhooksCommand(io: CliIo): CommandModule<object, WebhooksArgs> {
  return {
    command: COMMANDS.webhooks.usage,
    describe: COMMANDS.webhooks.describe,
    builder: (yargs: Argv) =>
      yargs
        .positional('action', {
          type: 'string',
          choices: ['listen'],
          describe: 'What to do: listen (receive, verify and print events)',
        })
        .option('port', { type: 'number', default: 0, describe: 'Port to listen on; 0 picks a free one' })
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on' })
        .option('secret', {
          type: 'string',
          describe: 'Subscription secret; repeat during a rotation',
          defaultDescription: envDefault(WEBHOOK_SECRET_ENV),
        })
        .option('allow-unsigned', {
          type: 'boolean',
          default: false,
          describe: 'Accept requests without a signature (incident workflow POSTs)',
        })
        .option('json', { type: 'boolean', default: false, describe: 'Print each event as one line of JSON' })
        .example('$0 webhooks listen --port 8080 --secret S', '') as unknown as Argv<WebhooksArgs>,
    handler: async (args: ArgumentsCamelCase<WebhooksArgs>) => {
      const fromFlags = [args.secret ?? []].flat().filter((secret) => secret !== '');
      const fromEnvironment = fromEnv(io.env, WEBHOOK_SECRET_ENV);
      const secrets = fromFlags.length > 0 ? fromFlags : fromEnvironment !== undefined ? [fromEnvironment] : [];
      if (secrets.length === 0 && !args.allowUnsigned) {
        throw new UsageError(`no webhook secret: pass --secret S or set ${WEBHOOK_SECRET_ENV} (or --allow-unsigned)`);
      }
      if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
        throw new UsageError(`--port must be an integer from 0 to 65535, not ${args.port}`);
      const { runWebhookListener } = await import('./webhook-listener.js');
      await runWebhookListener(
        { port: args.port, host: args.host, secrets, allowUnsigned: args.allowUnsigned, json: args.json },
        {
          write: (line) => io.stdout.write(`${line}\n`),
          warn: (line) => io.stderr.write(`${line}\n`),
          until: io.until ?? untilSignal(),
        },
      );
    },
  };
}
