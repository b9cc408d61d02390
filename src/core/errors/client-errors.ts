import type { FetchResponse as Response } from '../platform/fetch-types.js';
import { errorKindForStatus, httpErrorMessage, type ErrorFactory, type ErrorSpec } from './error-classes.js';
import { responseReason, scrubFailure, type ResponseDetails } from './failure-details.js';
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
  /** By default what the status makes it (`http-server` for 5xx). */
  readonly kind?: 'http' | 'http-server';
  /** Why it failed, beyond the status; by default the reason the status gives. */
  readonly facts?: ResponseDetails;
}

/** Builds (does not throw) the errors of one client. */
export class ClientErrors {
  readonly #factory: ErrorFactory;
  readonly #credential: { readonly secret: Secret | undefined };

  /**
   * @param factory - makes the error from its parts
   * @param credential - the client's credential, read at each use (it may be replaced)
   */
  constructor(factory: ErrorFactory, credential: { readonly secret: Secret | undefined }) {
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

  /** An error of the given kind, with message, body and facts scrubbed. */
  fail(spec: ErrorSpec): Error {
    // The body too: a server that echoes the caller's key must not put it wherever the error is printed.
    const scrub = (text: string): string => this.scrub(text);
    const body = spec.body === undefined ? undefined : scrub(spec.body);
    const facts = spec.facts === undefined ? undefined : scrubFailure(spec.facts, scrub);
    const error = this.#factory({ ...spec, message: scrub(spec.message), body, facts });
    // A factory may build its own message from the parts (the legacy ones do): it is scrubbed once more.
    const message = scrub(error.message);
    if (message !== error.message) error.message = message;
    return error;
  }

  /** The HTTP error for a response (see {@link HttpErrorParts}), built through the factory. */
  http(parts: HttpErrorParts): Error {
    const { method, url, response, body, detail, facts } = parts;
    const { status } = response;
    // The error's response must be readable even when the engine consumed the original.
    const readable = response.bodyUsed ? new InMemoryResponse(response, new TextEncoder().encode(body)) : response;
    return this.fail({
      kind: parts.kind ?? errorKindForStatus(status),
      // Scrubbed before it is quoted: a quote cut short could leave part of the secret unmatched.
      message: httpErrorMessage(method, url, status, this.scrub(body), detail),
      response: readable,
      body,
      facts: { reason: responseReason(status), ...facts, method: method.toUpperCase(), url, status },
    });
  }
}
