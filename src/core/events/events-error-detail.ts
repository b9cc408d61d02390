import type { EventsErrorBody } from './event-types.js';
import { isPlainObject } from '../plain-object.js';

export function parseEventsErrorBody(text: string): EventsErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const errors = Array.isArray(parsed.errors) ? parsed.errors.map((item) => String(item)) : undefined;
  return { status: asString(parsed.status), message: asString(parsed.message), errors };
}

/** `undefined` when the body says nothing useful: the engine's generic message is used then. */
export function eventsErrorDetail(status: number, text: string): string | undefined {
  const body = parseEventsErrorBody(text);
  if (!body) return undefined;
  const parts = [body.message ?? body.status, ...(body.errors ?? [])]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.replace(/\s+/g, ' ').trim());
  if (parts.length === 0) return undefined;
  const prefix =
    status === 400
      ? 'Events API rejected the event'
      : status === 429
        ? 'Events API is throttling events'
        : status >= 500
          ? 'Events API responded with server error'
          : 'Events API responded with client error';
  return `${prefix}: ${parts.join('; ')}`;
}
