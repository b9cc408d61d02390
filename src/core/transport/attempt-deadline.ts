/**
 * The timeout of one attempt, and how an attempt is ended early: by its deadline, by the
 * caller's signal, or because its connection closed before the whole body arrived.
 *
 * An attempt is ended in one of two ways, chosen per attempt by the transport:
 * - `'request'`: the request goes through one of the transport's own direct agents, which
 *   hand each request to its attempt (see `agent-hooks.ts`). Ending the attempt destroys
 *   that request; node-fetch sees a request error at any stage (connecting, waiting for
 *   the headers, reading the body). No signal is sent with the request, which spares
 *   node-fetch its listeners on every request.
 * - `'light-signal'` (node-fetch 2 through any other agent: a proxy agent, or the caller's)
 *   and `'signal'` (any other fetch): an abort signal sent with the request.
 *
 * @module
 * @internal
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { attemptClock, timersClock } from './attempt-clock.js';

/** How an attempt is ended early (see the module comment). */
export type EndingMode = 'request' | 'light-signal' | 'signal';

/**
 * The abort signal node-fetch 2 is given: node-fetch accepts any object whose class is
 * named `AbortSignal` (so that polyfills work) and only adds and removes one `abort`
 * listener. Node's own signal is an `EventTarget`, whose construction and listeners cost
 * more than the rest of the engine's work on a request.
 */
const LightAbortSignal = class AbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: null = null;
  #listener: (() => void) | undefined;

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.#listener = listener;
  }

  removeEventListener(type: string, listener: () => void): void {
    if (type === 'abort' && this.#listener === listener) this.#listener = undefined;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
};

/** What ends an attempt in a signal mode. */
interface Aborter {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

function lightAborter(): Aborter {
  const signal = new LightAbortSignal();
  return { signal: signal as unknown as AbortSignal, abort: (reason) => signal.abort(reason) };
}

/**
 * The error an attempt ended by the caller's signal is ended with (what node-fetch's own
 * abort rejects with: only its name matters).
 */
export function abortError(): Error {
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
}

/** A body stream the deadline can end. */
interface Destroyable {
  destroy(error?: Error): unknown;
}

/** The request of an attempt, with the response node reads into (not in Node's types). */
type AttemptRequest = ClientRequest & { res?: IncomingMessage | null };

/**
 * The deadline of one attempt at a time. It is used again by later attempts, and so is its
 * timer, which is not moved for each attempt: an attempt only notes when it is due, and
 * the timer, when it fires before that, sets itself again for the time left (it fires
 * about once per timeout period while requests keep coming, not once per request).
 *
 * Due times are read on the clock the timers run on (`timersClock`): when fake timers
 * replace the real ones, or are removed, the next attempt arms a timer of the new kind.
 *
 * With node-fetch, the timer never keeps the process alive: a request in flight holds its
 * socket (or its DNS lookup), which does. With any other fetch the timer holds the process
 * during an attempt, as that fetch may hold nothing.
 */
export class Deadline {
  #mode: EndingMode = 'request';
  #aborter: Aborter | undefined;
  #request: AttemptRequest | undefined;
  /** The response's body stream, once the response is there (`'request'` mode). */
  #body: Destroyable | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The clock the armed timer runs on (see `timersClock`). */
  #clock: () => number = attemptClock;
  /** The `clearTimeout` of the timers the timer was made with (fake timers cannot clear a real one). */
  #clearTimer: (timer: NodeJS.Timeout) => void = clearTimeout;
  /** When the armed timer fires (on its clock), `Infinity` when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;
  /** When the current attempt is due. */
  #due = 0;
  #active = false;
  /** Why the current attempt was ended early; `undefined` while it has not been. */
  #reason: Error | undefined;
  /** Whether the timer ended the current attempt. */
  timedOut = false;
  /** Whether the current attempt's connection closed before the whole body arrived. */
  cutShort = false;

  /** The signal to send the attempt with; `undefined` in `'request'` mode. */
  get signal(): AbortSignal | undefined {
    return this.#aborter?.signal;
  }

  /**
   * Arms the deadline for an attempt of `ms` milliseconds.
   *
   * @param attemptStart - when the attempt started, on `attemptClock`: used as it is while
   *   the timers run on that clock, which spares a read of the clock
   */
  start(ms: number, mode: EndingMode, attemptStart?: number): void {
    if (mode === 'signal') this.#aborter = new AbortController();
    else if (mode === 'light-signal') {
      // A light signal that never fired is kept: node-fetch removed its listener.
      if (this.#mode !== 'light-signal' || this.#aborter === undefined || this.#aborter.signal.aborted) this.#aborter = lightAborter();
    } else this.#aborter = undefined;
    this.#mode = mode;
    this.#request = undefined;
    this.#body = undefined;
    this.#active = true;
    this.#reason = undefined;
    this.timedOut = false;
    this.cutShort = false;
    const clock = timersClock();
    const now = clock === attemptClock && attemptStart !== undefined ? attemptStart : clock();
    this.#due = now + ms;
    // A timer already armed, on the same clock, to fire no later than the new due time is left alone.
    if (clock !== this.#clock || this.#firesAt > this.#due) this.#arm(ms, now, clock);
    if (mode === 'signal') this.#timer?.ref();
  }

  /** The request of the current attempt, as one of the transport's agents received it. */
  attach(request: ClientRequest): void {
    if (this.#active) this.#request = request;
  }

  /**
   * The response of the current attempt arrived; its body is read next, in the same turn
   * of the event loop (a body destroyed before it is read would report its error to
   * nobody). When the attempt has already ended, the body is ended at once.
   */
  responded(body: Destroyable | null | undefined): void {
    if (this.#mode !== 'request' || !body) return;
    this.#body = body;
    if (this.#reason !== undefined) body.destroy(this.#reason);
  }

  /**
   * A socket of the transport closed: when it carried this attempt's request and the
   * response had begun but not ended, the body was cut short (node-fetch 2 would wait for
   * the timeout), and the attempt ends now as a network error.
   */
  socketClosed(socket: Socket): void {
    const request = this.#request;
    if (!this.#active || this.#reason !== undefined || request === undefined || request.socket !== socket) return;
    const response = request.res;
    if (!response || response.complete) return;
    this.cutShort = true;
    this.#end(Object.assign(new Error('connection closed'), { code: 'ECONNRESET' }));
  }

  /** Ends the attempt now (the caller's signal fired). */
  abort(): void {
    this.#end(abortError());
  }

  /**
   * The error an attempt's failure becomes when the deadline ended it (a timeout, a body
   * cut short, each with its `code`), `undefined` otherwise (the failure stands as it is).
   *
   * @param cause - what the fetch rejected with
   * @param timeoutSeconds - the attempt's timeout, for the message
   */
  failure(cause: unknown, timeoutSeconds: number): Error | undefined {
    if (this.cutShort) {
      return Object.assign(new Error('the connection closed before the whole response body arrived', { cause }), { code: 'ECONNRESET' });
    }
    if (this.timedOut) return Object.assign(new Error(`no complete response within ${timeoutSeconds} s`, { cause }), { code: 'ETIMEDOUT' });
    return undefined;
  }

  /** The attempt is over: the timer may fire later but no longer ends anything. */
  stop(): void {
    this.#active = false;
    this.#request = undefined;
    this.#body = undefined;
    this.#reason = undefined;
    if (this.#mode === 'signal') this.#timer?.unref();
  }

  /** Clears the timer for good. */
  dispose(): void {
    if (this.#timer !== undefined) this.#clearTimer(this.#timer);
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
  }

  #end(reason: Error): void {
    if (this.#reason !== undefined) return;
    this.#reason = reason;
    if (this.#mode !== 'request') {
      this.#aborter?.abort(reason);
      return;
    }
    // Before the response, node-fetch hears of the destroyed request; after it, of the
    // destroyed body (a connection already closed destroys no further).
    this.#request?.destroy(reason);
    this.#body?.destroy(reason);
  }

  #arm(ms: number, now: number, clock: () => number): void {
    if (this.#timer !== undefined) this.#clearTimer(this.#timer);
    this.#clock = clock;
    this.#clearTimer = clearTimeout;
    this.#firesAt = now + ms;
    this.#timer = setTimeout(() => this.#fire(), ms);
    this.#timer.unref();
  }

  #fire(): void {
    this.#firesAt = Number.POSITIVE_INFINITY;
    if (!this.#active) return;
    // Armed for an earlier attempt: wait out what is left of this one's time.
    const clock = this.#clock;
    const now = clock();
    const left = this.#due - now;
    if (left >= 1) {
      this.#arm(Math.ceil(left), now, clock);
      if (this.#mode === 'signal') this.#timer?.ref();
      return;
    }
    this.timedOut = true;
    this.#end(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
  }
}
