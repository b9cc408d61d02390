/**
 * How each pdpyras release worded its errors, as data: message templates with the error
 * class each one raised, chosen by the failure's facts. `COMPAT_RANGES` names the wording
 * of each range of releases; `wordFailure` applies it. Read from the releases' sources
 * (4.3.0, 4.4.0, 4.5.2, 5.0.0, 5.0.4 and 5.4.1, compared side by side with the sessions by
 * the differential tool); a release in between words as the checked release of its range.
 *
 * @module
 */
import type { ClientOperation, FailureReason } from './legacy-failure.js';
import type { LegacyErrorName } from './errors.js';

/**
 * The values a template can name, each in braces (`{method}`):
 * - `method`, `url` (as sent, less {@link ReleaseWording.urlPrefixRemoved}), `urlBeforeParams`,
 *   `status`, `requested` (the URL as the caller gave it);
 * - `body` (the response body, shortened as {@link ReleaseWording.excerpt} says), `keys`
 *   (the decoded body's keys, joined by `, ` and shortened the same way), `pythonType` (the
 *   Python type of the decoded body: `<class 'list'>`, ...);
 * - `statusWord` (`client`, `server`, ... as {@link ReleaseWording.statusSort} sorts the
 *   status), `context` (` in <what the client was doing>`, or nothing);
 * - `expected` (the missing key), `key` (the credential as `*` and its last four
 *   characters), `retryLimit` (the network retries allowed), `permitted` (the methods),
 *   `baseUrl` (the client's), `canonicalPath` (the path the URL matched).
 *
 * `{name|excerpt}` shortens the value as {@link ReleaseWording.excerpt} says.
 */
export type WordingPlaceholder =
  | 'method'
  | 'url'
  | 'urlBeforeParams'
  | 'status'
  | 'requested'
  | 'body'
  | 'keys'
  | 'pythonType'
  | 'statusWord'
  | 'context'
  | 'expected'
  | 'key'
  | 'retryLimit'
  | 'permitted'
  | 'baseUrl'
  | 'canonicalPath';

/**
 * One wording: the failures it applies to, its template, and the class it raises. Of a
 * release's rules the first that matches applies; a failure no rule matches keeps the
 * core's message and the class the kind table gives.
 */
export interface WordingRule {
  /** The reason it applies to. */
  readonly reason: FailureReason;
  /** Only while the client was doing one of these. @default any */
  readonly operations?: readonly ClientOperation[];
  /** Only for requests made by one of these methods (`'listAll'`, ...). @default any */
  readonly callers?: readonly string[];
  /** Only when the body decodes to a JSON object (`object`), or to anything else (`other`). @default either */
  readonly body?: 'object' | 'other';
  /** The message, with {@link WordingPlaceholder}s in braces. */
  readonly template: string;
  /** The class raised; `by-status` sorts the status with {@link ReleaseWording.statusSort}. */
  readonly errorClass: LegacyErrorName | 'by-status';
}

/**
 * How a release shortened the text it quoted: longer than `longerThan` characters, it kept `keep` and
 * added `marker`.
 */
export interface BodyExcerpt {
  /** The longest text quoted whole. */
  readonly longerThan: number;
  /** How many characters of a longer text are kept. */
  readonly keep: number;
  /** What follows a shortened text. */
  readonly marker: string;
}

/** One category of {@link StatusSort}: the word and class of a status whose quotient is `quotient`. */
export interface StatusCategory {
  /** The quotient compared with. */
  readonly quotient: number;
  /** The word for the status (`client`). */
  readonly word: string;
  /** The class raised for it. */
  readonly errorClass: LegacyErrorName;
}

/**
 * How a release sorted a status: it divided the status by `divisor` (true division, as
 * Python 3's `/`) and compared the quotient with each category's; any other quotient is
 * `otherwise`. pdpyras 5.x wrote `status / 100 == 4`, so only 400 and 500 matched.
 */
export interface StatusSort {
  /** What the status was divided by. */
  readonly divisor: number;
  /** The quotients compared with, in order. */
  readonly categories: readonly StatusCategory[];
  /** The word and class of every other status. */
  readonly otherwise: Omit<StatusCategory, 'quotient'>;
}

/** The wording of a range of releases. */
export interface ReleaseWording {
  /** The templates, first match wins. */
  readonly rules: readonly WordingRule[];
  /** How a quoted body (and the `keys` list) is shortened. */
  readonly excerpt: BodyExcerpt;
  /** Text removed from `{url}` wherever it occurs (pdpyras 4.x dropped the default base URL); `null` for none. */
  readonly urlPrefixRemoved: string | null;
  /** How `{statusWord}` and the `by-status` class are found; `null` when the release did not sort statuses. */
  readonly statusSort: StatusSort | null;
  /** What `{context}` says for each operation (` in <text>`); nothing for one not listed. */
  readonly contexts: Readonly<Partial<Record<ClientOperation, string>>>;
}

const ITERATING: readonly ClientOperation[] = Object.freeze(['classic-pages', 'cursor-pages', 'whole-list']);
// pdpyras 4.x iter_all (and list_all, dict_all and find through it) paged in its own loop
// with its own error; iter_cursor (4.5) went through jget.
const ITER_ALL_CALLERS: readonly string[] = Object.freeze(['iterAll', 'listAll', 'find']);

const STATUS_4X = '{method} {url}: API responded with non-success status ({status}): {body}';
const ITERATION_4X =
  'Encountered HTTP error status ({status}) response while iterating through index endpoint {requested}.';
const INVALID_JSON = 'API responded with invalid JSON: {body}';
const NO_ENVELOPE_4X =
  'Cannot extract object; expected top-level property "{expected}", but could not find it in the response schema. ' +
  'Response body={body}';
const NO_DEDUP_KEY_4X = 'Malformed response body; does not contain deduplication key.';
const METHOD_NOT_PERMITTED = 'Method {method} not supported by this API. Permitted methods: {permitted}';
const NETWORK_4X =
  'Non-transient network error; exceeded maximum number of attempts ({retryLimit}) to connect to the API';
// pdpyras 4.x refused these with a ValueError, which has no counterpart here: a PDClientError.
const FOREIGN_URL_4X = 'Invalid API resource URL: {requested|excerpt}';
const NOT_AN_INDEX_4X = 'Invalid index url/path: {requested|excerpt}';

/** pdpyras before 4.4.0: one error class, `PDClientError`, for everything. */
export const PDPYRAS_4_3_WORDING: ReleaseWording = wording({
  rules: [
    {
      reason: 'status',
      operations: ITERATING,
      callers: ITER_ALL_CALLERS,
      template: ITERATION_4X,
      errorClass: 'PDClientError',
    },
    { reason: 'status', template: STATUS_4X, errorClass: 'PDClientError' },
    {
      reason: 'unauthorized',
      template: 'Received 401 Unauthorized response from the API. The access key ({key}) might not be valid.',
      errorClass: 'PDClientError',
    },
    { reason: 'not-json', template: INVALID_JSON, errorClass: 'PDClientError' },
    { reason: 'missing-key', operations: ['alert-event'], template: NO_DEDUP_KEY_4X, errorClass: 'PDClientError' },
    { reason: 'missing-key', template: NO_ENVELOPE_4X, errorClass: 'PDClientError' },
    { reason: 'network', template: NETWORK_4X, errorClass: 'PDClientError' },
    { reason: 'method-not-permitted', template: METHOD_NOT_PERMITTED, errorClass: 'PDClientError' },
    { reason: 'foreign-url', template: FOREIGN_URL_4X, errorClass: 'PDClientError' },
    { reason: 'not-an-index', template: NOT_AN_INDEX_4X, errorClass: 'PDClientError' },
  ],
  excerpt: { longerThan: 99, keep: 99, marker: '' },
  urlPrefixRemoved: 'https://api.pagerduty.com',
  statusSort: null,
  contexts: {},
});

/**
 * pdpyras 4.4.0: `PDHTTPError` for a failed status and a body that is not JSON; the
 * iteration, envelope and dedup-key errors stayed `PDClientError`.
 */
export const PDPYRAS_4_4_WORDING: ReleaseWording = wording({
  ...PDPYRAS_4_3_WORDING,
  rules: [
    {
      reason: 'status',
      operations: ITERATING,
      callers: ITER_ALL_CALLERS,
      template: ITERATION_4X,
      errorClass: 'PDClientError',
    },
    { reason: 'status', template: STATUS_4X, errorClass: 'PDHTTPError' },
    {
      reason: 'unauthorized',
      template: 'Received 401 Unauthorized response from the API. The access key (...{key}) might not be valid.',
      errorClass: 'PDHTTPError',
    },
    { reason: 'not-json', template: INVALID_JSON, errorClass: 'PDHTTPError' },
    { reason: 'missing-key', operations: ['alert-event'], template: NO_DEDUP_KEY_4X, errorClass: 'PDClientError' },
    { reason: 'missing-key', template: NO_ENVELOPE_4X, errorClass: 'PDClientError' },
    { reason: 'network', template: `${NETWORK_4X}.`, errorClass: 'PDClientError' },
    { reason: 'method-not-permitted', template: METHOD_NOT_PERMITTED, errorClass: 'PDClientError' },
    { reason: 'foreign-url', template: FOREIGN_URL_4X, errorClass: 'PDClientError' },
    { reason: 'not-an-index', template: NOT_AN_INDEX_4X, errorClass: 'PDClientError' },
  ],
});

/** pdpyras 4.5: a new 401 message, and `iter_cursor`'s own error for a page without its attribute. */
export const PDPYRAS_4_5_WORDING: ReleaseWording = wording({
  ...PDPYRAS_4_4_WORDING,
  rules: PDPYRAS_4_4_WORDING.rules.flatMap((rule): WordingRule[] => {
    if (rule.reason === 'unauthorized') {
      return [
        {
          ...rule,
          template:
            'Received 401 Unauthorized response from the API. The key (...{key}) may be invalid or deactivated.',
        },
      ];
    }
    if (rule.reason === 'missing-key' && rule.operations === undefined) {
      const iterCursor: WordingRule = {
        reason: 'missing-key',
        callers: ['iterCursor'],
        body: 'object',
        template:
          'No attribute "{expected}" at the root level of the response body from {requested}. ' +
          'Attributes include: {keys}',
        errorClass: 'PDClientError',
      };
      return [iterCursor, rule];
    }
    return [rule];
  }),
});

const STATUS_5X = '{method} {url}: API responded with {statusWord} error (status {status}){context}: {body}';
const UNWRAP_5X =
  'Expected response body from {method} {url} after JSON-decoding to be a dictionary with a key "{expected}", but ';

/**
 * pdpyras 5.0.0 to 5.0.2: the status sorted into client/server/unknown errors (and
 * classes) by float division, a context for events and pagination, `PDServerError` for an
 * unusable body. Its envelope message ended in a period after the keys and two after the type.
 */
export const PDPYRAS_5_0_WORDING: ReleaseWording = wording({
  rules: [
    { reason: 'status', template: STATUS_5X, errorClass: 'by-status' },
    {
      reason: 'unauthorized',
      template: 'Received 401 Unauthorized response from the API. The key (...{key}) may be invalid or deactivated.',
      errorClass: 'PDHTTPError',
    },
    { reason: 'not-json', template: INVALID_JSON, errorClass: 'PDServerError' },
    {
      reason: 'missing-key',
      operations: ['alert-event'],
      template:
        'Malformed response body from the events API; it is not a dict that has a key named "{expected}" ' +
        'after decoding. Body = {body}',
      errorClass: 'PDServerError',
    },
    {
      reason: 'missing-key',
      body: 'object',
      template: `${UNWRAP_5X}its keys are: {keys}.`,
      errorClass: 'PDServerError',
    },
    { reason: 'missing-key', template: `${UNWRAP_5X}its type is {pythonType}..`, errorClass: 'PDServerError' },
    {
      reason: 'network',
      template:
        '{method} {urlBeforeParams}: Non-transient network error; exceeded maximum number of attempts ({retryLimit}) ' +
        'to connect to the API.',
      errorClass: 'PDClientError',
    },
    { reason: 'method-not-permitted', template: METHOD_NOT_PERMITTED, errorClass: 'PDClientError' },
    {
      reason: 'foreign-url',
      template: 'URL {requested} does not start with the API base URL {baseUrl}',
      errorClass: 'URLError',
    },
    {
      reason: 'no-canonical-path',
      template: 'URL {requested} does not match any canonical API path supported by this client.',
      errorClass: 'URLError',
    },
    {
      reason: 'not-an-index',
      template:
        'Path {canonicalPath} (URL={requested}) is for accessing an individual resource, ' +
        'versus a resource collection, and as such does not feature pagination.',
      errorClass: 'URLError',
    },
  ],
  excerpt: { longerThan: 100, keep: 99, marker: '...' },
  urlPrefixRemoved: null,
  statusSort: {
    divisor: 100,
    categories: [
      { quotient: 4, word: 'client', errorClass: 'PDHTTPError' },
      { quotient: 5, word: 'server', errorClass: 'PDServerError' },
    ],
    otherwise: { word: 'unknown', errorClass: 'PDHTTPError' },
  },
  contexts: {
    'classic-pages': 'classic pagination',
    'whole-list': 'classic pagination',
    'cursor-pages': 'cursor-based pagination',
    'alert-event': 'submitting an event to the events API',
    'change-event': 'submitting change event',
  },
});

/** pdpyras 5.0.3 onwards (the fix of its `%`-formatting crash reworded the envelope message). */
export const PDPYRAS_5_0_3_WORDING: ReleaseWording = wording({
  ...PDPYRAS_5_0_WORDING,
  rules: PDPYRAS_5_0_WORDING.rules.map((rule) => {
    if (rule.reason !== 'missing-key' || rule.operations !== undefined) return rule;
    return {
      ...rule,
      template: rule.body === 'object' ? `${UNWRAP_5X}its keys are: {keys}` : `${UNWRAP_5X}its type is {pythonType}.`,
    };
  }),
});

/**
 * pdpyras 5.3.0 onwards reworded the refusal of a single resource by `iter_all` (5.1.1 still
 * had the 5.0 wording; 5.1.2 to 5.2.0 are taken to have it too).
 */
export const PDPYRAS_5_3_WORDING: ReleaseWording = wording({
  ...PDPYRAS_5_0_3_WORDING,
  rules: PDPYRAS_5_0_3_WORDING.rules.map((rule) =>
    rule.reason !== 'not-an-index'
      ? rule
      : {
          ...rule,
          template:
            'Path {canonicalPath} (URL={requested}) is formatted like an individual resource ' +
            'versus a resource collection. It is therefore assumed to not support pagination.',
        },
  ),
});

function wording(value: ReleaseWording): ReleaseWording {
  return Object.freeze({
    ...value,
    rules: Object.freeze(value.rules.map((rule) => Object.freeze({ ...rule }))),
    excerpt: Object.freeze({ ...value.excerpt }),
    contexts: Object.freeze({ ...value.contexts }),
  });
}
