/**
 * `incident list|show|notes|log`: the incidents of the account (open ones by default), one
 * incident, its notes and its log entries.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { UsageError } from '../common/usage-error.js';
import {
  type QueryParams,
  currentUser,
  lookUpIds,
  printItem,
  printList,
  printingFor,
  withRestClient,
} from '../rest/rest-client.js';
import { listLines } from '../rest/output.js';
import { listValues, withListOptions, withOutputOptions, withRestOptions } from '../rest/rest-options.js';
import type { OutputArgs, PagingArgs, RestArgs } from '../rest/rest-options.js';

/** The columns of `incident list`. */
export const INCIDENT_COLUMNS = ['id', 'incident_number', 'status', 'urgency', 'title', 'service', 'created_at'];

/** The columns of `incident show` as a table. */
export const INCIDENT_SHOW_COLUMNS = [
  'id',
  'incident_number',
  'title',
  'status',
  'urgency',
  'service',
  'assignments',
  'escalation_policy',
  'incident_key',
  'created_at',
  'html_url',
];

/** The statuses `--status` accepts; `open` stands for triggered and acknowledged. */
export const INCIDENT_STATUSES = ['triggered', 'acknowledged', 'resolved'] as const;

/** The options of `incident list`. */
export interface IncidentListArgs extends RestArgs, OutputArgs, PagingArgs {
  readonly status?: readonly string[];
  readonly service?: readonly string[];
  readonly team?: readonly string[];
  readonly user?: readonly string[];
  readonly me: boolean;
  readonly urgency?: readonly string[];
  readonly since?: string;
  readonly until?: string;
  readonly all: boolean;
}

/**
 * The statuses asked for: `--status` (comma-separated or repeated; `open` is triggered and
 * acknowledged, `all` every one), else the open ones.
 *
 * @throws UsageError for an unknown status
 */
export function incidentStatuses(given: readonly string[] | undefined): string[] {
  const words = listValues(given);
  if (words.length === 0) return ['triggered', 'acknowledged'];
  const statuses = new Set<string>();
  for (const word of words) {
    if (word === 'open') ['triggered', 'acknowledged'].forEach((status) => statuses.add(status));
    else if (word === 'all') INCIDENT_STATUSES.forEach((status) => statuses.add(status));
    else if ((INCIDENT_STATUSES as readonly string[]).includes(word)) statuses.add(word);
    else {
      const known = [...INCIDENT_STATUSES, 'open', 'all'].join(', ');
      throw new UsageError(`--status: unknown status ${JSON.stringify(word)}; the statuses are: ${known}`);
    }
  }
  return [...statuses];
}

const LIST: CommandModule<object, IncidentListArgs> = {
  command: 'list',
  describe: 'List incidents: the open ones (triggered, acknowledged) unless --status says otherwise',
  builder: (yargs: Argv) =>
    withListOptions(withRestOptions(yargs), INCIDENT_COLUMNS)
      .option('status', {
        alias: 's',
        type: 'string',
        array: true,
        nargs: 1,
        describe: 'triggered, acknowledged, resolved, open or all (repeat or comma-separate)',
        defaultDescription: 'open',
      })
      .option('service', { type: 'string', array: true, nargs: 1, describe: 'Only these services (id or name)' })
      .option('team', { type: 'string', array: true, nargs: 1, describe: 'Only these teams (id or name)' })
      .option('user', {
        type: 'string',
        array: true,
        nargs: 1,
        describe: 'Only incidents assigned to these users (id, email or name)',
      })
      .option('me', { type: 'boolean', default: false, describe: 'Only incidents assigned to me' })
      .option('urgency', { type: 'string', array: true, nargs: 1, describe: 'high or low' })
      .option('since', { type: 'string', describe: 'Created at or after this time (ISO 8601)' })
      .option('until', { type: 'string', describe: 'Created before this time (ISO 8601)' })
      .option('all', {
        type: 'boolean',
        default: false,
        describe: 'Every incident ever (date_range=all), not only those of the last 30 days',
      })
      .example('$0 incident list --me', '')
      .example(
        '$0 incident list --service "Checkout API" --status triggered -o csv',
        '',
      ) as unknown as Argv<IncidentListArgs>,
  handler: () => {},
};

/** `incident show <id>`. */
interface IncidentShowArgs extends RestArgs, OutputArgs {
  readonly id: string;
}

/** `incident notes <id>` and `incident log <id>`. */
interface IncidentListOfArgs extends IncidentShowArgs, PagingArgs {}

/** The read subcommands of `incident`. */
export function incidentReadCommands(io: CliIo): CommandModule<object, never>[] {
  const list: CommandModule<object, IncidentListArgs> = {
    ...LIST,
    handler: (args: ArgumentsCamelCase<IncidentListArgs>) =>
      withRestClient(args, io, async (session) => {
        const params: QueryParams = { statuses: incidentStatuses(args.status) };
        const users = listValues(args.user);
        const userIds = await lookUpIds(session.client, 'user', users);
        if (args.me) userIds.push((await currentUser(session)).id);
        if (userIds.length > 0) params.user_ids = userIds;
        const services = listValues(args.service);
        if (services.length > 0) params.service_ids = await lookUpIds(session.client, 'service', services);
        const teams = listValues(args.team);
        if (teams.length > 0) params.team_ids = await lookUpIds(session.client, 'team', teams);
        const urgencies = listValues(args.urgency);
        if (urgencies.some((urgency) => urgency !== 'high' && urgency !== 'low'))
          throw new UsageError('--urgency must be high or low');
        if (urgencies.length > 0) params.urgencies = urgencies;
        if (args.since !== undefined) params.since = args.since;
        if (args.until !== undefined) params.until = args.until;
        if (args.all) params.date_range = 'all';
        await printList(session, io, args, { path: '/incidents', params, columns: INCIDENT_COLUMNS });
      }),
  };
  const show: CommandModule<object, IncidentShowArgs> = {
    command: 'show <id>',
    describe: 'Show one incident',
    builder: (yargs: Argv) =>
      withOutputOptions(withRestOptions(yargs), INCIDENT_SHOW_COLUMNS).positional('id', {
        type: 'string',
        describe: 'The incident id',
      }) as unknown as Argv<IncidentShowArgs>,
    handler: (args: ArgumentsCamelCase<IncidentShowArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        printItem(io, args, await client.rget(`/incidents/${encodeURIComponent(args.id)}`), INCIDENT_SHOW_COLUMNS);
      }),
  };
  const notes: CommandModule<object, IncidentShowArgs> = {
    command: 'notes <id>',
    describe: "List an incident's notes",
    builder: (yargs: Argv) =>
      withOutputOptions(withRestOptions(yargs), NOTE_COLUMNS).positional('id', {
        type: 'string',
        describe: 'The incident id',
      }) as unknown as Argv<IncidentShowArgs>,
    handler: (args: ArgumentsCamelCase<IncidentShowArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        // The notes of an incident come in one answer (the index is not paginated).
        const items = await client.rget<unknown[]>(`/incidents/${encodeURIComponent(args.id)}/notes`);
        for (const line of listLines(items, printingFor(args, NOTE_COLUMNS))) io.stdout.write(`${line}\n`);
      }),
  };
  const log: CommandModule<object, IncidentListOfArgs> = {
    command: 'log <id>',
    describe: "List an incident's log entries, oldest first (every page, unless --limit)",
    builder: (yargs: Argv) =>
      withListOptions(withRestOptions(yargs), LOG_COLUMNS).positional('id', {
        type: 'string',
        describe: 'The incident id',
      }) as unknown as Argv<IncidentListOfArgs>,
    handler: (args: ArgumentsCamelCase<IncidentListOfArgs>) =>
      withRestClient(args, io, async (session) => {
        const path = `/incidents/${encodeURIComponent(args.id)}/log_entries`;
        await printList(session, io, args, { path, columns: LOG_COLUMNS });
      }),
  };
  return [list, show, notes, log] as CommandModule<object, never>[];
}

/** The columns of `incident notes`. */
export const NOTE_COLUMNS = ['id', 'created_at', 'user', 'content'];

/** The columns of `incident log`. */
export const LOG_COLUMNS = ['created_at', 'type', 'agent', 'summary'];
