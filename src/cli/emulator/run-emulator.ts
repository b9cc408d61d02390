/**
 * `pagerduty emulator [--port N] [--host ADDRESS] [--seed-users N]`: starts the emulator, prints its URLs
 * and keys, and serves until SIGINT (or SIGTERM).
 *
 * @module
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/index.js';
import { untilSignal } from '../common/until-signal.js';

/** The command's arguments (as the CLI parses them): the emulator's options of the same names. */
export type EmulatorCommandArgs = Pick<
  EmulatorOptions,
  | 'port'
  | 'host'
  | 'seedUsers'
  | 'seedServices'
  | 'seedIncidents'
  | 'seed'
  | 'latency'
  | 'rateLimit'
  | 'rateLimitWindow'
  | 'cors'
  | 'mcpAuth'
  | 'mcpWriteTools'
>;

/** Where the command writes and when it stops; for tests and embedding. */
export interface EmulatorCommandIo {
  /** Writes one line of output. @default a line on standard output */
  write?: (line: string) => void;
  /** Stops the emulator when it settles. @default the first SIGINT or SIGTERM */
  until?: Promise<unknown>;
}

/** How many user keys the banner lists before summarising the rest. */
const LISTED_USERS = 5;

/** "minute" for the REST API's own window, "10 s" for a shorter or longer one. */
function windowWords(seconds: number | undefined): string {
  return seconds === undefined || seconds === 60 ? 'minute' : `${seconds} s`;
}

/**
 * The lines printed at start: URLs, then keys. The keys are printed in full on purpose:
 * they are fake keys of this throwaway emulator, valid nowhere else, and a newcomer
 * needs them to try the API.
 */
export function emulatorBanner(
  emulator: Pick<Emulator, 'url' | 'eventsUrl' | 'keys'> &
    Partial<Pick<Emulator, 'latency' | 'rateLimit' | 'rateLimitWindow' | 'cors' | 'mcpAuth' | 'mcpWriteTools'>>,
): string[] {
  const { keys } = emulator;
  const lines = [
    `PagerDuty emulator listening on ${emulator.url}`,
    // Base URLs, as a client or the CLI takes them: a client appends /v2/enqueue itself.
    `  REST API v2 base URL:   ${emulator.url}   (baseUrl; pagerduty api --base-url, or PAGERDUTY_BASE_URL)`,
    `  Events API v2 base URL: ${emulator.eventsUrl}   ` +
      '(baseUrl; pagerduty trigger --base-url, or PAGERDUTY_EVENTS_URL)',
    `  MCP base URL:           ${emulator.url}   (baseUrl of McpApiClient; the endpoint is ${emulator.url}/mcp)`,
    '',
    'Fake keys (valid on this emulator only):',
    `  account-level API key: ${keys.account}`,
  ];
  for (const user of keys.users.slice(0, LISTED_USERS))
    lines.push(`  user-scoped API key:   ${user.key}   (${user.email})`);
  if (keys.users.length > LISTED_USERS) lines.push(`  ... and ${keys.users.length - LISTED_USERS} more users`);
  for (const routing of keys.routing)
    lines.push(`  routing key:           ${routing.routingKey}   (service ${routing.serviceName})`);
  const simulated = [
    emulator.latency ? `round trip ${emulator.latency} ms` : undefined,
    emulator.rateLimit !== undefined
      ? `rate limit ${emulator.rateLimit} requests per key per ${windowWords(emulator.rateLimitWindow)}`
      : undefined,
  ].filter((part) => part !== undefined);
  if (simulated.length > 0) lines.push('', `Simulated: ${simulated.join(', ')}.`);
  if (emulator.cors) lines.push('', 'CORS: on (preflights answered, for pages on any origin).');
  if (emulator.mcpAuth === 'oauth')
    lines.push(
      '',
      `MCP authorization: OAuth (tokens from ${emulator.url}/oauth/token, found by discovery; ` +
        'clients emulator-app and emulator-public-app).',
    );
  if (emulator.mcpWriteTools) lines.push('', 'MCP write tools: on.');
  lines.push('', 'Press Ctrl+C to stop.');
  return lines;
}

/**
 * Runs the `emulator` command: starts the emulator, prints {@link emulatorBanner}, waits
 * for `io.until` (by default SIGINT/SIGTERM), closes it.
 *
 * @returns the exit code, 0
 * @throws RangeError for invalid arguments; the error of `listen` (e.g. `EADDRINUSE`)
 *
 * @example
 * ```ts
 * // in the CLI: pagerduty emulator --port 8080 --seed-users 20
 * process.exitCode = await runEmulatorCommand({ port: 8080, seedUsers: 20 });
 * ```
 */
export async function runEmulatorCommand(args: EmulatorCommandArgs = {}, io: EmulatorCommandIo = {}): Promise<number> {
  const write = io.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const emulator = await startEmulator({ ...args });
  // Listening before the banner: a script that stops the emulator once it reads the URL
  // must not find SIGTERM unhandled (the process would die with the signal, not exit 0).
  const stopped = io.until ?? untilSignal();
  try {
    for (const line of emulatorBanner(emulator)) write(line);
    await stopped;
  } finally {
    await emulator.close();
  }
  write('Emulator stopped.');
  return 0;
}
