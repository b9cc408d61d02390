/**
 * The logger interface the clients write to, and the two built-in loggers: silent (the
 * default) and the standard-error printer that `printDebug` turns on.
 *
 * @module
 */

/**
 * What a client logs to. `console`, pino and winston loggers all have this shape.
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * const client = new RestApiV2Client(key, { logger: pino() });
 * ```
 */
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

/** A sink for text lines (standard error by default; tests pass their own). */
export type LineWriter = (line: string) => void;

const writeStderr: LineWriter = (line) => {
  process.stderr.write(`${line}\n`);
};

/**
 * A logger that prints every level, DEBUG included, one line each, to standard error
 * (or to `write`). This is what `printDebug = true` attaches.
 *
 * @param name - prefixed to every line, to tell clients apart
 */
export function stderrLogger(name: string, write: LineWriter = writeStderr): Logger {
  const line =
    (level: string) =>
    (message: string): void => {
      write(`${new Date().toISOString()} ${level} ${name}: ${message}`);
    };
  return { debug: line('DEBUG'), info: line('INFO'), warn: line('WARN'), error: line('ERROR') };
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

/**
 * The debug line of an attempt that is not retried (a retried one is reported by its
 * warning, once): `GET https://api.pagerduty.com/users -> 200 (x-request-id abc) attempt 2 (key *wxyz)`.
 */
export function formatAttempt(record: AttemptRecord): string {
  const outcome =
    record.status !== undefined
      ? `${record.status}${record.requestId ? ` (x-request-id ${record.requestId})` : ''}`
      : `network error: ${record.error ?? 'unknown'}`;
  const key = record.key ? ` (key ${record.key})` : '';
  return `${record.method} ${record.url} -> ${outcome} attempt ${record.attempt}${key}`;
}
