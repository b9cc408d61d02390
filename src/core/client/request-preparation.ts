/**
 * A request as `ApiClient` hands it to its attempt loop: the method checked, the URL
 * resolved once (with its query), the headers and body worked out, the timeout, retry
 * policy, logger and metrics key fixed. Pure over what it reads of the client, which it
 * reads in this order and only when needed, so that the first problem found is the one reported.
 *
 * @module
 */
import type { HttpMethod, RequestOptions } from './client-options.js';
import { REQUEST_OPTION_NAMES, upperMethod } from './client-options.js';
import type { ErrorSpec } from '../errors/error-classes.js';
import type { Logger } from '../logging.js';
import { outgoingInit, type ClientRequestParts } from '../request/outgoing-request.js';
import { withExtras } from '../request/extra-options.js';
import { appendQuery, type QueryParams } from '../request/query.js';
import type { PreparedRequest } from '../retry/attempt-loop.js';
import type { RetryPolicy } from '../retry/retry-rules.js';
import { checkOptionNames } from './option-names.js';
import { checkSetting } from './settings.js';

/** What {@link prepareRequest} reads of the client sending the request (its overridable parts included). */
export interface RequestPreparationHost {
  /** The client's class name, for the refusal of a method it does not permit. */
  readonly clientName: string;
  /** The client's `timeout` setting now, in seconds. */
  timeout(): number;
  /** The methods the client may send. */
  permittedMethods(): readonly HttpMethod[];
  /** Builds (does not throw) an error through the client's error factory. */
  fail(spec: ErrorSpec): Error;
  /** The full URL of a path or URL under the base URL (refuses a foreign URL). */
  normalizeUrl(url: string): string;
  /** The query parameters as sent by `verb` to the resolved URL. */
  encodeParams(params: QueryParams, verb: HttpMethod, url: string): QueryParams;
  /** The client's side of the request's headers and body. */
  requestParts(): ClientRequestParts;
  /** The key the request's answered attempts are counted under. */
  metricKey(verb: HttpMethod, target: string): string;
  /** The retry policy now. */
  retryPolicy(): RetryPolicy;
  /** The client's logger now. */
  log(): Logger;
}

/**
 * A request as it will be sent. The caller's options are not changed.
 *
 * @throws what `host.fail` builds (a `MethodError`) for a method the client does not
 *   permit, a `UrlError` (from `normalizeUrl`) for a foreign URL, `TypeError` for
 *   options with an unknown key or `extraParams`/`extraFields` that clash with `params`/`json`, and `TypeError` / `RangeError` for a bad per-request `timeout`
 * @example
 * ```ts
 * const prepared = prepareRequest('get', '/users', { params: { limit: 1 } }, host);
 * prepared.target; // 'https://api.pagerduty.com/users?limit=1'
 * ```
 */
export function prepareRequest(
  method: string,
  url: string,
  given: RequestOptions,
  host: RequestPreparationHost,
): PreparedRequest {
  checkRequestOptions(given);
  const options: RequestOptions = withExtras(given, 'request');
  const verb = upperMethod(method) as HttpMethod;
  const timeoutSeconds = options.timeout === undefined ? host.timeout() : checkSetting('timeout', options.timeout);
  const permitted = host.permittedMethods();
  if (!permitted.includes(verb)) {
    const message = `${verb} is not permitted on ${host.clientName} (permitted: ${permitted.join(', ')})`;
    throw host.fail({
      kind: 'method',
      message,
      facts: { reason: 'method-not-permitted', method: verb, permitted: [...permitted] },
    });
  }
  const resolved = host.normalizeUrl(url);
  const target =
    options.params === undefined ? resolved : appendQuery(resolved, host.encodeParams(options.params, verb, resolved));
  const parts = host.requestParts();
  const metricKey = host.metricKey(verb, target);
  const signal = options.signal ?? undefined;
  const { stream = false, retryMode = 'idempotent' } = options;
  if (retryMode !== 'idempotent' && retryMode !== 'at-most-once')
    throw new TypeError(`retryMode must be 'idempotent' or 'at-most-once', got ${String(retryMode)}`);
  return {
    verb,
    resolved,
    target,
    fetchInit: outgoingInit(verb, options, parts),
    timeoutSeconds,
    signal,
    policy: host.retryPolicy(),
    log: host.log(),
    metricKey,
    stream,
    retryMode,
  };
}

/**
 * Checks the options of one request (see `checkOptionNames`): called where they are
 * first copied, before a string would be spread into an object of its characters.
 *
 * @throws TypeError for options that are not an object or have an unknown key
 * @example
 * ```ts
 * checkRequestOptions({ include: ['teams'] }); // TypeError: unknown request option "include"; query parameters go in params ...
 * ```
 */
export function checkRequestOptions(options: unknown): void {
  checkOptionNames('request', options, REQUEST_OPTION_NAMES, REQUEST_HINT);
}

// `rget(path, { include: [...] })` is the usual slip: the query belongs under `params`.
const REQUEST_HINT =
  'query parameters go in params ({ params: { ... } }); the request options are ' +
  Object.keys(REQUEST_OPTION_NAMES).join(', ');
