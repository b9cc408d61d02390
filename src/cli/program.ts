/**
 * What the program says about itself, without loading yargs: its commands and their
 * summaries (which the command modules use as their `describe`), and the top-level help.
 * `pagerduty --help` is answered from here alone, so that it starts about as fast as Node.
 *
 * @module
 */
import { VERSION } from '../generated/version.js';
import { ENVIRONMENT } from './environment.js';

/** The program's name, as help and error lines show it. */
export const PROGRAM = 'pagerduty';

/** How wide help text is: fixed, so that help reads the same in every terminal. */
export const HELP_WIDTH = 100;

/** The one-paragraph description under the usage line. */
export const DESCRIPTION =
  'Handle incidents and on-call, send events, call the REST API, or run a local emulator of PagerDuty.';

/** One command: its usage (`api <path>`) and its one-line summary. */
export interface CommandSummary {
  /** The command word and its positionals, as yargs takes them. */
  readonly usage: string;
  /** What it does, in one line. */
  readonly describe: string;
}

/** Every command, in the order help lists them. */
export const COMMANDS = {
  incident: {
    usage: 'incident',
    describe: 'List, show, acknowledge, resolve, reassign, snooze, note, merge or escalate incidents',
  },
  oncall: { usage: 'oncall', describe: 'Who is on call, now or at a time, for a policy, a schedule or a user' },
  schedule: {
    usage: 'schedule',
    describe: "List or show schedules; add, list or remove a schedule's overrides",
  },
  service: { usage: 'service', describe: 'List or show services' },
  user: { usage: 'user', describe: 'List or show users (by id, email or name)' },
  team: { usage: 'team', describe: 'List or show teams' },
  ep: { usage: 'ep', describe: 'List or show escalation policies' },
  trigger: { usage: 'trigger', describe: 'Trigger an alert and print its dedup key' },
  acknowledge: { usage: 'acknowledge', describe: 'Acknowledge the alert with a dedup key' },
  resolve: { usage: 'resolve', describe: 'Resolve the alert with a dedup key' },
  submit: { usage: 'submit', describe: 'Submit a change event (a deploy, a configuration change)' },
  api: {
    usage: 'api <path>',
    describe: 'Call the REST API v2 (key from $PAGERDUTY_API_KEY) and print the JSON response',
  },
  emulator: {
    usage: 'emulator',
    describe: 'Run a local emulator of the REST and Events APIs (loopback only, fake keys)',
  },
  mcp: {
    usage: 'mcp <action> [name]',
    describe: 'List the tools of PagerDuty\'s MCP server ("mcp tools"), or call one ("mcp call NAME --arg k=v")',
  },
  webhooks: {
    usage: 'webhooks <action>',
    describe: 'Receive V3 webhooks ("webhooks listen"), verify their signatures, print the events',
  },
  login: {
    usage: 'login',
    describe: 'Sign in through the browser (OAuth with PKCE) and keep the tokens in a profile',
  },
  logout: {
    usage: 'logout',
    describe: "Revoke a profile's OAuth tokens and forget the profile",
  },
  profile: {
    usage: 'profile <action> [name]',
    describe: 'List, choose, show, add or remove saved profiles (credential, region, base URL, From)',
  },
  completion: {
    usage: 'completion',
    describe: 'Print the bash/zsh completion script (add it to ~/.bashrc or ~/.zshrc)',
  },
} as const satisfies Record<string, CommandSummary>;

/** The text of `pagerduty completion --help` (yargs would print the script itself). */
export function completionHelp(): string {
  return [
    `${PROGRAM} completion`,
    '',
    COMMANDS.completion.describe,
    '',
    'Examples:',
    `  ${PROGRAM} completion >> ~/.bashrc    in bash`,
    `  ${PROGRAM} completion >> ~/.zshrc     in zsh`,
    `  source <(${PROGRAM} completion)       for this shell only`,
    '',
    'In a project that has the package installed (not globally), put node_modules/.bin on PATH, or',
    `install it globally (npm install -g pagerduty-client), so that the shell finds "${PROGRAM}".`,
    '',
  ].join('\n');
}

/** The command words. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** The help's closing text: the environment variables read, and the exit statuses. */
export function epilogue(): string {
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));
  const variables = ENVIRONMENT.map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`);
  return ['Environment:', ...variables, '', 'Exit status: 0 success, 1 API or network error, 2 usage error.'].join(
    '\n',
  );
}

/** `text` broken into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}

/** Two columns, the second wrapped to the help width and aligned. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const left = Math.max(...rows.map(([first]) => first.length)) + 2;
  return rows.flatMap(([first, second]) =>
    wrap(second, HELP_WIDTH - left - 2).map((part, index) => `  ${(index === 0 ? first : '').padEnd(left)}${part}`),
  );
}

/**
 * The text of `pagerduty --help`: usage, description, the commands, the options, the
 * environment and the exit statuses (laid out as yargs lays out a command's help).
 */
export function topLevelHelp(): string {
  return [
    `${PROGRAM} <command> [options]`,
    '',
    DESCRIPTION,
    '',
    'Commands:',
    ...table(Object.values(COMMANDS).map(({ usage, describe }) => [`${PROGRAM} ${usage}`, describe])),
    '',
    'Options:',
    ...table([
      ['-h, --help', 'Show help (with a command: its options)'],
      ['    --version', `Show version number (${VERSION})`],
    ]),
    '',
    epilogue(),
    '',
  ].join('\n');
}
