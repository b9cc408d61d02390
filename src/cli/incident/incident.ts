/**
 * `pagerduty incident ...`: the incidents of the daily work, read (`list`, `show`, `notes`,
 * `log`) and changed (`ack`, `resolve`, `reassign`, `snooze`, `note`, `merge`, `escalate`).
 *
 * @module
 */
import type { CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { commandGroup, type CommandGuard } from '../rest/command-group.js';
import { incidentReadCommands } from './incident-reads.js';
import { incidentWriteCommands } from './incident-writes.js';

/** The `incident` command group. */
export function incidentCommand(io: CliIo, guard: CommandGuard): CommandModule<object, object> {
  const subcommands = [...incidentReadCommands(io), ...incidentWriteCommands(io)].map((command) => guard(command));
  return commandGroup(COMMANDS.incident.usage, COMMANDS.incident.describe, subcommands);
}
