/**
 * `pagerduty profile list|use|show|add|remove`: the saved profiles (credential kind,
 * region, base URLs, `From`) in the profile file. Nothing it prints holds a secret; the
 * key of `add --with-key` is read from standard input, never from the command line.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { readStream } from '../api/api-input.js';
import type { CliIo } from '../cli-io.js';
import { REGION_NAMES, type Region } from '../common/connection.js';
import { fromEnv } from '../environment.js';
import { COMMANDS } from '../program.js';
import { checkProfileName, selectProfile } from '../profiles/profile.js';
import { listLines, showLines, withCurrent, withoutProfile, withProfile } from '../profiles/profile-edits.js';
import { editProfileFile, PROFILE_ENV, profileFilePath, readProfileFile } from '../profiles/profile-store.js';
import { UsageError } from '../common/usage-error.js';

/** What `profile` does. */
export const PROFILE_ACTIONS = ['list', 'use', 'show', 'add', 'remove'] as const;

/** The options of `pagerduty profile`. */
export interface ProfileArgs {
  /** The action. */
  readonly action: (typeof PROFILE_ACTIONS)[number];
  /** The profile's name (`use`, `add`, `remove`; `show` defaults to the selected one). */
  readonly name?: string;
  /** `--profile`: for `show`, the profile to show. */
  readonly profile?: string;
  /** `add --region`. */
  readonly region?: Region;
  /** `add --base-url`: the REST API base URL. */
  readonly baseUrl?: string;
  /** `add --events-url`: the Events API base URL. */
  readonly eventsUrl?: string;
  /** `add --from`: the acting user's email. */
  readonly from?: string;
  /** `add --with-key`: read an API key from standard input. */
  readonly withKey?: boolean;
  /** `add --use`: make it the current profile. */
  readonly use?: boolean;
}

/** The options only `add` takes, as the command line spells them. */
const ADD_OPTIONS = [
  ['region', 'region'],
  ['baseUrl', 'base-url'],
  ['eventsUrl', 'events-url'],
  ['from', 'from'],
  ['withKey', 'with-key'],
  ['use', 'use'],
] as const;

function requireName(args: ProfileArgs): string {
  if (args.name === undefined) throw new UsageError(`"profile ${args.action}" needs a profile name`);
  return checkProfileName(args.name);
}

async function addProfile(args: ProfileArgs, io: CliIo, file: string): Promise<void> {
  const name = requireName(args);
  let key: string | undefined;
  if (args.withKey) {
    key = (await readStream(() => io.stdin ?? process.stdin)).split('\n')[0]?.trim();
    if (!key) throw new UsageError('--with-key: standard input holds no key');
  }
  await editProfileFile(file, (latest) => {
    const content = withProfile(latest, name, {
      region: args.region,
      baseUrl: args.baseUrl,
      eventsUrl: args.eventsUrl,
      from: args.from,
      ...(key === undefined ? {} : { credential: { kind: 'api-key', key } }),
    });
    return args.use || content.current === undefined ? withCurrent(content, name) : content;
  });
  io.stderr.write(`pagerduty: saved profile ${JSON.stringify(name)} in ${file}\n`);
}

async function runProfileAction(args: ProfileArgs, io: CliIo): Promise<void> {
  const misplaced = ADD_OPTIONS.filter(([key]) => args[key] !== undefined && args[key] !== false);
  if (args.action !== 'add' && misplaced.length > 0) {
    throw new UsageError(`--${misplaced[0][1]} works only with "profile add"`);
  }
  const file = profileFilePath(io.env);
  if (args.action === 'add') return addProfile(args, io, file);
  const content = await readProfileFile(file);
  switch (args.action) {
    case 'list': {
      const current = args.profile ?? fromEnv(io.env, PROFILE_ENV) ?? content?.current;
      const lines = listLines(content, current);
      if (lines.length === 0) io.stderr.write(`pagerduty: no profiles in ${file}; "pagerduty login" makes one\n`);
      for (const line of lines) io.stdout.write(`${line}\n`);
      return;
    }
    case 'show': {
      const named = args.name ?? args.profile ?? fromEnv(io.env, PROFILE_ENV);
      const selected = selectProfile(content, named);
      if (selected === undefined) throw new UsageError(`no current profile in ${file}; name one`);
      for (const line of showLines(selected.name, selected.profile, selected.name === content?.current)) {
        io.stdout.write(`${line}\n`);
      }
      return;
    }
    case 'use': {
      const name = requireName(args);
      await editProfileFile(file, (latest) => {
        selectProfile(latest, name);
        return withCurrent(latest ?? { profiles: {} }, name);
      });
      io.stderr.write(`pagerduty: the current profile is now ${JSON.stringify(name)}\n`);
      return;
    }
    case 'remove': {
      const name = requireName(args);
      await editProfileFile(file, (latest) => {
        selectProfile(latest, name);
        return withoutProfile(latest ?? { profiles: {} }, name);
      });
      io.stderr.write(`pagerduty: removed profile ${JSON.stringify(name)}\n`);
      return;
    }
  }
}

/**
 * The `profile` command.
 *
 * @example
 * ```sh
 * printf '%s\n' "$KEY" | pagerduty profile add work --region eu --from me@example.com --with-key
 * pagerduty profile list
 * pagerduty profile use work
 * pagerduty profile show
 * ```
 */
export function profileCommand(io: CliIo): CommandModule<object, ProfileArgs> {
  return {
    command: COMMANDS.profile.usage,
    describe: COMMANDS.profile.describe,
    builder: (yargs: Argv) =>
      yargs
        .positional('action', {
          type: 'string',
          choices: PROFILE_ACTIONS,
          describe:
            'list the profiles, use NAME as the current one, show one (no secret), ' +
            'add (or update) NAME, remove NAME',
        })
        .positional('name', { type: 'string', describe: 'The profile name' })
        .option('profile', {
          type: 'string',
          describe: 'With show and list: the profile to show or mark',
          defaultDescription: `$${PROFILE_ENV}, else the current profile`,
        })
        .option('region', { type: 'string', choices: REGION_NAMES, describe: "add: the profile's service region" })
        .option('base-url', { type: 'string', describe: "add: the profile's REST API base URL (the emulator's, say)" })
        .option('events-url', { type: 'string', describe: "add: the profile's Events API base URL" })
        .option('from', { type: 'string', describe: 'add: the email of the acting user (the From header)' })
        .option('with-key', { type: 'boolean', describe: 'add: read a REST API key from standard input' })
        .option('use', { type: 'boolean', describe: 'add: make it the current profile' })
        .example('printf \'%s\\n\' "$KEY" | $0 profile add work --region eu --with-key', '')
        .example('$0 profile use work', '') as unknown as Argv<ProfileArgs>,
    handler: (args: ArgumentsCamelCase<ProfileArgs>) => runProfileAction(args, io),
  };
}
