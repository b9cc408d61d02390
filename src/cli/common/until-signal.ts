/**
 * The wait of the long-running commands (`emulator`, `webhooks listen`): until Ctrl+C or a
 * termination request.
 *
 * @module
 */

/** Resolves with the signal's name at the first SIGINT or SIGTERM, and stops listening. */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
