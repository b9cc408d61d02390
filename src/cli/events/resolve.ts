/**
 * `pagerduty resolve`: resolves the alert with a dedup key.
 *
 * @module
 */
import type { CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { dedupKeyCommand, type DedupKeyArgs } from './dedup-key-command.js';

/**
 * The `resolve` command.
 *
 * @example
 * ```sh
 * pagerduty resolve -k $KEY -i db01/disk
 * ```
 */
export function resolveCommand(io: CliIo): CommandModule<object, DedupKeyArgs> {
  return dedupKeyCommand(io, 'resolve', COMMANDS.resolve.describe);
}
