/**
 * `pagerduty service|user|team|ep list|show`: the account's directory, each group made from
 * its row of `DIRECTORIES` (the index, the columns, the filters).
 *
 * @module
 */
import type { CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { commandGroup, directoryCommands, DIRECTORIES, type CommandGuard } from '../rest/command-group.js';

/** The directory command groups, in the order help lists them. */
export function directoryCommandGroups(io: CliIo, guard: CommandGuard): CommandModule<object, object>[] {
  return DIRECTORIES.map((spec) => {
    const { usage, describe } = COMMANDS[spec.word as 'service' | 'user' | 'team' | 'ep'];
    return commandGroup(usage, describe, directoryCommands(io, guard, spec));
  });
}
