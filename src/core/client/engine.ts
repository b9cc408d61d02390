// Each part is handed the parts it uses; none calls back into the client.
import type { Credential } from '../auth/credential.js';
import { ClientErrors } from '../errors/client-errors.js';
import { checkOnRateLimit, checkRateLimiter, OptedInRateLimit } from '../rate-limit/opted-in-rate-limit.js';
import type { AttemptRateLimit } from '../rate-limit/attempt-rate-limit.js';
import { timerSleep } from '../abortable-sleep.js';
import { AttemptLoop } from '../retry/attempt-loop.js';
import { RequestGate } from '../rate-limit/request-gate.js';
import { Transport } from '../transport/transport.js';
import type { CallMetrics } from './call-metrics.js';
import type { ApiClientOptions } from './client-options.js';
import type { InternalOptions } from './internal-options.js';
import { watchingOf, type Watching } from '../observe/watching.js';

export interface Engine {
  readonly errors: ClientErrors;
  readonly transport: Transport;
  /** A 429 pauses every request of the client here (and, while concurrent pagination runs, a spent budget). */
  readonly gate: RequestGate;
  /** The gate itself, unless the client opted into a `rateLimiter` or `onRateLimit` (then those, over the gate). */
  readonly rateLimit: AttemptRateLimit;
  readonly loop: AttemptLoop;
  /** The caller's hooks and the client's telemetry; `undefined` when it has neither (nothing is observed). */
  readonly watching: Watching | undefined;
}

/** @throws TypeError for a malformed `proxy`, a `rateLimiter` or an `onRateLimit` of the wrong shape */
export function buildEngine(
  options: ApiClientOptions,
  internal: InternalOptions,
  credential: Credential,
  metrics: CallMetrics,
): Engine {
  const errors = new ClientErrors(internal.errorFactory, credential);
  // The platform checks the proxy (a malformed one is a TypeError now, on Node) or refuses it (everywhere else).
  const transport = new Transport({ fetch: options.fetch, agent: options.agent, proxy: options.proxy });
  const sleep = internal.sleep ?? timerSleep;
  const gate = new RequestGate({ sleep });
  const limiter = checkRateLimiter(options.rateLimiter);
  const onRateLimit = checkOnRateLimit(options.onRateLimit);
  const rateLimit =
    limiter || onRateLimit ? new OptedInRateLimit({ limiter, onRateLimit, credential, gate, sleep, errors }) : gate;
  const random = internal.random ?? Math.random;
  const loop = new AttemptLoop({ transport, rateLimit, sleep, random, errors, metrics, credential });
  return { errors, transport, gate, rateLimit, loop, watching: watchingOf(options.hooks, options.telemetry) };
}
