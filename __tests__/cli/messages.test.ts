/**
 * The program's messages (issue 53, point 3): a 401 said once, completion offering short
 * options as written, `completion --help` printing help, the help naming every variable.
 */
import { describe, expect, it } from '@jest/globals';
import { startEmulator } from '../../src/emulator/index.js';
import { shortOptionsAsWritten } from '../../src/cli/yargs-program.js';
import { reportedByFailure } from '../../src/cli/common/cli-client-options.js';
import { ENVIRONMENT } from '../../src/cli/environment.js';
import { runCli } from './cli-harness.js';

describe('messages', () => {
  it('a 401 is reported once, by the failure, for api and for the REST commands', async () => {
    await using emulator = await startEmulator();
    const env = { PAGERDUTY_API_KEY: 'not-a-key-0000', PAGERDUTY_BASE_URL: emulator.url };
    for (const args of [
      ['api', '/users'],
      ['incident', 'list'],
      ['user', 'list'],
    ]) {
      const result = await runCli(args, env);
      expect(result.status).toBe(1);
      expect(result.stderr.match(/401 Unauthorized/g)).toHaveLength(1);
      expect(result.stderr).not.toContain('warning');
      expect(result.stderr).not.toContain('not-a-key-0000');
    }
    expect(reportedByFailure('GET /x: API responded with 401 Unauthorized: ...')).toBe(true);
    expect(reportedByFailure('GET /x: 429 Too Many Requests, retrying in 2 s')).toBe(false);
  });

  it('completion offers -X and -F as written, never --X or --F', async () => {
    const result = await runCli(['--get-yargs-completions', 'pagerduty', 'api', '--']);
    const words = result.stdout.split('\n');
    expect(words).toEqual(expect.arrayContaining(['-X', '-F', '-H', '--method', '--field']));
    expect(words.filter((word) => /^--[A-Za-z]$/.test(word))).toEqual([]);
    expect(shortOptionsAsWritten('--X\n--method\n-F')).toBe('-X\n--method\n-F');
  });

  it('completion --help prints help, not the script; completion prints the script', async () => {
    const help = await runCli(['completion', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^pagerduty completion\n/);
    expect(help.stdout).toContain('~/.zshrc');
    expect(help.stdout).not.toContain('_pagerduty_yargs_completions');
    const script = await runCli(['completion']);
    expect(script.stdout).toContain('_pagerduty_yargs_completions');
  });

  it('the top-level help names every variable the program reads, PAGERDUTY_MCP_URL among them', async () => {
    const help = (await runCli(['--help'])).stdout;
    for (const [name] of ENVIRONMENT) expect(help).toContain(name);
    expect(help).toContain('PAGERDUTY_MCP_URL');
  });
});
