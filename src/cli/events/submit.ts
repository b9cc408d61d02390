/**
 * `pagerduty submit`: submits a change event.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { writeJson } from '../common/cli-client-options.js';
import { defaultSource, withEventOptions, withEventsClient, type EventCommonArgs } from './event-options.js';

/** The options of `pagerduty submit`. */
export interface SubmitArgs extends EventCommonArgs {
  /** `--description`: the change's summary. */
  readonly description: string;
  /** `--source`: where the change happened. */
  readonly source?: string;
}

/**
 * The `submit` command. Prints the change event's `id` when the API returns one, else
 * the API's message (`Change event processed`); `--json` prints the whole response.
 *
 * @example
 * ```sh
 * pagerduty submit -k $KEY --description "Deployed v1.4.2" --source ci
 * ```
 */
export function submitCommand(io: CliIo): CommandModule<object, SubmitArgs> {
  return {
    command: COMMANDS.submit.usage,
    describe: COMMANDS.submit.describe,
    builder: (yargs: Argv) =>
      withEventOptions(yargs)
        .option('description', { type: 'string', demandOption: true, describe: 'The change summary' })
        .option('source', {
          type: 'string',
          describe: 'Where the change happened',
          defaultDescription: 'this host name',
        })
        .example('$0 submit -k KEY --description "Deployed v1.4.2"', '') as unknown as Argv<SubmitArgs>,
    handler: async (args: ArgumentsCamelCase<SubmitArgs>) => {
      const source = args.source ?? defaultSource(io);
      const response = await withEventsClient(args, io, (client) => client.submit(args.description, { source }));
      if (args.json) writeJson(io, response);
      else io.stdout.write(`${response.id ?? response.message ?? response.status}\n`);
    },
  };
}
