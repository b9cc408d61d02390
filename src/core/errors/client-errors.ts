import type { FetchResponse as Response } from '../platform/fetch-types.js';
import {
  HttpError,
  HttpServerError,
  httpErrorMessage,
  isServerFailure,
  NetworkError,
  RequestAbortedError,
  UrlError,
  type ErrorFactory,
  type HttpErrorCode,
  type RequestError,
  type RequestFacts,
} from './error-classes.js';
import type { Refusal } from './refusal.js';
import type { Secret } from '../auth/secret.js';
import { scrubSecret } from '../auth/scrub-secret.js';
import { InMemoryResponse } from '../platform/in-memory-response.js';

/** What an HTTP error is built from. */
export interface HttpErrorParts {
  /** The request's method. */
  readonly method: string;
  /** The URL the response came from. */
  readonly url: string;
  /** The response (its body may have been read). */
  readonly response: Response;
  /** The body, as text. */
  readonly body: string;
  /** What to say beyond the status and the API's own message. */
  readonly detail?: string;
  /** Why it failed, when the status alone does not say (`ERR_NOT_JSON`, `ERR_MISSING_KEY`, ...). */
  readonly code?: HttpErrorCode;
  /** Whether the message quotes the body (not when it may hold a token). @default true */
  readonly quoteBody?: boolean;
}

/**
 * Builds (does not throw) the errors of one client: the core's error with the client's secret scrubbed
 * from every text, then handed to the client's error factory (the legacy sessions' throws pdpyras' classes).
 */
export class ClientErrors {
  readonly #factory: ErrorFactory | undefined;
  readonly #credential: { readonly secret: Secret | undefined };

  /**
   * @param factory - turns the core error into the one thrown; none: the core error is thrown
   * @param credential - the client's credential, read at each use (it may be replaced)
   */
  constructor(factory: ErrorFactory | undefined, credential: { readonly secret: Secret | undefined }) {
    this.#factory = factory;
    this.#credential = credential;
  }

  /** The credential, redacted (`*` and its last four characters); `''` without one. */
  redactedSecret(): string {
    return this.#credential.secret?.toString() ?? '';
  }

  /** The text with the client's secret redacted, in any form it is sent in. */
  scrub(text: string): string {
    return scrubSecret(text, this.#credential.secret);
  }

  /** The `UrlError` of input refused before any request. */
  refused(refusal: Refusal, request: RequestFacts = {}): Error {
    const url = typeof request.url === 'string' ? this.scrub(request.url) : undefined;
    return this.#thrown(new UrlError(this.scrub(refusal.message), { code: refusal.code, method: request.method, url }));
  }

  /** The `NetworkError` of a request whose network retries ran out. */
  network(message: string, cause: unknown, request: Required<RequestFacts>): Error {
    const facts = { method: request.method, url: this.scrub(request.url) };
    return this.#thrown(new NetworkError(this.scrub(message), cause, facts));
  }

  /** The `RequestAbortedError` of a request the caller's signal (or `onRateLimit`) stopped. */
  aborted(message: string, cause: unknown, request: Required<RequestFacts>, declined = false): Error {
    const code = declined ? 'ERR_RATE_LIMIT_DECLINED' : 'ABORT_ERR';
    const facts = { cause, code, method: request.method, url: this.scrub(request.url) } as const;
    return this.#thrown(new RequestAbortedError(this.scrub(message), facts));
  }

  /** The HTTP error for a response (see {@link HttpErrorParts}): `HttpServerError` but for a 4xx. */
  http(parts: HttpErrorParts): Error {
    const { method, response, detail, code } = parts;
    const { status } = response;
    // The body too: a server that echoes the caller's key must not put it wherever the error is printed.
    const body = this.scrub(parts.body);
    const url = this.scrub(parts.url);
    // The error's response must be readable even when the engine consumed the original.
    const readable = response.bodyUsed
      ? new InMemoryResponse(response, new TextEncoder().encode(parts.body))
      : response;
    const message = this.scrub(httpErrorMessage(method, url, status, parts.quoteBody === false ? '' : body, detail));
    const facts = { code, method: method.toUpperCase(), url };
    const ErrorClass = isServerFailure(status) ? HttpServerError : HttpError;
    return this.#thrown(new ErrorClass(message, readable, body, facts));
  }

  #thrown(error: RequestError): Error {
    if (this.#factory === undefined) return error;
    const made = this.#factory(error);
    // A factory may build its own message from the parts (the legacy ones do): it is scrubbed once more.
    const message = this.scrub(made.message);
    if (message !== made.message) made.message = message;
    return made;
  }
}
