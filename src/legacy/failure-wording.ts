/**
 * The pure formatter of the legacy errors: a failure's facts and body, worded as a
 * release worded them (see `release-wording.ts` for the data).
 *
 * @module
 */
import type { LegacyFailure } from './legacy-failure.js';
import type { LegacyErrorName } from './errors.js';
import type {
  BodyExcerpt,
  ReleaseWording,
  StatusCategory,
  StatusSort,
  WordingPlaceholder,
  WordingRule,
} from './release-wording.js';
import { isPlainObject } from '../core/plain-object.js';

/** A failure as a release worded it. */
export interface WordedFailure {
  /** The message. */
  readonly message: string;
  /** The class the release raised. */
  readonly errorClass: LegacyErrorName;
}

const PLACEHOLDER = /\{(\w+)(\|excerpt)?\}/g;

/**
 * The message and class a release gave a failure: the first rule of `wording` that
 * matches `facts` (and the shape of `body`), filled in. `undefined` when no rule matches,
 * or the matching rule names a value the facts lack: the caller keeps its own message.
 *
 * @param body - the response body as text, when there was a response
 * @example
 * ```ts
 * const facts = { reason: 'status', method: 'GET', url: 'https://api.pagerduty.com/users/PX', status: 404 } as const;
 * wordFailure(PDPYRAS_5_0_3_WORDING, facts, 'nope');
 * // {
 * //   message: 'GET https://api.pagerduty.com/users/PX: API responded with unknown error (status 404): nope',
 * //   errorClass: 'PDHTTPError',
 * // }
 * ```
 */
export function wordFailure(wording: ReleaseWording, facts: LegacyFailure, body?: string): WordedFailure | undefined {
  const decoded = memo(() => decodeBody(body));
  const rule = wording.rules.find((candidate) => ruleMatches(candidate, facts, decoded));
  if (rule === undefined) return undefined;
  const errorClass = rule.errorClass === 'by-status' ? statusClass(wording.statusSort, facts.status) : rule.errorClass;
  if (errorClass === undefined) return undefined;
  let missing = false;
  const message = rule.template.replace(PLACEHOLDER, (whole, name: string, filter: string | undefined) => {
    const value = placeholderValue(name as WordingPlaceholder, wording, facts, body, decoded);
    if (value === undefined) missing = true;
    return value === undefined ? whole : filter === undefined ? value : excerpt(value, wording.excerpt);
  });
  return missing ? undefined : { message, errorClass };
}

function ruleMatches(rule: WordingRule, facts: LegacyFailure, decoded: () => Decoded): boolean {
  if (rule.reason !== facts.reason) return false;
  if (rule.operations !== undefined && (facts.operation === undefined || !rule.operations.includes(facts.operation)))
    return false;
  if (rule.callers !== undefined && (facts.caller === undefined || !rule.callers.includes(facts.caller))) return false;
  if (rule.body !== undefined && rule.body !== (isPlainObject(decoded().value) ? 'object' : 'other')) return false;
  return true;
}

function placeholderValue(
  name: WordingPlaceholder,
  wording: ReleaseWording,
  facts: LegacyFailure,
  body: string | undefined,
  decoded: () => Decoded,
): string | undefined {
  switch (name) {
    case 'method':
      return facts.method;
    case 'url':
      return facts.url === undefined || wording.urlPrefixRemoved === null
        ? facts.url
        : facts.url.split(wording.urlPrefixRemoved).join('');
    case 'urlBeforeParams':
      return facts.urlBeforeParams;
    case 'status':
      return facts.status === undefined ? undefined : String(facts.status);
    case 'requested':
      return facts.requestedUrl;
    case 'body':
      return excerpt(body ?? '', wording.excerpt);
    case 'keys': {
      const { value } = decoded();
      return isPlainObject(value) ? excerpt(Object.keys(value).join(', '), wording.excerpt) : undefined;
    }
    case 'pythonType': {
      const { ok, value, text } = decoded();
      return ok ? pythonTypeName(value, text) : undefined;
    }
    case 'statusWord':
      return facts.status === undefined || wording.statusSort === null
        ? undefined
        : sortStatus(wording.statusSort, facts.status).word;
    case 'context': {
      const context = facts.operation === undefined ? undefined : wording.contexts[facts.operation];
      return context === undefined ? '' : ` in ${context}`;
    }
    case 'expected':
      return facts.expected;
    case 'key':
      return facts.redactedKey;
    case 'retryLimit':
      return facts.retryLimit === undefined ? undefined : String(facts.retryLimit);
    case 'permitted':
      return facts.permitted?.join(', ');
    case 'baseUrl':
      return facts.baseUrl;
    case 'canonicalPath':
      return facts.canonicalPath;
    default:
      return undefined;
  }
}

/**
 * A text shortened as a release shortened it, counting characters as Python does (code
 * points, so that an emoji is one).
 *
 * @example
 * ```ts
 * excerpt('x'.repeat(120), { longerThan: 100, keep: 99, marker: '...' }); // 99 x's and '...'
 * excerpt('x'.repeat(120), { longerThan: 99, keep: 99, marker: '' }); // 99 x's
 * ```
 */
export function excerpt(text: string, rule: BodyExcerpt): string {
  // A code point takes at most two UTF-16 units, so this start holds more than
  // `longerThan` code points whenever the text does: a large body is never split whole.
  const head = Array.from(text.slice(0, 2 * (rule.longerThan + 1)));
  if (head.length <= rule.longerThan) return text;
  return head.slice(0, rule.keep).join('') + rule.marker;
}

/**
 * The category of a status under a release's sort: the first whose quotient equals
 * `status / divisor` (true division), else `otherwise`.
 *
 * @example
 * ```ts
 * sortStatus(PDPYRAS_5_0_WORDING.statusSort!, 500).word; // 'server'
 * sortStatus(PDPYRAS_5_0_WORDING.statusSort!, 503).word; // 'unknown' (503 / 100 is 5.03)
 * ```
 */
export function sortStatus(sort: StatusSort, status: number): Omit<StatusCategory, 'quotient'> {
  return sort.categories.find((category) => status / sort.divisor === category.quotient) ?? sort.otherwise;
}

function statusClass(sort: StatusSort | null, status: number | undefined): LegacyErrorName | undefined {
  return sort === null || status === undefined ? undefined : sortStatus(sort, status).errorClass;
}

/**
 * The name Python's `type()` prints for a decoded JSON value (`<class 'dict'>`, ...).
 * `text` tells a float from an int, as Python's JSON decoder does.
 *
 * @example
 * ```ts
 * pythonTypeName([1], '[1]'); // "<class 'list'>"
 * pythonTypeName(1, '1.0'); // "<class 'float'>"
 * ```
 */
export function pythonTypeName(value: unknown, text: string): string {
  return `<class '${pythonType(value, text)}'>`;
}

function pythonType(value: unknown, text: string): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'number':
      return /[.eE]/.test(text) ? 'float' : 'int';
    case 'string':
      return 'str';
    default:
      return 'dict';
  }
}

interface Decoded {
  /** Whether the body decoded (an empty body decodes to `null`, as pdpyras 5.x took it). */
  readonly ok: boolean;
  /** The decoded value. */
  readonly value: unknown;
  /** The body, trimmed. */
  readonly text: string;
}

function decodeBody(body: string | undefined): Decoded {
  const text = (body ?? '').trim();
  if (text === '') return { ok: true, value: null, text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, text };
  } catch {
    return { ok: false, value: undefined, text };
  }
}

// The body is decoded only when a rule or a placeholder needs it.
function memo<T>(compute: () => T): () => T {
  let done = false;
  let value: T | undefined;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}
