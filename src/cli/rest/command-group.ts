/**
 * The shape every command group shares (`incident list`, `schedule override add`, ...): a
 * parent command whose subcommands each have a handler, and the `list|show` pair of the
 * directory groups (`service`, `user`, `team`, `ep`), made from a small table per kind.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { listValues, withListOptions, withOutputOptions, withRestOptions } from './rest-options.js';
import type { OutputArgs, PagingArgs, RestArgs } from './rest-options.js';
import {
  type QueryParams,
  lookUp,
  lookUpIds,
  printItem,
  printList,
  withRestClient,
  type NamedKind,
} from './rest-client.js';

/**
 * Wraps a command's handler so that its errors are kept apart from yargs' parse errors (see
 * `yargs-program.ts`): each subcommand is wrapped, since yargs runs only the one that matched.
 */
export type CommandGuard = <T>(module: CommandModule<object, T>) => CommandModule<object, T>;

/** A parent command (`incident`) whose subcommands do the work. */
export function commandGroup(
  usage: string,
  describe: string,
  subcommands: ReadonlyArray<CommandModule<object, never>>,
): CommandModule<object, object> {
  const word = usage.split(' ')[0];
  return {
    // The word alone: without a subcommand, demandCommand names what is missing.
    command: word,
    describe,
    builder: (yargs: Argv) => {
      let parser = yargs;
      for (const subcommand of subcommands) parser = parser.command(subcommand as CommandModule<object, object>);
      return parser.demandCommand(1, `name a subcommand of ${word} (see: pagerduty ${word} --help)`);
    },
    handler: () => {},
  };
}

/** The options of a directory `list`. */
export interface DirectoryListArgs extends RestArgs, OutputArgs, PagingArgs {
  readonly query?: string;
  readonly team?: readonly string[];
}

/** The options of a directory `show`. */
export interface DirectoryShowArgs extends RestArgs, OutputArgs {
  readonly target: string;
}

/** What one directory group lists and shows. */
export interface DirectorySpec {
  /** The command word (`service`). */
  readonly word: NamedKind;
  /** The index (`/services`). */
  readonly path: string;
  /** Its name in help (`services`). */
  readonly plural: string;
  /** What `show` takes (`ID or name`). */
  readonly names: string;
  /** The columns of `list`. */
  readonly listColumns: readonly string[];
  /** The columns of `show` as a table. */
  readonly showColumns: readonly string[];
  /** Whether the index filters by `team_ids[]`. */
  readonly byTeam: boolean;
}

/** The `list` and `show` subcommands of a directory group. */
export function directoryCommands(
  io: CliIo,
  guard: CommandGuard,
  spec: DirectorySpec,
): ReadonlyArray<CommandModule<object, never>> {
  const list: CommandModule<object, DirectoryListArgs> = {
    command: 'list',
    describe: `List ${spec.plural} (every page, unless --limit)`,
    builder: (yargs: Argv) => {
      let parser = withListOptions(withRestOptions(yargs), spec.listColumns).option('query', {
        alias: 'q',
        type: 'string',
        describe: `Only ${spec.plural} whose name (or email) contains this`,
      });
      if (spec.byTeam)
        parser = parser.option('team', {
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'Only those of this team (id or name; repeat or comma-separate for several)',
        });
      return parser as unknown as Argv<DirectoryListArgs>;
    },
    handler: (args: ArgumentsCamelCase<DirectoryListArgs>) =>
      withRestClient(args, io, async (session) => {
        const params: QueryParams = {};
        if (args.query !== undefined) params.query = args.query;
        const teams = listValues(args.team);
        if (teams.length > 0) params.team_ids = await lookUpIds(session.client, 'team', teams);
        await printList(session, io, args, { path: spec.path, params, columns: spec.listColumns });
      }),
  };
  const show: CommandModule<object, DirectoryShowArgs> = {
    command: 'show <target>',
    describe: `Show one of the ${spec.plural}, by ${spec.names}`,
    builder: (yargs: Argv) =>
      withOutputOptions(withRestOptions(yargs), spec.showColumns).positional('target', {
        type: 'string',
        describe: spec.names,
      }) as unknown as Argv<DirectoryShowArgs>,
    handler: (args: ArgumentsCamelCase<DirectoryShowArgs>) =>
      withRestClient(args, io, async ({ client }) => {
        printItem(io, args, await lookUp(client, spec.word, args.target), spec.showColumns);
      }),
  };
  return [guard(list), guard(show)] as ReadonlyArray<CommandModule<object, never>>;
}

/** The directory groups. */
export const DIRECTORIES: readonly DirectorySpec[] = [
  {
    word: 'service',
    path: '/services',
    plural: 'services',
    names: 'ID or name',
    listColumns: ['id', 'name', 'status', 'escalation_policy', 'teams'],
    showColumns: ['id', 'name', 'description', 'status', 'escalation_policy', 'teams', 'html_url'],
    byTeam: true,
  },
  {
    word: 'user',
    path: '/users',
    plural: 'users',
    names: 'ID, email or name',
    listColumns: ['id', 'name', 'email', 'role', 'teams'],
    showColumns: ['id', 'name', 'email', 'role', 'job_title', 'time_zone', 'teams', 'html_url'],
    byTeam: true,
  },
  {
    word: 'team',
    path: '/teams',
    plural: 'teams',
    names: 'ID or name',
    listColumns: ['id', 'name', 'description'],
    showColumns: ['id', 'name', 'description', 'html_url'],
    byTeam: false,
  },
  {
    word: 'ep',
    path: '/escalation_policies',
    plural: 'escalation policies',
    names: 'ID or name',
    listColumns: ['id', 'name', 'num_loops', 'teams'],
    showColumns: ['id', 'name', 'description', 'num_loops', 'escalation_rules', 'teams', 'html_url'],
    byTeam: true,
  },
];
