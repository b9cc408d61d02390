/**
 * The shape `acknowledge` and `resolve` share: one action on the alert a dedup key names.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { writeJson } from '../common/cli-client-options.js';
import { withEventOptions, withEventsClient, type EventCommonArgs } from './event-options.js';

/** The options of `acknowledge` and `resolve`. */
export interface DedupKeyArgs extends EventCommonArgs {
  /** `-i/--dedup-key`: the alert to act on. */
  readonly dedupKey: string;
}

/**
 * A command that sends `action` for the alert `-i` names, and prints its dedup key (or,
 * with `--json`, the API's response).
 */
export function dedupKeyCommand(
  io: CliIo,
  action: 'acknowledge' | 'resolve',
  describe: string,
): CommandModule<object, DedupKeyArgs> {
  return {
    command: action,
    describe,
    builder: (yargs: Argv) =>
      withEventOptions(yargs)
        .option('dedup-key', { alias: 'i', type: 'string', demandOption: true, describe: 'The dedup key of the alert' })
        .example(`$0 ${action} -k KEY -i db01/disk`, '') as unknown as Argv<DedupKeyArgs>,
    handler: async (args: ArgumentsCamelCase<DedupKeyArgs>) => {
      const response = await withEventsClient(args, io, (client) => client[action](args.dedupKey));
      if (args.json) writeJson(io, response);
      else io.stdout.write(`${response.dedup_key}\n`);
    },
  };
}
