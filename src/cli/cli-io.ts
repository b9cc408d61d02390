/**
 * What the command-line program touches outside itself, passed in so that it runs the
 * same in a test as in a terminal: environment, output streams, and the transport.
 *
 * @module
 */
import type { Readable } from 'node:stream';
import type { FetchLike } from '../core/transport/transport.js';

/** Where the program writes text (`process.stdout`, `process.stderr`, or a test buffer). */
export interface TextSink {
  /** Writes a chunk of text as it is (the program adds its own newlines). */
  write(text: string): unknown;
}

/** The program's surroundings. Only `env`, `stdout` and `stderr` are required. */
export interface CliIo {
  /** Environment variables (`PAGERDUTY_ROUTING_KEY`, `PAGERDUTY_API_KEY`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where results go. */
  readonly stdout: TextSink;
  /** Where errors and debug lines go. */
  readonly stderr: TextSink;
  /** The transport every client uses. @default node-fetch */
  readonly fetch?: FetchLike;
  /** How clients wait between retries, in seconds. @default a real timer */
  readonly sleep?: (seconds: number) => Promise<void>;
  /** The name of this host, the default `--source`. @default os.hostname */
  readonly hostname?: () => string;
  /** What `--input -` reads. @default process.stdin */
  readonly stdin?: Readable;
  /** When a long-running command (`emulator`) stops. @default the first SIGINT or SIGTERM */
  readonly until?: Promise<unknown>;
  /** Opens a URL in the browser (`login`); `false` when none opened. @default the system browser */
  readonly openBrowser?: (url: string) => Promise<boolean>;
}
