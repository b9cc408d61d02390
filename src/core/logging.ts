/** What a client logs to (`logger` option); `console`, pino and winston loggers fit. */
export interface Logger {
  /** One line per request attempt, and other detail. */
  debug(message: string, ...meta: unknown[]): void;
  /** Noteworthy events. */
  info(message: string, ...meta: unknown[]): void;
  /** Something the caller should know, such as pagination stopping at the 10,000 limit. */
  warn(message: string, ...meta: unknown[]): void;
  /** A failure. */
  error(message: string, ...meta: unknown[]): void;
}

const ignore = (): void => {};

/** The default logger: prints nothing. */
export const silentLogger: Logger = Object.freeze({ debug: ignore, info: ignore, warn: ignore, error: ignore });

// A built-in logger drops a level with `ignore`, so the engine can skip formatting a line nobody prints.
export function dropsDebug(log: Logger): boolean {
  return log.debug === ignore;
}

/** A sink for text lines (standard error by default; tests pass their own). */
export type LineWriter = (line: string) => void;

// Standard error where there is one (Node, Bun, Deno); the console elsewhere (Workers, browsers).
const writeStderr: LineWriter = (line) => {
  const stderr = (globalThis as { process?: { stderr?: { write(text: string): unknown } } }).process?.stderr;
  if (stderr) stderr.write(`${line}\n`);
  else console.error(line);
};

/** The lowest level a logger prints. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * Prints to standard error (or to `write`) every line at `lowest` or above: a client
 * prints its warnings this way by default, and every level with `debug: true`.
 *
 * @param name - prefixed to every line, to tell clients apart
 * @param lowest - the lowest level printed @default 'debug'
 * @example
 * ```ts
 * const client = new RestApiV2Client(key, { logger: stderrLogger('sync-job', undefined, 'info') });
 * ```
 */
export function stderrLogger(name: string, write: LineWriter = writeStderr, lowest: LogLevel = 'debug'): Logger {
  const from = LEVELS.indexOf(lowest);
  const line = (level: LogLevel) =>
    LEVELS.indexOf(level) < from
      ? ignore
      : (message: string): void => write(`${new Date().toISOString()} ${level.toUpperCase()} ${name}: ${message}`);
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

/** What the engine reports about one attempt. */
export interface AttemptRecord {
  method: string;
  url: string;
  attempt: number;
  status?: number;
  requestId?: string | null;
  error?: string;
  /** The credential, redacted (`*` and its last four characters), when there is one. */
  key?: string;
}

/** The debug line of an attempt that is not retried (a retried one is reported once, by its warning). */
export function formatAttempt(record: AttemptRecord): string {
  const outcome =
    record.status !== undefined
      ? `${record.status}${record.requestId ? ` (x-request-id ${record.requestId})` : ''}`
      : `network error: ${record.error ?? 'unknown'}`;
  const key = record.key ? ` (key ${record.key})` : '';
  return `${record.method} ${record.url} -> ${outcome} attempt ${record.attempt}${key}`;
}
