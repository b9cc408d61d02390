/**
 * The `pagerduty` program as a function: parses a command line, runs one command, and
 * returns the exit status. `main.ts` calls it with the real process; tests call it with
 * buffers. To add a command, import its factory and add one `.command(guard(...))` line.
 *
 * @module
 */
import yargs, { type CommandModule } from 'yargs';
import { VERSION } from '../core/version.js';
import type { CliIo } from './cli-io.js';
import { acknowledgeCommand } from './commands/acknowledge.js';
import { apiCommand } from './commands/api.js';
import { emulatorCommand } from './commands/emulator.js';
import { resolveCommand } from './commands/resolve.js';
import { submitCommand } from './commands/submit.js';
import { triggerCommand } from './commands/trigger.js';
import { EXIT, exitStatusFor, failureLine } from './failure-report.js';

const PROGRAM = 'pagerduty';

/** How wide help text is: fixed, so that help reads the same in every terminal. */
const HELP_WIDTH = 100;

function firstWord(command: CommandModule['command']): string {
  const text = Array.isArray(command) ? command[0] : command;
  return String(text ?? '').split(' ')[0] ?? '';
}

/**
 * Runs the program and resolves to its exit status: 0 on success, 1 when the API
 * refused or the network failed (one line on `stderr`), 2 for a usage error. Help and
 * version text go to `stdout`.
 *
 * @param args - the arguments after the program name (`process.argv.slice(2)`)
 * @param io - environment, output streams and, for tests, the transport
 *
 * @example
 * ```ts
 * const status = await run(['trigger', '--description', 'Disk full'], {
 *   env: process.env, stdout: process.stdout, stderr: process.stderr,
 * });
 * ```
 */
export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const commandNames: string[] = [];
  let outcome: { error: unknown } | undefined;
  // Errors of a command's own work are kept apart from yargs' parse errors, so that a
  // failed request (status 1) is never mistaken for a bad command line (status 2).
  const guard = <T>(module: CommandModule<object, T>): CommandModule<object, T> => {
    commandNames.push(firstWord(module.command));
    return {
      ...module,
      handler: async (argv) => {
        try {
          await module.handler(argv);
        } catch (error) {
          outcome = { error };
        }
      },
    };
  };
  const parser = yargs([...args])
    .scriptName(PROGRAM)
    .usage('$0 <command> [options]\n\nSend events to PagerDuty, call its REST API, or run a local emulator of both.')
    .command(guard(triggerCommand(io)))
    .command(guard(acknowledgeCommand(io)))
    .command(guard(resolveCommand(io)))
    .command(guard(submitCommand(io)))
    .command(guard(apiCommand(io)))
    .command(guard(emulatorCommand(io)))
    .demandCommand(1, 'no command given')
    .strict()
    .help('help')
    .alias('help', 'h')
    .version(VERSION)
    .epilog('Exit status: 0 success, 1 API or network error, 2 usage error.')
    .wrap(HELP_WIDTH)
    .exitProcess(false)
    .fail(false);

  const usageHint = (): string => {
    const command = args.find((arg) => commandNames.includes(arg));
    return `Run "${PROGRAM}${command ? ` ${command}` : ''} --help" for usage.\n`;
  };
  let output = '';
  try {
    await parser.parseAsync([...args], {}, (_error, _argv, text) => {
      output = text;
    });
  } catch (error) {
    io.stderr.write(`${failureLine(error, PROGRAM)}\n${usageHint()}`);
    return EXIT.USAGE;
  }
  if (outcome) {
    const status = exitStatusFor(outcome.error);
    io.stderr.write(`${failureLine(outcome.error, PROGRAM)}\n${status === EXIT.USAGE ? usageHint() : ''}`);
    return status;
  }
  if (output) io.stdout.write(`${output}\n`);
  return EXIT.OK;
}
