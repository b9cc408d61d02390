/** Plain HTTP calls to an emulator, for tests that check the wire without a client. */
import type { Emulator } from '../../src/emulator/index.js';

export interface CallOptions {
  key?: string;
  bearer?: string;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { Accept: 'application/vnd.pagerduty+json;version=2', ...options.headers };
  if (options.key) headers.Authorization = `Token token=${options.key}`;
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined = options.rawBody;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${emulator.url}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}
