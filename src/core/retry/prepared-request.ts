// A request as the attempt loop sends it, what the loop gives back, and the few edits of an attempt's own.
import type { FetchRequestInit, FetchResponse } from '../platform/fetch-types.js';
import type { HttpErrorCode } from '../errors/error-classes.js';
import type { Logger } from '../logging.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { RetryPolicy } from './retry-rules.js';
import type { RetryMode } from './retry-mode.js';

import type { HttpMethod } from '../request/outgoing-request.js';

export type { HttpMethod } from '../request/outgoing-request.js';

/** A request as the attempt loop sends it: checked, resolved, with its headers and body. */
export interface PreparedRequest {
  readonly verb: HttpMethod;
  /** The URL sent. */
  readonly target: string;
  readonly fetchInit: FetchRequestInit;
  readonly timeoutSeconds: number;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  readonly policy: RetryPolicy;
  readonly log: Logger;
  /** The key each answered attempt is counted under in the call metrics. */
  readonly metricKey: string;
  /** Return once the headers are in, the body live (see `RequestOptions.stream`). */
  readonly stream?: boolean;
  /** How the request may be retried. @default 'idempotent' */
  readonly retryMode?: RetryMode;
  /** The bound on the body read into memory, in bytes (`maxResponseBytes`). */
  readonly maxResponseBytes?: number;
  /** The caller's hooks and the call's trace, told of each attempt; none when the client has neither. */
  readonly observer?: CallObserver;
}

/**
 * The last response of a request. `refusal` is set when the response must become an
 * HTTP error whatever the caller does with it (a 401, a 429 that `onRateLimit` declined):
 * the client builds that error through its own `httpError`.
 */
export interface AttemptResult {
  readonly response: FetchResponse;
  readonly refusal?: { readonly detail: string; readonly code?: HttpErrorCode };
}

/** `init` with `Authorization` set to `value` (any other spelling of the name removed). */
export function withAuthorization(init: FetchRequestInit, value: string | undefined): FetchRequestInit {
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
    if (name.toLowerCase() !== 'authorization') headers[name] = header;
  }
  if (value !== undefined) headers.Authorization = value;
  return { ...init, headers };
}

/** Frees the live body of a streamed response that will not be read (before a retry). */
export function discardBody(response: FetchResponse): void {
  const body = response.body as { destroy?: () => void; cancel?: () => Promise<void> } | null;
  if (typeof body?.destroy === 'function') body.destroy();
  else void body?.cancel?.().catch(() => undefined);
}

/** The `afterResponse` hooks; a streamed body is freed when one throws, so that no socket is left open. */
export async function afterResponseHooks(
  observer: CallObserver,
  response: FetchResponse,
  stream: boolean,
): Promise<void> {
  try {
    await observer.afterResponse(response);
  } catch (error) {
    if (stream) discardBody(response);
    throw error;
  }
}
