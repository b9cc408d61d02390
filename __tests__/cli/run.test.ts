import { describe, expect, it } from '@jest/globals';
import { VERSION } from '../../src/core/version.js';
import { runCli } from './cli-harness.js';

const SUBCOMMANDS = ['trigger', 'acknowledge', 'resolve', 'submit', 'api'];

describe('run: help and version', () => {
  it.each([['-h'], ['--help']])('%s lists every subcommand on stdout and exits 0', async (flag) => {
    const result = await runCli([flag]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    for (const name of SUBCOMMANDS) expect(result.stdout).toMatch(new RegExp(`pagerduty ${name}\\b`));
  });

  it.each(SUBCOMMANDS)('%s -h prints the usage of that command and exits 0', async (name) => {
    const result = await runCli([name, '-h']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`pagerduty ${name}`);
    expect(result.stdout).toContain('--base-url');
  });

  it('never prints the routing key from the environment in help', async () => {
    const result = await runCli(['trigger', '-h'], { PAGERDUTY_ROUTING_KEY: 'secret-routing-key-1234' });
    expect(result.stdout).not.toContain('secret-routing-key');
    expect(result.stdout).toContain('$PAGERDUTY_ROUTING_KEY');
  });

  it('--version prints the package version', async () => {
    expect(await runCli(['--version'])).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
});

describe('run: usage errors exit 2', () => {
  it('without a command', async () => {
    const result = await runCli([]);
    expect(result).toEqual({
      status: 2,
      stdout: '',
      stderr: 'pagerduty: no command given\nRun "pagerduty --help" for usage.\n',
    });
  });

  it('for an unknown command', async () => {
    const result = await runCli(['page-everyone']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('page-everyone');
  });

  it('for an unknown option, with a hint naming the command', async () => {
    const result = await runCli(['resolve', '-k', 'k', '-i', 'x', '--colour', 'red']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown argument');
    expect(result.stderr).toContain('Run "pagerduty resolve --help" for usage.');
  });

  it('for a base URL that is not https', async () => {
    const result = await runCli(['trigger', '-k', 'k', '--description', 'x', '--base-url', 'http://events.example.com']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('must use https://');
  });
});
