/**
 * `pagerduty schedule list|show` and `schedule override add|list|remove`: the schedules
 * and their overrides (`/schedules/{id}/overrides`).
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { writeJson } from '../common/cli-client-options.js';
import { UsageError } from '../common/usage-error.js';
import { COMMANDS } from '../program.js';
import { commandGroup, directoryCommands, type CommandGuard } from '../rest/command-group.js';
import { cellText, listLines } from '../rest/output.js';
import { lookUp, printingFor, withRestClient } from '../rest/rest-client.js';
import { withOutputOptions, withRestOptions, type OutputArgs, type RestArgs } from '../rest/rest-options.js';
import { durationSeconds } from '../incident/incident-writes.js';

/** The columns of `schedule override list`. */
export const OVERRIDE_COLUMNS = ['id', 'start', 'end', 'user'];

interface OverrideArgs extends RestArgs {
  readonly schedule: string;
}

interface OverrideAddArgs extends OverrideArgs {
  readonly user: string;
  readonly start?: string;
  readonly end?: string;
  readonly for?: string;
  readonly json: boolean;
}

interface OverrideListArgs extends OverrideArgs, OutputArgs {
  readonly since?: string;
  readonly until?: string;
}

interface OverrideRemoveArgs extends OverrideArgs {
  readonly id: string;
}

/** A time option as ISO 8601. @throws UsageError for text that is not a time */
function time(text: string, option: string): string {
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed))
    throw new UsageError(`--${option}: ${JSON.stringify(text)} is not a time (2026-12-01T09:00:00Z)`);
  return new Date(parsed).toISOString();
}

/**
 * The span of an override: `--start` (default now) to `--end`, or to `--start` plus `--for`.
 *
 * @throws UsageError unless exactly one of `--end` and `--for` is given, or when it ends before it starts
 */
export function overrideSpan(
  args: Pick<OverrideAddArgs, 'start' | 'end' | 'for'>,
  now: Date,
): { start: string; end: string } {
  if ((args.end === undefined) === (args.for === undefined)) throw new UsageError('pass --end or --for (one of them)');
  const start = args.start === undefined ? now.toISOString() : time(args.start, 'start');
  const end =
    args.end !== undefined
      ? time(args.end, 'end')
      : new Date(Date.parse(start) + durationSeconds(args.for as string) * 1000).toISOString();
  if (Date.parse(end) <= Date.parse(start)) throw new UsageError('the override must end after it starts');
  return { start, end };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function overrideCommands(io: CliIo, guard: CommandGuard): CommandModule<object, never>[] {
  const scheduleArg = { type: 'string', describe: 'The schedule (id or name)' } as const;
  const add: CommandModule<object, OverrideAddArgs> = {
    command: 'add <schedule>',
    describe: 'Put a user on call in a schedule for a while',
    builder: (yargs: Argv) =>
      withRestOptions(yargs)
        .positional('schedule', scheduleArg)
        .option('user', { alias: 'u', type: 'string', demandOption: true, describe: 'Who (id, email or name)' })
        .option('start', { type: 'string', describe: 'From (ISO 8601)', defaultDescription: 'now' })
        .option('end', { type: 'string', describe: 'Until (ISO 8601)' })
        .option('for', { type: 'string', describe: 'How long instead of --end: 90m, 4h, 1d' })
        .option('json', { type: 'boolean', default: false, describe: "Print the API's answer as JSON" })
        .example(
          '$0 schedule override add "SRE On-call" --user ann@example.com --for 4h',
          '',
        ) as unknown as Argv<OverrideAddArgs>,
    handler: (args: ArgumentsCamelCase<OverrideAddArgs>) => {
      const span = overrideSpan(args, new Date());
      return withRestClient(args, io, async ({ client }) => {
        const schedule = await lookUp(client, 'schedule', args.schedule);
        const user = await lookUp(client, 'user', args.user);
        const answer = await client.jpost<unknown>(`/schedules/${schedule.id}/overrides`, {
          json: { overrides: [{ ...span, user: { id: user.id, type: 'user_reference' } }] },
        });
        if (args.json) return writeJson(io, answer);
        // The bulk create answers per override: its status, and its errors when it failed.
        const [result] = Array.isArray(answer)
          ? (answer as Record<string, unknown>[])
          : [answer as Record<string, unknown>];
        const errors = Array.isArray(result?.errors) ? result.errors.map(String) : [];
        if (typeof result?.status === 'number' && result.status >= 400)
          throw new Error(`the override was refused: ${errors.join('; ') || `status ${result.status}`}`);
        const override = (result?.override ?? {}) as Record<string, unknown>;
        const who = `${cellText(user)} from ${span.start} to ${span.end}`;
        io.stdout.write(`added override ${String(override.id)} to ${cellText(schedule)}: ${who}\n`);
      });
    },
  };
  const list: CommandModule<object, OverrideListArgs> = {
    command: 'list <schedule>',
    describe: "List a schedule's overrides (from now for 30 days, unless --since/--until)",
    builder: (yargs: Argv) =>
      withOutputOptions(withRestOptions(yargs), OVERRIDE_COLUMNS)
        .positional('schedule', scheduleArg)
        .option('since', { type: 'string', describe: 'From (ISO 8601)', defaultDescription: 'now' })
        .option('until', {
          type: 'string',
          describe: 'Until (ISO 8601)',
          defaultDescription: '30 days after --since',
        }) as unknown as Argv<OverrideListArgs>,
    handler: (args: ArgumentsCamelCase<OverrideListArgs>) => {
      const since = args.since === undefined ? new Date().toISOString() : time(args.since, 'since');
      const until =
        args.until === undefined ? new Date(Date.parse(since) + 30 * DAY_MS).toISOString() : time(args.until, 'until');
      return withRestClient(args, io, async ({ client }) => {
        const schedule = await lookUp(client, 'schedule', args.schedule);
        const answer = await client.jget<{ overrides?: unknown[] }>(`/schedules/${schedule.id}/overrides`, {
          params: { since, until },
        });
        for (const line of listLines(answer.overrides ?? [], printingFor(args, OVERRIDE_COLUMNS)))
          io.stdout.write(`${line}\n`);
      });
    },
  };
  const remove: CommandModule<object, OverrideRemoveArgs> = {
    command: 'remove <schedule> <id>',
    describe: 'Remove an override from a schedule (one that has begun is cut short at now)',
    builder: (yargs: Argv) =>
      withRestOptions(yargs)
        .positional('schedule', scheduleArg)
        .positional('id', { type: 'string', describe: 'The override id' }) as unknown as Argv<OverrideRemoveArgs>,
    handler: (args: ArgumentsCamelCase<OverrideRemoveArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        const schedule = await lookUp(client, 'schedule', args.schedule);
        await client.rdelete(`/schedules/${schedule.id}/overrides/${encodeURIComponent(args.id)}`);
        io.stdout.write(`removed override ${args.id} from ${cellText(schedule)}\n`);
      }),
  };
  return [guard(add), guard(list), guard(remove)] as CommandModule<object, never>[];
}

/** The `schedule` command group. */
export function scheduleCommand(io: CliIo, guard: CommandGuard): CommandModule<object, object> {
  const directory = directoryCommands(io, guard, {
    word: 'schedule',
    path: '/schedules',
    plural: 'schedules',
    names: 'ID or name',
    listColumns: ['id', 'name', 'time_zone', 'teams'],
    showColumns: ['id', 'name', 'description', 'time_zone', 'users', 'teams', 'html_url'],
    byTeam: false,
  });
  const override = commandGroup('override', "Add, list or remove a schedule's overrides", overrideCommands(io, guard));
  return commandGroup(COMMANDS.schedule.usage, COMMANDS.schedule.describe, [
    ...directory,
    override as CommandModule<object, never>,
  ]);
}
