/**
 * The program's command line parsed by yargs: one command runs, its outcome becomes an
 * exit status. Loaded by `run` only when a command (or a command's help) is asked for:
 * yargs alone costs about as much as starting Node.
 *
 * @module
 */
import yargs, { type CommandModule, type MiddlewareFunction } from 'yargs';
import { VERSION } from '../generated/version.js';
import type { CliIo } from './cli-io.js';
import { acknowledgeCommand } from './events/acknowledge.js';
import { apiCommand } from './api/api.js';
import { emulatorCommand } from './emulator/emulator.js';
import { loginCommand } from './session/login.js';
import { logoutCommand } from './session/logout.js';
import { profileCommand } from './session/profile.js';
import { mcpCommand } from './mcp/mcp.js';
import { resolveCommand } from './events/resolve.js';
import { submitCommand } from './events/submit.js';
import { triggerCommand } from './events/trigger.js';
import { webhooksCommand } from './webhooks/webhooks.js';
import { directoryCommandGroups } from './directory/directory.js';
import { incidentCommand } from './incident/incident.js';
import { oncallCommand } from './oncall/oncall.js';
import { scheduleCommand } from './schedule/schedule.js';
import type { CommandGuard } from './rest/command-group.js';
import { EXIT, exitStatusFor, failureLine, failureLines } from './common/failure-report.js';
import { unknownOptions, unknownOptionsMessage } from './common/option-suggestions.js';
import { COMMAND_NAMES, COMMANDS, completionHelp, DESCRIPTION, epilogue, HELP_WIDTH, PROGRAM } from './program.js';
import { UsageError } from './common/usage-error.js';

/** `Run "pagerduty api --help" for usage.`, naming the command the line names, if any. */
export function usageHint(args: readonly string[]): string {
  const command = args.find((arg) => COMMAND_NAMES.includes(arg));
  return `Run "${PROGRAM}${command ? ` ${command}` : ''} --help" for usage.\n`;
}

/** The flag with which the completion script asks for the words that may come next. */
const COMPLETIONS_FLAG = '--get-yargs-completions';

/**
 * Completions with each one-letter option as it is written (`-X`): yargs offers a short
 * alias after `--` as `--X`, which no parser takes.
 */
export function shortOptionsAsWritten(completions: string): string {
  return completions.replace(/^--([A-Za-z])$/gm, '-$1');
}

/**
 * What yargs hands a middleware as its second argument, the parser of the command that
 * matched (not in yargs' published types, which name only the first).
 */
interface OptionsOwner {
  getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> };
}

/**
 * Refuses options the command does not know, before yargs checks required ones: a
 * misspelt `--descripton` is named, with the nearest option, rather than reported as a
 * missing `--description`.
 */
function refuseUnknownOptions(args: readonly string[], parser: OptionsOwner): void {
  // The completion script asks with a partial word (`--pag`): that is no unknown option.
  if (args[0] === COMPLETIONS_FLAG) return;
  const { key, alias } = parser.getOptions();
  const names = [...Object.keys(key), ...Object.values(alias).flat()];
  const unknown = unknownOptions(args, new Set(names));
  if (unknown.length > 0) {
    throw new UsageError(unknownOptionsMessage(unknown, [...new Set(names.filter((name) => name.length > 1))]));
  }
}

/**
 * Parses `args` with yargs and runs the command they name. To add a command, import its
 * factory, add one `.command(guard(...))` line, and list it in `program.ts`.
 */
export async function runWithYargs(args: readonly string[], io: CliIo): Promise<number> {
  if (args[0] === 'completion' && args.slice(1).some((arg) => arg === '--help' || arg === '-h')) {
    io.stdout.write(completionHelp());
    return EXIT.OK;
  }
  let outcome: { error: unknown } | undefined;
  // Errors of a command's own work are kept apart from yargs' parse errors, so that a
  // failed request (status 1) is never mistaken for a bad command line (status 2).
  const guard: CommandGuard = <T>(module: CommandModule<object, T>): CommandModule<object, T> => ({
    ...module,
    handler: async (argv) => {
      try {
        await module.handler(argv);
      } catch (error) {
        outcome = { error };
      }
    },
  });
  let parser = yargs([...args])
    .scriptName(PROGRAM)
    .usage(`$0 <command> [options]\n\n${DESCRIPTION}`)
    .command(incidentCommand(io, guard))
    .command(guard(oncallCommand(io)))
    .command(scheduleCommand(io, guard));
  for (const group of directoryCommandGroups(io, guard)) parser = parser.command(group);
  parser = parser
    .command(guard(triggerCommand(io)))
    .command(guard(acknowledgeCommand(io)))
    .command(guard(resolveCommand(io)))
    .command(guard(submitCommand(io)))
    .command(guard(apiCommand(io)))
    .command(guard(emulatorCommand(io)))
    .command(guard(mcpCommand(io)))
    .command(guard(webhooksCommand(io)))
    .command(guard(loginCommand(io)))
    .command(guard(logoutCommand(io)))
    .command(guard(profileCommand(io)))
    .middleware(
      ((_argv: unknown, parser: OptionsOwner) => refuseUnknownOptions(args, parser)) as MiddlewareFunction,
      true,
    )
    .completion(COMMANDS.completion.usage, COMMANDS.completion.describe)
    .demandCommand(1, 'no command given')
    .strict()
    .help('help')
    .alias('help', 'h')
    .version(VERSION)
    .epilog(epilogue())
    .wrap(HELP_WIDTH)
    .exitProcess(false)
    .fail(false);

  let output = '';
  try {
    await parser.parseAsync([...args], {}, (_error, _argv, text) => {
      output = text;
    });
  } catch (error) {
    io.stderr.write(`${failureLine(error, PROGRAM)}\n${usageHint(args)}`);
    return EXIT.USAGE;
  }
  if (outcome) {
    const status = exitStatusFor(outcome.error);
    io.stderr.write(
      `${failureLines(outcome.error, PROGRAM).join('\n')}\n${status === EXIT.USAGE ? usageHint(args) : ''}`,
    );
    return status;
  }
  if (output) io.stdout.write(`${args[0] === COMPLETIONS_FLAG ? shortOptionsAsWritten(output) : output}\n`);
  return EXIT.OK;
}
