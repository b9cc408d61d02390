/**
 * The error seam of the legacy layer: the engine hands each core error to the session's
 * factory, which throws the predecessor's class, worded as the predecessor release worded
 * it; a session's methods add what they knew at the call (its name, the URL it was given)
 * as the error passes them on the way out.
 *
 * @module
 */
import {
  HttpError,
  HttpServerError,
  NetworkError,
  RequestAbortedError,
  type ErrorFactory,
  type RequestError,
} from '../core/errors/error-classes.js';
import type { LegacyErrorTable, LegacyPolicy } from './compat.js';
import { PDClientError, PDHTTPError, PDServerError, URLError, type LegacyErrorName } from './errors.js';
import { wordFailure } from './failure-wording.js';
import { failureOf, type CallSite, type SessionFacts } from './legacy-failure.js';
import type { ReleaseWording } from './release-wording.js';

/**
 * Which kind of failure a core error is, for the table of classes: `method` is a method
 * the session does not permit (pdpyras raised it unlike its other refused input).
 */
export type ErrorKind = 'url' | 'method' | 'network' | 'abort' | 'http' | 'http-server';

/** The kind of a core error (see {@link ErrorKind}). */
export function errorKind(error: RequestError): ErrorKind {
  if (error instanceof HttpServerError) return 'http-server';
  if (error instanceof HttpError) return 'http';
  if (error instanceof NetworkError) return 'network';
  if (error instanceof RequestAbortedError) return 'abort';
  return error.code === 'ERR_METHOD_NOT_PERMITTED' ? 'method' : 'url';
}

/**
 * The error factory of a pdpyras release: the errors of that release, worded as it worded
 * them (see `legacyPolicyFor`). A core client given it throws what the session of that
 * release throws, except for the wording that needs a session's own facts (its key, its
 * retries, the method that was paging): such failures keep the core's message.
 *
 * A failure the release's wording covers gets the release's message and class (a 503 was
 * a `PDHTTPError` "unknown error" in pdpyras 5.x); any other keeps the engine's message and
 * becomes the class the policy's `errors` table names for its kind.
 *
 * @param policy - the release's policy (its `errors` and `wording`)
 * @example
 * ```ts
 * const factory = legacyErrorFactory(legacyPolicyFor('5.4.1'));
 * factory(new UrlError('GET is not permitted', { code: 'ERR_METHOD_NOT_PERMITTED' })) instanceof PDClientError; // true
 * ```
 */
export function legacyErrorFactory(policy: Pick<LegacyPolicy, 'errors' | 'wording'>): ErrorFactory;
/**
 * The error factory of a kind-to-class table, worded by `wording` when given, else with the
 * engine's messages.
 *
 * @param table - the class of each kind of failure (`LegacyPolicy.errors`)
 * @param wording - a release's wording (`LegacyPolicy.wording`)
 * @example
 * ```ts
 * const factory = legacyErrorFactory(legacyPolicyFor('4.3.0').errors);
 * factory(new HttpError('GET ...: 404', response, '')) instanceof PDHTTPError; // false
 * ```
 */
export function legacyErrorFactory(table: LegacyErrorTable, wording?: ReleaseWording): ErrorFactory;
export function legacyErrorFactory(
  source: LegacyErrorTable | Pick<LegacyPolicy, 'errors' | 'wording'>,
  givenWording?: ReleaseWording,
): ErrorFactory {
  const isPolicy = 'errors' in source;
  const errors = new SessionErrors({
    errors: isPolicy ? source.errors : source,
    wording: isPolicy ? source.wording : givenWording,
  });
  return errors.factory;
}

/** A session's errors: its factory for the engine, and the wording again where its methods know more. */
export class SessionErrors {
  readonly #table: LegacyErrorTable;
  readonly #wording: ReleaseWording | undefined;
  #session: SessionFacts | undefined;
  // Each error this session made, with the core error it came from: a method on the way out words it again.
  readonly #origins = new WeakMap<Error, { readonly error: RequestError; readonly site: CallSite }>();

  /** @param policy - the class of each kind of failure, and the release's wording (none: the engine's) */
  constructor(policy: { readonly errors: LegacyErrorTable; readonly wording: ReleaseWording | undefined }) {
    this.#table = policy.errors;
    this.#wording = policy.wording;
  }

  /** The engine's error factory: the core error as the release raised it. */
  readonly factory: ErrorFactory = (error) => this.#made(error, {});

  /** The session whose settings the wording reads (its key, retries, methods, base URL, tables). */
  bind(session: SessionFacts): void {
    this.#session = session;
  }

  /**
   * The error a session's method throws: one this session made, worded again with what
   * the method knew (`site`); any other error as it was.
   */
  atBoundary(thrown: unknown, site: CallSite): unknown {
    if (!(thrown instanceof Error)) return thrown;
    const origin = this.#origins.get(thrown);
    if (origin === undefined) return thrown;
    // What was known nearer the failure wins.
    const again = this.#made(origin.error, { ...site, ...origin.site });
    return again.constructor === thrown.constructor && again.message === thrown.message ? thrown : again;
  }

  #made(error: RequestError, site: CallSite): Error {
    const wording = this.#wording;
    const facts = wording === undefined ? undefined : failureOf(error, this.#session, site);
    const body = error instanceof HttpError ? error.body : undefined;
    const worded = wording === undefined || facts === undefined ? undefined : wordFailure(wording, facts, body);
    const message = worded?.message ?? error.message;
    const made = legacyError(worded?.errorClass ?? this.#table[errorKind(error)], this.#scrub(message), error);
    this.#origins.set(made, { error, site });
    return made;
  }

  #scrub(text: string): string {
    return this.#session === undefined ? text : this.#session.scrub(text);
  }
}

function legacyError(name: LegacyErrorName, message: string, error: RequestError): Error {
  const response = error instanceof HttpError ? error.response : null;
  const cause = error.cause;
  if (name === 'URLError') return new URLError(message, { cause });
  if (name === 'PDServerError' && response) return new PDServerError(message, response);
  if (name === 'PDHTTPError' && response) return new PDHTTPError(message, response);
  return new PDClientError(message, response, { cause });
}
