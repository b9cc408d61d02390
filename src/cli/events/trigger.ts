/**
 * `pagerduty trigger`: triggers an alert and prints its dedup key.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { triggerEventProperties, withClientDedupKey } from '../../core/events/event-bodies.js';
import { SEVERITIES, type Severity } from '../../core/events/event-types.js';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { writeJson } from '../common/cli-client-options.js';
import { customDetails, eventImages, eventLinks } from './alert-extras.js';
import { defaultSource, withEventOptions, withEventsClient, type EventCommonArgs } from './event-options.js';

/** The options of `pagerduty trigger`. */
export interface TriggerArgs extends EventCommonArgs {
  /** `--description`: the alert's summary. */
  readonly description: string;
  /** `--source`: the affected system. */
  readonly source?: string;
  /** `--severity`. */
  readonly severity: Severity;
  /** `-i/--dedup-key`: names the alert; the API assigns one when absent. */
  readonly dedupKey?: string;
  /** `--details`: custom details, a JSON object or `key=value`, repeatable. */
  readonly details?: readonly string[];
  /** `--link 'URL|text'`, repeatable. */
  readonly link?: readonly string[];
  /** `--image 'SRC|HREF|ALT'`, repeatable. */
  readonly image?: readonly string[];
  /** `--component`: the part of the source at fault. */
  readonly component?: string;
  /** `--group`: the logical group of components. */
  readonly group?: string;
  /** `--class`: the kind of event. */
  readonly class?: string;
}

/**
 * The `trigger` command.
 *
 * @example
 * ```sh
 * pagerduty trigger -k $KEY --description "Disk 99% full" --source db01 --severity error
 * ```
 */
export function triggerCommand(io: CliIo): CommandModule<object, TriggerArgs> {
  return {
    command: COMMANDS.trigger.usage,
    describe: COMMANDS.trigger.describe,
    builder: (yargs: Argv) =>
      withEventOptions(yargs)
        .option('description', { type: 'string', demandOption: true, describe: 'The alert summary' })
        .option('source', { type: 'string', describe: 'The affected system', defaultDescription: 'this host name' })
        .option('severity', {
          choices: SEVERITIES,
          default: 'critical' as Severity,
          describe: 'How bad the problem is',
        })
        .option('dedup-key', { alias: 'i', type: 'string', describe: 'The dedup key; the API assigns one when absent' })
        .option('details', {
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'Custom details: a JSON object, or key=value (repeatable; later keys win)',
        })
        .option('link', { type: 'string', array: true, nargs: 1, describe: "A link 'URL|text' (repeatable)" })
        .option('image', { type: 'string', array: true, nargs: 1, describe: "An image 'SRC|HREF|ALT' (repeatable)" })
        .option('component', { type: 'string', describe: 'The part of the source at fault (mysql)' })
        .option('group', { type: 'string', describe: 'The logical group of components (prod-datapipe)' })
        .option('class', { type: 'string', describe: 'The kind of event (disk)' })
        .example('$0 trigger -k KEY --description "Disk 99% full on db01" --severity error', '')
        .example(
          "$0 trigger --description 'Disk full' --details disk=99% --link 'https://runbook.example.com|Runbook' " +
            '--component disk --group db --class capacity',
          '',
        ) as unknown as Argv<TriggerArgs>,
    handler: async (args: ArgumentsCamelCase<TriggerArgs>) => {
      const properties = withClientDedupKey(
        triggerEventProperties(args.description, args.source ?? defaultSource(io), {
          severity: args.severity,
          dedupKey: args.dedupKey,
          customDetails: customDetails(args.details ?? []),
          links: eventLinks(args.link ?? []),
          images: eventImages(args.image ?? []),
          component: args.component,
          group: args.group,
          class: args.class,
        }),
      );
      const response = await withEventsClient(args, io, (client) => client.sendEvent('trigger', properties));
      if (args.json) writeJson(io, response);
      else io.stdout.write(`${response.dedup_key}\n`);
    },
  };
}
