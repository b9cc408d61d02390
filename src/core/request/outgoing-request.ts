import type { FetchRequestInit } from '../transport/fetch-types.js';
import { withFormAuth, withJsonBodyAuth, type AuthMethod } from '../auth/auth-methods.js';
import {
  type HeaderMap,
  type HttpMethod,
  type PassThroughInit,
  type RequestOptions,
} from '../client/client-options.js';
import { mergeHeaders } from './headers.js';

export interface ClientRequestParts {
  readonly defaultHeaders: HeaderMap;
  readonly clientHeaders: HeaderMap;
  readonly authorization: string | undefined;
  /** The auth method, for those that put the credential into a JSON body or a form. */
  readonly auth: AuthMethod;
  readonly passThrough: PassThroughInit | undefined;
}

/**
 * Headers, first to last (a later one wins, whatever its case): the client's defaults, the body's
 * `Content-Type`, the client's `headers`, the request's, then `Authorization`: nothing overrides the credential.
 */
export function outgoingInit(verb: HttpMethod, options: RequestOptions, parts: ClientRequestParts): FetchRequestInit {
  const { headers, json, form, body } = options;
  const sendHeaders = mergeHeaders([
    parts.defaultHeaders,
    json !== undefined ? JSON_CONTENT_TYPE : undefined,
    form !== undefined ? FORM_CONTENT_TYPE : undefined,
    parts.clientHeaders,
    headers,
    parts.authorization === undefined ? undefined : { Authorization: parts.authorization },
  ]);
  const sendBody =
    json !== undefined
      ? JSON.stringify(withJsonBodyAuth(parts.auth, json))
      : form !== undefined
        ? new URLSearchParams(withFormAuth(parts.auth, form)).toString()
        : body;
  // The request's fetch options win over the client's, never over the method, headers and body worked out above.
  const {
    headers: _headers,
    json: _json,
    form: _form,
    body: _body,
    params: _params,
    timeout: _timeout,
    stream: _stream,
    retryMode: _retryMode,
    ...fetchOptions
  } = options;
  return { ...parts.passThrough, ...fetchOptions, method: verb, headers: sendHeaders, body: sendBody };
}

const JSON_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/json' });
const FORM_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/x-www-form-urlencoded' });
