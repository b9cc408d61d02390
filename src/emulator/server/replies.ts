/**
 * What handlers answer with, and the REST API's error shape
 * `{"error": {"message", "code", "errors"}}`.
 *
 * @module
 */

/** An answer: status, JSON body (none for 204), extra headers. */
export interface Reply {
  /** The HTTP status. */
  status: number;
  /** The body, sent as JSON; `undefined` sends no body. */
  body?: unknown;
  /** Headers besides `Content-Type` and `x-request-id`. */
  headers?: Record<string, string>;
}

/**
 * The REST API's error codes the emulator uses, from the service's published list where
 * it names one; `fromRequired` (2016) is the code this project's spec gives for a
 * missing or unknown `From`.
 */
export const ERROR_CODES = {
  /** 5xx: Internal Error. */
  internal: 2000,
  /** 400: Invalid Input Provided (also the pagination limit, "Invalid Request"). */
  invalidInput: 2001,
  /** 400: Arguments Caused Error (a state change the resource cannot make). */
  argumentsCausedError: 2002,
  /** 401: Authentication failed. */
  authenticationFailed: 2006,
  /** 402: the account lacks an ability. */
  abilityMissing: 2014,
  /** 400: `From` is missing or names no user, with an account-level key. */
  fromRequired: 2016,
  /** 429: Rate Limit Exceeded. */
  rateLimited: 2020,
  /** 404: Not Found. */
  notFound: 2100,
} as const;

/** `{"error": {...}}`, the body of every REST API error. */
export interface RestErrorBody {
  /** The error. */
  error: {
    /** A short message. */
    message: string;
    /** The service's error code. */
    code: number;
    /** Details, one sentence each. */
    errors?: string[];
  };
}

/** A REST error answer. */
export function restError(status: number, message: string, code: number, errors?: readonly string[]): Reply {
  const body: RestErrorBody = { error: { message, code, ...(errors ? { errors: [...errors] } : {}) } };
  return { status, body };
}

/** 400 Invalid Input Provided, with details. */
export function invalidInput(...errors: string[]): Reply {
  return restError(400, 'Invalid Input Provided', ERROR_CODES.invalidInput, errors);
}

/** 404 Not Found. */
export function notFound(what?: string): Reply {
  return restError(404, 'Not Found', ERROR_CODES.notFound, what ? [`${what} not found`] : undefined);
}

/** A JSON success answer. */
export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

/**
 * Thrown by handlers (and the helpers they call) to answer with an error at once; the
 * server turns it into its reply.
 */
export class ReplyError extends Error {
  /** The answer to send. */
  readonly reply: Reply;

  /** @param reply - the answer to send */
  constructor(reply: Reply) {
    super(`emulator reply ${reply.status}`);
    this.name = 'ReplyError';
    this.reply = reply;
  }
}

/** Throws `reply` as a {@link ReplyError}. */
export function fail(reply: Reply): never {
  throw new ReplyError(reply);
}
