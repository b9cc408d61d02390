import { isPlainObject } from '../plain-object.js';

/**
 * The API's explanation of a failed request, from any API's error body: REST `{"error": {...}}`, Events
 * `{"status", "message", "errors"}`, OAuth `{"error", "error_description"}` or SCIM `{"detail", "scimType"}`.
 */
export interface ApiErrorBody {
  /** The API's error code (`2001`; `invalid_grant` for OAuth), when it gave one. */
  readonly code?: number | string;
  /** The API's message (`Invalid Input Provided`), when it gave one. */
  readonly message?: string;
  /** Each detail the API listed (its `errors`), in order, as text; empty when none. */
  readonly errors: readonly string[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function code(value: unknown): number | string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : text(value);
}

function detail(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function details(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(detail);
  if (isPlainObject(value)) return Object.entries(value).map(([key, item]) => `${key}: ${detail(item)}`);
  return text(value) === undefined ? [] : [value as string];
}

function decoded(parts: { code?: number | string; message?: string; errors: string[] }): ApiErrorBody | undefined {
  const result: { code?: number | string; message?: string; errors: string[] } = { errors: parts.errors };
  if (parts.code !== undefined) result.code = parts.code;
  if (parts.message !== undefined) result.message = parts.message;
  return result.code === undefined && result.message === undefined && result.errors.length === 0 ? undefined : result;
}

/** `undefined` when the body is not JSON or says nothing an error body would (a success body, an HTML page). */
export function decodeApiError(body: string): ApiErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const { error } = parsed;
  if (isPlainObject(error)) {
    // REST API v2 and the APIs built like it (integrations, JSON-RPC errors of MCP).
    return decoded({ code: code(error.code), message: text(error.message), errors: details(error.errors) });
  }
  if (text(error) !== undefined) {
    // OAuth (`error` is a code, `error_description` the message) or a bare `{"error": "..."}`.
    const description = text(parsed.error_description);
    return description === undefined
      ? decoded({ message: error as string, errors: details(parsed.errors) })
      : decoded({ code: error as string, message: description, errors: details(parsed.errors) });
  }
  if (text(parsed.detail) !== undefined) {
    return decoded({ code: code(parsed.scimType), message: text(parsed.detail), errors: details(parsed.errors) });
  }
  // The Events API: `status` is a word ("invalid event"), the message when there is no other.
  return decoded({ message: text(parsed.message) ?? text(parsed.status), errors: details(parsed.errors) });
}

/** How many characters of a body an error message quotes, at most, before its ellipsis. */
export const QUOTE_LENGTH = 300;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// A code that is a word (OAuth's `invalid_grant`) leads; a number (REST's 2001) tells a reader nothing.
function readable({ code, message, errors }: ApiErrorBody): string {
  const listed = errors.map(oneLine).filter((item) => item !== '');
  if (message === undefined) return listed.join('; ');
  const said = typeof code === 'string' ? `${oneLine(code)}: ${oneLine(message)}` : oneLine(message);
  return listed.length === 0 ? said : `${said.replace(/[.:;,\s]+$/, '')}: ${listed.join('; ')}`;
}

// Cut at the last space before the limit, unless that would drop more than half of it.
export function cutAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const space = text.lastIndexOf(' ', limit);
  let cut = space > limit / 2 ? text.slice(0, space) : text.slice(0, limit);
  // A hard cut must not leave half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s.,;:]+$/, '')}...`;
}

// What the API explained (its message and `errors`) when it did, else the body; `''` when `shown` says it all.
export function quoteErrorBody(body: string, status: number, shown = ''): string {
  const explained = status >= 400 ? decodeApiError(body) : undefined;
  const text = explained === undefined ? '' : readable(explained);
  if (explained === undefined || text === '') return cutAtWord(oneLine(body), QUOTE_LENGTH);
  const said = [explained.message ?? '', ...explained.errors].map(oneLine).filter((item) => item !== '');
  return said.every((item) => shown.includes(item)) ? '' : cutAtWord(text, QUOTE_LENGTH);
}
