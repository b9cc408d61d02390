import { describe, expect, it } from '@jest/globals';
import { VERSION } from '../../src/generated/version.js';
import { COMMAND_NAMES, topLevelHelp } from '../../src/cli/program.js';
import { unknownCommand } from '../../src/cli/run.js';
import { runWithYargs } from '../../src/cli/yargs-program.js';
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
    const result = await runCli([
      'trigger',
      '-k',
      'k',
      '--description',
      'x',
      '--base-url',
      'http://events.example.com',
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('must use https://');
  });
});

describe('run: command-line terms', () => {
  it('calls an unknown word an unknown command and lists the commands', async () => {
    const result = await runCli(['bogus']);
    expect(result).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'pagerduty: unknown command "bogus"; ' +
        'the commands are: trigger, acknowledge, resolve, submit, api, emulator, mcp, webhooks\n' +
        'Run "pagerduty --help" for usage.\n',
    });
  });

  it('finds the command word after options', async () => {
    expect(unknownCommand(['--debug', 'bogus'], ['api'])).toBe('bogus');
    expect(unknownCommand(['api', '/users'], ['api'])).toBeUndefined();
    expect(unknownCommand(['--help'], ['api'])).toBeUndefined();
  });

  it('lists every environment variable the program reads in its help', async () => {
    const help = (await runCli(['--help'])).stdout;
    for (const name of [
      'PAGERDUTY_API_KEY',
      'PAGERDUTY_BASE_URL',
      'PAGERDUTY_FROM',
      'PAGERDUTY_ROUTING_KEY',
      'PAGERDUTY_EVENTS_URL',
    ]) {
      expect(help).toContain(name);
    }
  });

  it.each(['trigger', 'acknowledge', 'resolve', 'submit'])(
    '%s --help names the variables behind -k and --base-url',
    async (name) => {
      const help = (await runCli([name, '--help'])).stdout;
      expect(help).toContain('$PAGERDUTY_ROUTING_KEY');
      expect(help).toContain('$PAGERDUTY_EVENTS_URL, else https://events.pagerduty.com');
    },
  );
});

describe('run: the top-level help answered without yargs', () => {
  const section = (text: string, title: string): string[] => {
    const lines = text.split('\n');
    const start = lines.indexOf(title);
    const end = lines.indexOf('', start);
    // Entries start two spaces in; a wrapped description continues further in.
    return lines
      .slice(start + 1, end)
      .filter((line) => /^ {2}\S/.test(line))
      .map((line) => line.trim().split(/\s{2,}/)[0] ?? '');
  };

  it('lists the same commands, in the same order, as the yargs program registers', async () => {
    let yargsHelp = '';
    const status = await runWithYargs(['--help'], {
      env: {},
      stdout: { write: (text: string) => (yargsHelp += text) },
      stderr: { write: () => 0 },
    });
    expect(status).toBe(0);
    const fast = (await runCli(['--help'])).stdout;
    expect(section(fast, 'Commands:')).toEqual(section(yargsHelp, 'Commands:'));
    expect(section(fast, 'Commands:')).toHaveLength(COMMAND_NAMES.length);
    expect(fast).toBe(topLevelHelp());
  });

  it('keeps every line within the help width', () => {
    for (const line of topLevelHelp().split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe('run: one meaning per short option', () => {
  it('-i is the dedup key of the event commands (as the contract has it), and no short option of api', async () => {
    const result = await runCli(['api', '/abilities', '-i']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown argument: i');
  });

  it('every short option means one long option across all commands', async () => {
    const meanings = new Map<string, Set<string>>();
    for (const command of ['trigger', 'acknowledge', 'resolve', 'submit', 'api', 'emulator', 'webhooks']) {
      const help = (await runCli([command, '--help'])).stdout;
      for (const [, short, long] of help.matchAll(/^\s+-(\w), --([\w-]+)/gm)) {
        meanings.set(short, new Set([...(meanings.get(short) ?? []), long]));
      }
    }
    expect(meanings.get('i')).toEqual(new Set(['dedup-key']));
    expect(meanings.get('k')).toEqual(new Set(['routing-key']));
    for (const [short, longs] of meanings) expect([short, [...longs]]).toEqual([short, [[...longs][0]]]);
  });
});
