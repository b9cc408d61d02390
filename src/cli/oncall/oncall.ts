/**
 * `pagerduty oncall`: who is on call, now or at a time, for escalation policies,
 * schedules or users (`GET /oncalls`), as a table by policy and level.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { UsageError } from '../common/usage-error.js';
import { COMMANDS } from '../program.js';
import { type QueryParams, currentUser, lookUpIds, printList, withRestClient } from '../rest/rest-client.js';
import { listValues, withListOptions, withRestOptions } from '../rest/rest-options.js';
import type { OutputArgs, PagingArgs, RestArgs } from '../rest/rest-options.js';

/** The columns of `oncall`. */
export const ONCALL_COLUMNS = ['escalation_policy', 'escalation_level', 'schedule', 'user', 'start', 'end'];

/** The options of `oncall`. */
export interface OncallArgs extends RestArgs, OutputArgs, PagingArgs {
  readonly ep?: readonly string[];
  readonly schedule?: readonly string[];
  readonly user?: readonly string[];
  readonly me: boolean;
  readonly at?: string;
  readonly earliest: boolean;
}

/**
 * The instant `--at` names, as ISO 8601.
 *
 * @throws UsageError for text that is not a time
 */
export function instant(text: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new UsageError(`--at: ${JSON.stringify(text)} is not a time (2026-12-01T09:00:00Z)`);
  return new Date(time).toISOString();
}

/** The `oncall` command. */
export function oncallCommand(io: CliIo): CommandModule<object, OncallArgs> {
  return {
    command: COMMANDS.oncall.usage,
    describe: COMMANDS.oncall.describe,
    builder: (yargs: Argv) =>
      withListOptions(withRestOptions(yargs), ONCALL_COLUMNS)
        .option('ep', { type: 'string', array: true, nargs: 1, describe: 'For these escalation policies (id or name)' })
        .option('schedule', { type: 'string', array: true, nargs: 1, describe: 'For these schedules (id or name)' })
        .option('user', { type: 'string', array: true, nargs: 1, describe: 'For these users (id, email or name)' })
        .option('me', { type: 'boolean', default: false, describe: 'For me' })
        .option('at', { type: 'string', describe: 'At this time (ISO 8601)', defaultDescription: 'now' })
        .option('earliest', {
          type: 'boolean',
          default: false,
          describe: 'Only the earliest on-call of each policy, level and user',
        })
        .example('$0 oncall --ep "Checkout Escalation"', '')
        .example('$0 oncall --schedule PSCHED1 --at 2026-12-24T20:00:00Z', '')
        .example('$0 oncall --me -o json', '') as unknown as Argv<OncallArgs>,
    handler: (args: ArgumentsCamelCase<OncallArgs>) => {
      const at = args.at === undefined ? undefined : instant(args.at);
      return withRestClient(args, io, async (session) => {
        const { client } = session;
        const params: QueryParams = {};
        const policies = listValues(args.ep);
        if (policies.length > 0) params.escalation_policy_ids = await lookUpIds(client, 'ep', policies);
        const schedules = listValues(args.schedule);
        if (schedules.length > 0) params.schedule_ids = await lookUpIds(client, 'schedule', schedules);
        const userIds = await lookUpIds(client, 'user', listValues(args.user));
        if (args.me) userIds.push((await currentUser(session)).id);
        if (userIds.length > 0) params.user_ids = userIds;
        if (at !== undefined) Object.assign(params, { since: at, until: at });
        if (args.earliest) params.earliest = true;
        await printList(session, io, args, { path: '/oncalls', params, columns: ONCALL_COLUMNS });
      });
    },
  };
}
