/**
 * The `pagerduty` program as a function: parses a command line, runs one command, and
 * returns the exit status. `main.ts` calls it with the real process; tests call it with
 * buffers. The top-level help, the version and an unknown command are answered without
 * loading yargs or any command (see `program.ts`); everything else goes to
 * `yargs-program.ts`, loaded then.
 *
 * @module
 */
import { VERSION } from '../generated/version.js';
import type { CliIo } from './cli-io.js';
import { EXIT, failureLine } from './common/failure-report.js';
import { nearest } from './common/option-suggestions.js';
import { COMMAND_NAMES, PROGRAM, topLevelHelp } from './program.js';

/**
 * The command a command line names, when its first word that is not an option is not one
 * of `commands`: yargs would call it an "unknown argument".
 */
export function unknownCommand(args: readonly string[], commands: readonly string[]): string | undefined {
  const word = args.find((arg) => !arg.startsWith('-'));
  return word !== undefined && !commands.includes(word) ? word : undefined;
}

/** The flag with which the completion script asks the program for the words that may come next. */
const COMPLETIONS_FLAG = '--get-yargs-completions';

/** A usage error line and the hint to read the help. */
function usageFailure(io: CliIo, message: string): number {
  io.stderr.write(`${failureLine(new Error(message), PROGRAM)}\nRun "${PROGRAM} --help" for usage.\n`);
  return EXIT.USAGE;
}

/**
 * Runs the program and resolves to its exit status: 0 on success, 1 when the API
 * refused or the network failed (the reason on `stderr`), 2 for a usage error. Help and
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
  if (args.length === 0) return usageFailure(io, 'no command given');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.stdout.write(topLevelHelp());
    return EXIT.OK;
  }
  if (args.length === 1 && args[0] === '--version') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.OK;
  }
  // A shell asking for completions names the program first: yargs answers it.
  const unknown = args[0] === COMPLETIONS_FLAG ? undefined : unknownCommand(args, COMMAND_NAMES);
  if (unknown !== undefined) {
    const suggestion = nearest(unknown, COMMAND_NAMES);
    const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
    return usageFailure(
      io,
      `unknown command ${JSON.stringify(unknown)}${hint}; the commands are: ${COMMAND_NAMES.join(', ')}`,
    );
  }
  const { runWithYargs } = await import('./yargs-program.js');
  return runWithYargs(args, io);
}
