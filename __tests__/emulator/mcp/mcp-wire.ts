/** Plain HTTP to an emulator's `/mcp`: JSON-RPC posts, SSE events read as they arrive, a delay the test releases. */
import type { Emulator } from '../../../src/emulator/index.js';

export const PROTOCOL = '2025-11-25';

export interface PostOptions {
  key?: string;
  session?: string;
  accept?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function mcpHeaders(options: PostOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: options.accept ?? 'application/json, text/event-stream',
    ...options.headers,
  };
  if (options.key) headers.Authorization = `Token token=${options.key}`;
  if (options.session) headers['Mcp-Session-Id'] = options.session;
  return headers;
}

/** POSTs one message and returns the response unread (for streams). */
export function postRaw(emulator: Emulator, message: unknown, options: PostOptions = {}): Promise<Response> {
  return fetch(`${emulator.url}/mcp`, {
    method: 'POST',
    headers: mcpHeaders(options),
    body: JSON.stringify(message),
    signal: options.signal,
  });
}

/** POSTs one message and reads the whole reply. */
export async function post(
  emulator: Emulator,
  message: unknown,
  options: PostOptions = {},
): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
  const response = await postRaw(emulator, message, options);
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: json ? (JSON.parse(text) as unknown) : undefined,
  };
}

export const request = (id: number | string, method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
export const notification = (method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method,
  ...(params ? { params } : {}),
});

/** `initialize` + `notifications/initialized`; returns the session id. */
export async function openSession(emulator: Emulator, key: string): Promise<string> {
  const init = await post(
    emulator,
    request(0, 'initialize', {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: 'wire-test', version: '1' },
    }),
    { key },
  );
  const session = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !session) throw new Error(`initialize failed: ${init.status} ${init.text}`);
  const initialized = await post(emulator, notification('notifications/initialized'), { key, session });
  if (initialized.status !== 202) throw new Error(`notifications/initialized: ${initialized.status}`);
  return session;
}

export interface SseEvent {
  event?: string;
  id?: string;
  data: Record<string, unknown>;
}

function parseEvent(block: string): SseEvent {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
  }
  return { event: fields.event, id: fields.id, data: JSON.parse(fields.data) as Record<string, unknown> };
}

/** The events of an SSE body, each as soon as it has arrived. */
export async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      yield parseEvent(block);
    }
  }
}

/** Resolves once `condition()` holds, checked whenever a watcher is woken. */
function when(condition: () => boolean, watchers: (() => void)[]): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = (): void => {
      if (condition()) resolve();
      else watchers.push(check);
    };
    check();
  });
}

/**
 * A `delay` for the emulator that waits until the test releases it: no real time passes.
 * `cancelled(n)` resolves once the signals of `n` waits have aborted (the server saw the cancellation).
 */
export function gatedDelay(): {
  delay: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  requested: number[];
  release: () => void;
  waiting: (count: number) => Promise<void>;
  cancelled: (count: number) => Promise<void>;
} {
  const requested: number[] = [];
  const pending: (() => void)[] = [];
  const watchers: (() => void)[] = [];
  let aborted = 0;
  const wake = (): void => {
    for (const watcher of watchers.splice(0)) watcher();
  };
  return {
    requested,
    delay: (milliseconds, signal) =>
      new Promise<void>((resolve) => {
        requested.push(milliseconds);
        pending.push(resolve);
        signal?.addEventListener(
          'abort',
          () => {
            aborted += 1;
            wake();
          },
          { once: true },
        );
        wake();
      }),
    release: () => pending.shift()?.(),
    waiting: (count) => when(() => requested.length >= count, watchers),
    cancelled: (count) => when(() => aborted >= count, watchers),
  };
}
