/**
 * `pagerduty emulator`: serves the local emulator of the REST and Events APIs until
 * interrupted. The emulator's modules are loaded only when the command runs.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { UsageError } from '../common/usage-error.js';

/** The options of `pagerduty emulator`. */
export interface EmulatorArgs {
  /** `--port`: the port; 0 picks a free one. */
  readonly port: number;
  /** `--host`: the address to bind (default 127.0.0.1, loopback only; 0.0.0.0 for every interface). */
  readonly host?: string;
  /** `--seed-users`: how many users to create. */
  readonly seedUsers: number;
  /** `--seed-services`: how many services to create. */
  readonly seedServices: number;
  /** `--seed-incidents`: how many incidents to create. */
  readonly seedIncidents: number;
  /** `--seed`: the random seed, for repeatable data. */
  readonly seed: number;
  /** `--latency`: a simulated round-trip time in milliseconds. */
  readonly latency?: number;
  /** `--rate-limit`: REST requests per API key per window. */
  readonly rateLimit?: number;
  /** `--rate-limit-window`: the window of `--rate-limit`, in seconds. */
  readonly rateLimitWindow?: number;
  /** `--cors`: answer preflights and add CORS headers, for tests in a browser. */
  readonly cors?: boolean;
  /** `--mcp-auth`: how `/mcp` authenticates, `key` or `oauth` (OAuth tokens only, found by discovery). */
  readonly mcpAuth?: 'key' | 'oauth';
  /** `--mcp-write-tools`: `/mcp` lists and runs the write tools (PagerDuty's `--enable-write-tools`). */
  readonly mcpWriteTools?: boolean;
}

/**
 * The `emulator` command: prints the emulator's URL and its fake keys, then serves on
 * loopback until SIGINT or SIGTERM (or `io.until` settles).
 *
 * @example
 * ```sh
 * pagerduty emulator --port 8080 --seed-users 20
 * ```
 */
export function emulatorCommand(io: CliIo): CommandModule<object, EmulatorArgs> {
  return {
    command: COMMANDS.emulator.usage,
    describe: COMMANDS.emulator.describe,
    builder: (yargs: Argv) =>
      yargs
        .option('port', { type: 'number', default: 0, describe: 'Port; 0 picks a free one' })
        .option('host', {
          type: 'string',
          describe: 'Address to bind (0.0.0.0: every interface, e.g. in a container)',
          defaultDescription: '127.0.0.1',
        })
        .option('seed-users', { type: 'number', default: 5, describe: 'How many users to create' })
        .option('seed-services', { type: 'number', default: 3, describe: 'How many services to create' })
        .option('seed-incidents', { type: 'number', default: 12, describe: 'How many incidents to create' })
        .option('seed', { type: 'number', default: 1, describe: 'Random seed of the generated data' })
        .option('latency', {
          type: 'number',
          describe: 'Simulated round-trip time in milliseconds',
          defaultDescription: '0',
        })
        .option('rate-limit', {
          type: 'number',
          describe: 'REST requests per API key per window; more get 429',
          defaultDescription: 'none',
        })
        .option('rate-limit-window', {
          type: 'number',
          describe: 'The window of --rate-limit, in seconds',
          defaultDescription: '60',
        })
        .option('cors', {
          type: 'boolean',
          describe: 'Answer CORS preflights and add CORS headers, for tests in a browser',
          defaultDescription: 'off',
        })
        .option('mcp-auth', {
          choices: ['key', 'oauth'] as const,
          describe: 'How /mcp authenticates: key (API keys and OAuth tokens) or oauth (OAuth discovery, tokens only)',
          defaultDescription: 'key',
        })
        .option('mcp-write-tools', {
          type: 'boolean',
          describe: 'List and run the MCP write tools (PagerDuty: --enable-write-tools)',
          defaultDescription: 'off',
        })
        .example('$0 emulator --port 8080', '') as unknown as Argv<EmulatorArgs>,
    handler: async (args: ArgumentsCamelCase<EmulatorArgs>) => {
      // Loaded here, not at start-up: every other command (and --help) does without it.
      const { runEmulatorCommand } = await import('./run-emulator.js');
      try {
        await runEmulatorCommand(
          {
            port: args.port,
            host: args.host,
            seedUsers: args.seedUsers,
            seedServices: args.seedServices,
            seedIncidents: args.seedIncidents,
            seed: args.seed,
            latency: args.latency,
            rateLimit: args.rateLimit,
            rateLimitWindow: args.rateLimitWindow,
            cors: args.cors,
            mcpAuth: args.mcpAuth,
            mcpWriteTools: args.mcpWriteTools,
          },
          { write: (line) => io.stdout.write(`${line}\n`), until: io.until },
        );
      } catch (error) {
        if (error instanceof RangeError) throw new UsageError(error.message);
        throw error;
      }
    },
  };
}
