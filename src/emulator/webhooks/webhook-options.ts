/**
 * The options of the emulator's webhook deliveries and their defaults.
 *
 * @module
 */

/** How the emulator delivers V3 webhooks (`EmulatorOptions.webhooks`). */
export interface WebhookOptions {
  /**
   * Milliseconds to wait before each retry of a delivery that timed out, got a 5xx or a
   * 429, or could not connect; its length is the number of retries. Tests pass a few
   * milliseconds.
   * @default 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 12 h (about 40 hours in all)
   */
  retrySchedule?: readonly number[];
  /** Milliseconds an attempt may take to get an answer before it counts as a timeout. @default 5000 */
  timeout?: number;
  /**
   * How the wait between attempts is made; `signal` aborts when the emulator closes, and
   * the wait must then end at once. @default a timer
   */
  sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
  /** How many deliveries `emulator.webhookDeliveries` keeps (the oldest go first). @default 1000 */
  logSize?: number;
}

/** Webhook options with every default filled in. */
export interface ResolvedWebhookOptions {
  /** See {@link WebhookOptions.retrySchedule}. */
  retrySchedule: readonly number[];
  /** See {@link WebhookOptions.timeout}. */
  timeout: number;
  /** See {@link WebhookOptions.sleep}. */
  sleep: (milliseconds: number, signal: AbortSignal) => Promise<void>;
  /** See {@link WebhookOptions.logSize}. */
  logSize: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits before each retry when none are given: quick at first, then hours apart, about
 * 40 hours in all, within the 48 hours the service documents for its own retries.
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: readonly number[] = [
  10 * SECOND,
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

/** A wait that ends early when `signal` aborts, and never keeps the process alive by itself. */
export function abortableTimer(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}

function milliseconds(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number of milliseconds >= 0, got ${String(value)}`);
  return value;
}

/**
 * Fills in the defaults and checks the numbers.
 *
 * @throws RangeError for a negative or non-finite wait or timeout, or a log size below 1
 */
export function resolveWebhookOptions(options: WebhookOptions = {}): ResolvedWebhookOptions {
  const retrySchedule = (options.retrySchedule ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE).map((wait, index) =>
    milliseconds(`webhooks.retrySchedule[${index}]`, wait),
  );
  const logSize = options.logSize ?? 1000;
  if (!Number.isInteger(logSize) || logSize < 1)
    throw new RangeError(`webhooks.logSize must be a whole number >= 1, got ${String(options.logSize)}`);
  return {
    retrySchedule,
    timeout: milliseconds('webhooks.timeout', options.timeout ?? 5000),
    sleep: options.sleep ?? abortableTimer,
    logSize,
  };
}
