// The helpers many tests share (not a test file itself): one copy instead of one per file.
import nock from 'nock';
import type { Logger } from '../../src/core/logging.js';
import { internalOf, withInternal, type InternalOptions } from '../../src/core/client/internal-options.js';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { RestApiV2ClientOptions } from '../../src/core/rest/rest-options.js';
import { ReplyError } from '../../src/emulator/server/replies.js';

/** The REST API's default base URL. */
export const BASE = 'https://api.pagerduty.com';

/** A well-formed REST API key. */
export const API_KEY = 'u+abcdefghij1234';

/** A sleep that returns at once, so retries never wait for real. */
export const instantSleep = async (_seconds: number, _signal?: AbortSignal): Promise<void> => {};

/** Client options whose retries never wait: `new XClient(key, instantRetries)` or `{ ...instantRetries, ... }`. */
export const instantRetries: object = withInternal({}, { sleep: instantSleep });

/**
 * The engine settings that are not public options (sleep, random, the legacy seams), for
 * spreading into a client's options: `{ baseUrl, ...seams({ sleep }) }`.
 */
export function seams(internal: InternalOptions): object {
  return withInternal({}, internal);
}

/** A sleep that returns at once and records each pause (in seconds) in `pauses`. */
export function recordingSleep(): { pauses: number[]; sleep: (seconds: number) => Promise<void> } {
  const pauses: number[] = [];
  return { pauses, sleep: async (seconds: number) => void pauses.push(seconds) };
}

/** The lines a {@link recordingLogger} got: per level, and `all` of them in order. */
export type RecordedLines = Record<'debug' | 'info' | 'warn' | 'error' | 'all', string[]>;

/** A logger that records every line per level (and all of them in order). */
export function recordingLogger(): Logger & { lines: RecordedLines } {
  const lines: RecordedLines = { debug: [], info: [], warn: [], error: [], all: [] };
  const record =
    (level: string[]) =>
    (message: string): void => {
      level.push(message);
      lines.all.push(message);
    };
  return {
    lines,
    debug: record(lines.debug),
    info: record(lines.info),
    warn: record(lines.warn),
    error: record(lines.error),
  };
}

/** Everything an async iterable yields, in order. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** A REST client whose retries never wait (`options` win; `key` defaults to {@link API_KEY}). */
export function makeClient(options: RestApiV2ClientOptions = {}, key = API_KEY): RestApiV2Client {
  return new RestApiV2Client(key, withInternal(options, { sleep: instantSleep, ...internalOf(options) }));
}

/** The query of a request URI as an object of strings (repeated keys as arrays). */
export function queryOf(uri: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(uri, BASE).searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Records with ids `prefix1..prefixN`. */
export function records(count: number, prefix = 'P'): { id: string; type: string; name: string }[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}`, type: 'user', name: `User ${i + 1}` }));
}

/** Freezes a value and everything inside it (symbol keys and cycles too), so any mutation throws. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
    Object.freeze(value);
  }
  return value;
}

/** Lifts nock's patch of node:http in this test file, whose tests talk over real loopback sockets. */
export function realSockets(): void {
  if (nock.isActive()) nock.restore();
}

/** The status and body of the emulator reply that `action` throws (fails if it throws none). */
export function replyOf(action: () => unknown): { status: number; body: unknown } {
  try {
    action();
  } catch (error) {
    if (error instanceof ReplyError) return { status: error.reply.status, body: error.reply.body };
    throw error;
  }
  throw new Error('expected a ReplyError');
}
