import { describe, expect, it } from '@jest/globals';
import { COMMANDS } from '../../src/cli/program.js';
import { runCli } from './cli-harness.js';

/** The options yargs knows for a command, as its completion lists them (`--name`). */
async function knownOptions(command: string): Promise<string[]> {
  const result = await runCli(['--get-yargs-completions', 'pagerduty', command, '--']);
  return result.stdout
    .split('\n')
    .filter((word) => /^--[a-z][a-z-]+$/.test(word))
    .filter((word) => word !== '--get-yargs-completions');
}

const CALLERS = ['trigger', 'acknowledge', 'resolve', 'submit', 'api', 'login'];

describe('every command', () => {
  it.each(Object.keys(COMMANDS).filter((name) => name !== 'completion'))(
    '%s: its help names every option it takes',
    async (command) => {
      const options = await knownOptions(command);
      expect(options.length).toBeGreaterThan(2);
      const help = await runCli([command, '--help']);
      expect(help.status).toBe(0);
      for (const option of options) expect(help.stdout).toContain(option);
    },
  );

  it.each(CALLERS)('%s: takes --profile, --region, --base-url and --debug', async (command) => {
    expect(await knownOptions(command)).toEqual(
      expect.arrayContaining(['--profile', '--region', '--base-url', '--debug']),
    );
  });
});
