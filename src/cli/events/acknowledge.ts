/**
 * `pagerduty acknowledge`: acknowledges the alert with a dedup key.
 *
 * @module
 */
import type { CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { dedupKeyCommand, type DedupKeyArgs } from './dedup-key-command.js';

/**
 * The `acknowledge` command.
 *
 * @example
 * ```sh
 * pagerduty acknowledge -k $KEY -i db01/disk
 * ```
 */
export function acknowledgeCommand(io: CliIo): CommandModule<object, DedupKeyArgs> {
  return dedupKeyCommand(io, 'acknowledge', COMMANDS.acknowledge.describe);
}
