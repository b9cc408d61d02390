import { withInternal } from '../core/client/internal-options.js';

/** What a test may change in how a client waits between attempts. */
export interface ClientTestOptions {
  /**
   * Replaces the client's pauses between attempts, in seconds: `async () => {}` so that
   * retries never wait, or a function that moves a fake clock (the emulator's `now`).
   */
  readonly sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** The random source of the cooldown's stagger, uniform in [0, 1). @default Math.random */
  readonly random?: () => number;
}

/**
 * Client options for tests against the emulator, to spread into any client's options:
 * they are not among the clients' own options, since production code has no use for them.
 *
 * @example
 * ```ts
 * await using client = new RestApiV2Client(emulator.keys.account, {
 *   baseUrl: emulator.url,
 *   ...clientTestOptions({ sleep: async () => {} }), // retries never wait
 * });
 * ```
 */
export function clientTestOptions(options: ClientTestOptions): object {
  return withInternal({}, { sleep: options.sleep, random: options.random });
}
