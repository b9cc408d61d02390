// Shared test helpers for the REST client tests (not a test file itself).
import type { Logger } from '../../../src/core/logging.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import type { RestApiV2ClientOptions } from '../../../src/core/rest/rest-client-options.js';

export const BASE = 'https://api.pagerduty.com';
export const API_KEY = 'u+abcdefghij1234';

/** A logger that records every line per level. */
export function recordingLogger(): Logger & { lines: Record<'debug' | 'info' | 'warn' | 'error', string[]> } {
  const lines = { debug: [] as string[], info: [] as string[], warn: [] as string[], error: [] as string[] };
  return {
    lines,
    debug: (message: string) => void lines.debug.push(message),
    info: (message: string) => void lines.info.push(message),
    warn: (message: string) => void lines.warn.push(message),
    error: (message: string) => void lines.error.push(message),
  };
}

/** A REST client that never sleeps for real. */
export function makeClient(options: RestApiV2ClientOptions = {}): RestApiV2Client {
  return new RestApiV2Client(API_KEY, { sleep: async () => {}, ...options });
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

/** Freezes a value and everything in it, so that any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
