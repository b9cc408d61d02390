import { describe, expect, it } from '@jest/globals';
import { COMMANDS } from '../../src/cli/program.js';
import { runCli } from './cli-harness.js';

/** The options yargs knows for a command, as its completion lists them (`--name`). */
async function knownOptions(command: string): Promise<string[]> {
  const result = await runCli(['--get-yargs-completions', 'pagerduty', ...command.split(' '), '--']);
  return result.stdout
    .split('\n')
    .filter((word) => /^--[a-z][a-z-]+$/.test(word))
    .filter((word) => word !== '--get-yargs-completions');
}

const CALLERS = ['trigger', 'acknowledge', 'resolve', 'submit', 'api', 'login', 'incident list', 'oncall'];

/** The command groups, whose work is done by their subcommands. */
const GROUPS: Record<string, string[]> = {
  incident: ['list', 'show', 'notes', 'log', 'ack', 'resolve', 'reassign', 'snooze', 'note', 'merge', 'escalate'],
  schedule: ['list', 'show', 'override'],
  'schedule override': ['add', 'list', 'remove'],
  service: ['list', 'show'],
  user: ['list', 'show'],
  team: ['list', 'show'],
  ep: ['list', 'show'],
};
const SUBCOMMANDS = Object.entries(GROUPS).flatMap(([group, words]) =>
  words.filter((word) => !GROUPS[`${group} ${word}`]).map((word) => `${group} ${word}`),
);

describe('every command', () => {
  it.each([...Object.keys(COMMANDS).filter((name) => name !== 'completion' && !GROUPS[name]), ...SUBCOMMANDS])(
    '%s: its help names every option it takes',
    async (command) => {
      const options = await knownOptions(command);
      expect(options.length).toBeGreaterThan(2);
      const help = await runCli([...command.split(' '), '--help']);
      expect(help.status).toBe(0);
      for (const option of options) expect(help.stdout).toContain(option);
    },
  );

  it.each(Object.entries(GROUPS))('%s: its help lists its subcommands %j', async (group, words) => {
    const help = await runCli([...group.split(' '), '--help']);
    expect(help.status).toBe(0);
    for (const word of words) expect(help.stdout).toContain(`pagerduty ${group} ${word}`);
  });

  it.each(CALLERS)('%s: takes --profile, --region, --base-url and --debug', async (command) => {
    expect(await knownOptions(command)).toEqual(
      expect.arrayContaining(['--profile', '--region', '--base-url', '--debug']),
    );
  });
});
