/**
 * The engine options every command's client gets from the program's surroundings: the
 * injected transport and sleep, and a debug logger that writes to the program's stderr.
 *
 * @module
 */
import type { ApiClientOptions } from '../../core/client/api-client.js';
import { stderrLogger } from '../../core/logging.js';
import { withInternal } from '../../core/client/internal-options.js';
import type { CliIo } from '../cli-io.js';
import type { ConnectionArgs } from './connection.js';

export type { ConnectionArgs } from './connection.js';

/**
 * Client options for a command: its base URL (already resolved), the io's `fetch` and `sleep`, and a
 * logger on the io's stderr: warnings (each retry, pagination stops) always, every line
 * with `--debug` (the engine redacts credentials in its lines).
 */
export function clientOptions(args: Pick<ConnectionArgs, 'baseUrl' | 'debug'>, io: CliIo): ApiClientOptions {
  let options: ApiClientOptions = {};
  if (args.baseUrl !== undefined) options.baseUrl = args.baseUrl;
  if (io.fetch) options.fetch = io.fetch;
  if (io.sleep) options = withInternal(options, { sleep: io.sleep });
  if (args.debug) {
    options.logger = stderrLogger('pagerduty', (line) => io.stderr.write(`${line}\n`));
  } else {
    // Without --debug, warnings still reach stderr: a retry (and its pause) is shown as
    // it happens rather than the command seeming to hang.
    const warn = (message: string): void => {
      if (!reportedByFailure(message)) io.stderr.write(`pagerduty: warning: ${message}\n`);
    };
    options.logger = { debug: ignore, info: ignore, warn, error: warn };
  }
  return options;
}

function ignore(): void {}

/**
 * Whether a warning says what the failure printed at the end will say again: the engine
 * warns of a 401 and then throws it, and the program prints every failure it ends with.
 */
export function reportedByFailure(message: string): boolean {
  return message.includes('API responded with 401 Unauthorized');
}

/** Writes a value as JSON (two-space indented) and a newline: what `jq` reads. */
export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
