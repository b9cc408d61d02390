/**
 * `incident ack|resolve|reassign|snooze|note|merge|escalate`: the changes of the daily
 * work. Each prints one line per incident it changed (`acknowledged PABC123 [#12] Disk
 * full`), or with `--json` the API's answer. An account-level key needs `--from` (the
 * acting user) for every one of them; the API says so when it is missing.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { writeJson } from '../common/cli-client-options.js';
import { UsageError } from '../common/usage-error.js';
import {
  currentUser,
  lookUp,
  lookUpIds,
  withRestClient,
  type ApiObject,
  type RestSession,
} from '../rest/rest-client.js';
import { cellText } from '../rest/output.js';
import { listValues, withRestOptions, type RestArgs } from '../rest/rest-options.js';

/** Most incidents one `PUT /incidents` may change (the API's limit). */
const MAX_PER_UPDATE = 250;

/** The options every write takes. */
interface WriteArgs extends RestArgs {
  /** `--json`: print the API's answer instead of a line per change. */
  readonly json: boolean;
}

/** `incident ack|resolve [ids..] [--me]`. */
interface StatusArgs extends WriteArgs {
  readonly ids?: readonly string[];
  readonly me: boolean;
}

/** One line about a changed incident: what happened, its id, number and title. */
export function changeLine(verb: string, incident: Record<string, unknown>, detail = ''): string {
  const number = incident.incident_number === undefined ? '' : ` [#${String(incident.incident_number)}]`;
  const title = typeof incident.title === 'string' ? ` ${incident.title}` : '';
  return `${verb} ${String(incident.id)}${number}${title}${detail ? ` (${detail})` : ''}`;
}

/**
 * Parses a duration: seconds (`3600`), or a number with `s`, `m`, `h` or `d` (`90m`, `4h`).
 *
 * @throws UsageError for anything else, or for less than a second
 * @example
 * ```ts
 * durationSeconds('1h30m'); // 5400
 * ```
 */
export function durationSeconds(text: string): number {
  const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
  if (/^\d+$/.test(text)) return Number(text);
  const parts = [...text.matchAll(/(\d+)([smhd])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text)
    throw new UsageError(`--for: ${JSON.stringify(text)} is not a duration (3600, 90m, 4h, 1h30m, 1d)`);
  const seconds = parts.reduce((sum, [, count, unit]) => sum + Number(count) * units[unit], 0);
  if (seconds < 1) throw new UsageError('--for must be at least a second');
  return seconds;
}

function withWriteOptions<T>(yargs: Argv<T>): Argv<T> {
  return withRestOptions(yargs).option('json', {
    type: 'boolean',
    default: false,
    describe: "Print the API's answer as JSON instead of a line per change",
  });
}

/** The incidents `ack`/`resolve` act on: those named, and with `--me` my incidents in `statuses`. */
async function targets(session: RestSession, args: StatusArgs, statuses: readonly string[]): Promise<string[]> {
  const ids = listValues(args.ids);
  if (args.me) {
    const me = await currentUser(session);
    for await (const incident of session.client.iterAll<ApiObject>('/incidents', {
      statuses: [...statuses],
      user_ids: [me.id],
    }))
      ids.push(incident.id);
  }
  return [...new Set(ids)];
}

function statusCommand(io: CliIo, verb: 'ack' | 'resolve'): CommandModule<object, StatusArgs> {
  const status = verb === 'ack' ? 'acknowledged' : 'resolved';
  const from = verb === 'ack' ? ['triggered'] : ['triggered', 'acknowledged'];
  return {
    command: `${verb} [ids..]`,
    describe:
      verb === 'ack'
        ? 'Acknowledge incidents (with --me: all mine that are triggered)'
        : 'Resolve incidents (with --me: all mine that are open)',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('ids', { type: 'string', array: true, describe: 'The incident ids' })
        .option('me', {
          type: 'boolean',
          default: false,
          describe: `Also every incident assigned to me that is ${from.join(' or ')}`,
        })
        .example(`$0 incident ${verb} PABC123 PDEF456`, '')
        .example(`$0 incident ${verb} --me`, '') as unknown as Argv<StatusArgs>,
    handler: (args: ArgumentsCamelCase<StatusArgs>) =>
      withRestClient(args, io, async (session) => {
        if (listValues(args.ids).length === 0 && !args.me) throw new UsageError('name the incidents, or pass --me');
        const ids = await targets(session, args, from);
        const changed: Record<string, unknown>[] = [];
        for (let start = 0; start < ids.length; start += MAX_PER_UPDATE) {
          const json = ids
            .slice(start, start + MAX_PER_UPDATE)
            .map((id) => ({ id, type: 'incident_reference', status }));
          changed.push(...(await session.client.rput<Record<string, unknown>[]>('/incidents', { json })));
        }
        if (args.json) writeJson(io, changed);
        else if (changed.length === 0)
          io.stdout.write(`no incidents to ${verb === 'ack' ? 'acknowledge' : 'resolve'}\n`);
        else for (const incident of changed) io.stdout.write(`${changeLine(status, incident)}\n`);
      }),
  };
}

interface ReassignArgs extends WriteArgs {
  readonly ids: readonly string[];
  readonly user?: readonly string[];
  readonly ep?: string;
}

interface SnoozeArgs extends WriteArgs {
  readonly id: string;
  readonly for: string;
}

interface NoteArgs extends WriteArgs {
  readonly id: string;
  readonly content: string;
}

interface MergeArgs extends WriteArgs {
  readonly id: string;
  readonly sources: readonly string[];
}

interface EscalateArgs extends WriteArgs {
  readonly id: string;
  readonly level?: number;
}

const path = (id: string): string => `/incidents/${encodeURIComponent(id)}`;

/** The write subcommands of `incident`. */
export function incidentWriteCommands(io: CliIo): CommandModule<object, never>[] {
  const reassign: CommandModule<object, ReassignArgs> = {
    command: 'reassign <ids..>',
    describe: 'Assign incidents to users (replacing the assignees), or to an escalation policy',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('ids', { type: 'string', array: true, describe: 'The incident ids' })
        .option('user', {
          alias: 'u',
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'A user (id, email or name); repeatable',
        })
        .option('ep', { type: 'string', describe: 'An escalation policy (id or name) instead of users' })
        .example('$0 incident reassign PABC123 --user ann@example.com', '') as unknown as Argv<ReassignArgs>,
    handler: (args: ArgumentsCamelCase<ReassignArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        const users = listValues(args.user);
        if (users.length > 0 === (args.ep !== undefined))
          throw new UsageError('pass --user (one or more) or --ep, not both');
        let change: Record<string, unknown>;
        let detail: string;
        if (args.ep !== undefined) {
          const policy = await lookUp(client, 'ep', args.ep);
          change = { escalation_policy: { id: policy.id, type: 'escalation_policy_reference' } };
          detail = `to ${cellText(policy)}`;
        } else {
          const ids = await lookUpIds(client, 'user', users);
          change = { assignments: ids.map((id) => ({ assignee: { id, type: 'user_reference' } })) };
          detail = `to ${users.join(', ')}`;
        }
        const json = listValues(args.ids).map((id) => ({ id, type: 'incident_reference', ...change }));
        const changed = await client.rput<Record<string, unknown>[]>('/incidents', { json });
        if (args.json) writeJson(io, changed);
        else for (const incident of changed) io.stdout.write(`${changeLine('reassigned', incident, detail)}\n`);
      }),
  };
  const snooze: CommandModule<object, SnoozeArgs> = {
    command: 'snooze <id>',
    describe: 'Snooze an acknowledged incident for a while',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('id', { type: 'string', describe: 'The incident id' })
        .option('for', { type: 'string', demandOption: true, describe: 'How long: seconds, or 90m, 4h, 1h30m, 1d' })
        .example('$0 incident snooze PABC123 --for 2h', '') as unknown as Argv<SnoozeArgs>,
    handler: (args: ArgumentsCamelCase<SnoozeArgs>) => {
      const duration = durationSeconds(args.for);
      return withRestClient(args, io, async ({ client }) => {
        const answer = await client.jpost<{ incident?: Record<string, unknown> }>(`${path(args.id)}/snooze`, {
          json: { duration },
        });
        if (args.json) writeJson(io, answer);
        else io.stdout.write(`${changeLine('snoozed', answer.incident ?? { id: args.id }, `for ${args.for}`)}\n`);
      });
    },
  };
  const note: CommandModule<object, NoteArgs> = {
    command: 'note <id>',
    describe: 'Add a note to an incident',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('id', { type: 'string', describe: 'The incident id' })
        .option('content', { alias: 'm', type: 'string', demandOption: true, describe: 'The text of the note' })
        .example('$0 incident note PABC123 -m "Restarted db01"', '') as unknown as Argv<NoteArgs>,
    handler: (args: ArgumentsCamelCase<NoteArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        if (args.content.trim() === '') throw new UsageError('--content must not be empty');
        const added = await client.rpost<Record<string, unknown>>(`${path(args.id)}/notes`, {
          json: { content: args.content },
        });
        if (args.json) writeJson(io, added);
        else io.stdout.write(`added note ${String(added.id)} to ${args.id}\n`);
      }),
  };
  const merge: CommandModule<object, MergeArgs> = {
    command: 'merge <id> <sources..>',
    describe: 'Merge incidents into one: the sources are resolved into the first',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('id', { type: 'string', describe: 'The incident that stays' })
        .positional('sources', { type: 'string', array: true, describe: 'The incidents merged into it' })
        .example('$0 incident merge PABC123 PDEF456 PGHI789', '') as unknown as Argv<MergeArgs>,
    handler: (args: ArgumentsCamelCase<MergeArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        const sources = listValues(args.sources);
        if (sources.includes(args.id)) throw new UsageError(`${args.id} cannot be merged into itself`);
        const answer = await client.jput<{ incident?: Record<string, unknown> }>(`${path(args.id)}/merge`, {
          json: { source_incidents: sources.map((id) => ({ id, type: 'incident_reference' })) },
        });
        if (args.json) writeJson(io, answer);
        else
          io.stdout.write(
            `${changeLine('merged', answer.incident ?? { id: args.id }, `from ${sources.join(', ')}`)}\n`,
          );
      }),
  };
  const escalate: CommandModule<object, EscalateArgs> = {
    command: 'escalate <id>',
    describe: 'Escalate an incident to a level of its policy (the next one by default)',
    builder: (yargs: Argv) =>
      withWriteOptions(yargs)
        .positional('id', { type: 'string', describe: 'The incident id' })
        .option('level', { type: 'number', describe: 'The escalation level', defaultDescription: 'the next level' })
        .example('$0 incident escalate PABC123 --level 2', '') as unknown as Argv<EscalateArgs>,
    handler: (args: ArgumentsCamelCase<EscalateArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        if (args.level !== undefined && !(Number.isSafeInteger(args.level) && args.level >= 1))
          throw new UsageError('--level must be a positive integer');
        let level = args.level;
        if (level === undefined) {
          const current = await client.rget<{ escalation_level?: number }>(path(args.id));
          level = (current.escalation_level ?? 1) + 1;
        }
        const changed = await client.rput<Record<string, unknown>>(path(args.id), {
          json: { type: 'incident_reference', escalation_level: level },
        });
        if (args.json) writeJson(io, changed);
        else io.stdout.write(`${changeLine('escalated', changed, `to level ${level}`)}\n`);
      }),
  };
  return [
    statusCommand(io, 'ack'),
    statusCommand(io, 'resolve'),
    reassign,
    snooze,
    note,
    merge,
    escalate,
  ] as CommandModule<object, never>[];
}
