/**
 * The fallback of `pagerduty login` where the browser cannot reach this machine (a remote
 * shell without a forwarded port): the user signs in on another machine, whose browser
 * then fails to load `http://127.0.0.1:PORT/callback?code=...`, and pastes that address
 * here. PagerDuty has no device grant; this is the flow `gcloud` and `rclone` use for it.
 *
 * @module
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CALLBACK_PATH } from './loopback-redirect.js';

/**
 * The code of a pasted redirect address that carries `state` back; `undefined` for a line
 * that is no such address.
 *
 * @example
 * ```ts
 * codeFromPasted('http://127.0.0.1:8765/callback?code=abc&state=s1', 's1'); // 'abc'
 * ```
 */
export function codeFromPasted(line: string, state: string): string | undefined {
  let url: URL;
  try {
    url = new URL(line.trim());
  } catch {
    return undefined;
  }
  if (url.pathname !== CALLBACK_PATH || url.searchParams.get('state') !== state) return undefined;
  return url.searchParams.get('code') ?? undefined;
}

/**
 * Resolves to the code of the first pasted line that is this login's redirect address;
 * stays pending when the input ends without one (the loopback redirect may still come).
 * Aborting stops reading and closes the input, so that it keeps the program alive no more.
 */
export function pastedCode(input: Readable, state: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, crlfDelay: Infinity });
    const stop = (): void => {
      lines.close();
      input.destroy();
    };
    signal.addEventListener('abort', stop, { once: true });
    lines.on('line', (line) => {
      const code = codeFromPasted(line, state);
      if (code !== undefined) resolve(code);
    });
  });
}
