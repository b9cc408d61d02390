/** The signal fired during the pause; the engine turns this into a `RequestAbortedError`. */
export class AbortedDuringPause extends Error {
  /** @param reason - the signal's reason */
  constructor(readonly reason: unknown) {
    super('aborted during the pause before a retry');
  }
}

// An abort during a 12-second backoff ends the request at once rather than after the pause.
export async function abortableSleep(
  sleep: (seconds: number, signal?: AbortSignal) => Promise<void>,
  seconds: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!signal) return sleep(seconds);
  // The signal is passed on too, so a sleep that can (the real one) clears its timer.
  if (signal.aborted) throw new AbortedDuringPause(signal.reason);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new AbortedDuringPause(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(seconds, signal), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

export function timerSleep(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, seconds * 1000);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
