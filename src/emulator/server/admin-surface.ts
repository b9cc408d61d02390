/**
 * The admin surface, under the reserved prefix `/_emulator/` (no PagerDuty path starts with
 * an underscore): what a test in another process or language needs to drive the emulator
 * over HTTP. No key is needed (the emulator is a test double; its keys are fake and
 * printed at start), and faults, latency and rate limits do not apply.
 *
 * | request | does |
 * | --- | --- |
 * | `GET /_emulator/state` | the keys, the clock and every modelled collection, as JSON |
 * | `POST /_emulator/fixtures` | adds fixtures (the `fixtures` option's shape): `201` with what was added, `400` |
 * | `POST /_emulator/reset` | back to the state at start (`204`) |
 * | `POST /_emulator/clock` | `{ "advance_seconds": n }` moves the clock forward: `200 { now }` |
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';
import type { Reply } from './replies.js';

/** The reserved prefix. */
export const ADMIN_PREFIX = '/_emulator/';

/** What the admin surface acts on (the running emulator's own operations). */
export interface AdminActions {
  /** Every collection, keys and clock, as plain JSON. */
  state(): unknown;
  /** Adds fixtures; throws a RangeError listing the problems. */
  addFixtures(fixtures: unknown): unknown;
  /** Back to the state at start. */
  reset(): void;
  /** Moves the clock forward; returns the new time. */
  advanceClock(seconds: number): Date;
}

function error(status: number, message: string, errors?: string[]): Reply {
  return { status, body: { error: { message, code: status === 404 ? 2100 : 2001, ...(errors ? { errors } : {}) } } };
}

/** Answers one admin request (`path` starts with {@link ADMIN_PREFIX}; `body` is the decoded JSON, if any). */
export function adminReply(actions: AdminActions, method: string, path: string, body: unknown): Reply {
  const action = path.slice(ADMIN_PREFIX.length);
  const routes: Record<string, { method: string; run: () => Reply }> = {
    state: { method: 'GET', run: () => ({ status: 200, body: actions.state() }) },
    reset: {
      method: 'POST',
      run: () => {
        actions.reset();
        return { status: 204 };
      },
    },
    fixtures: {
      method: 'POST',
      run: () => {
        try {
          return { status: 201, body: actions.addFixtures(body) };
        } catch (problem) {
          if (problem instanceof RangeError || problem instanceof TypeError)
            return error(400, 'Invalid Input Provided', problem.message.split('\n'));
          throw problem;
        }
      },
    },
    clock: {
      method: 'POST',
      run: () => {
        const seconds = isPlainObject(body) ? body.advance_seconds : undefined;
        if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
          return error(400, 'Invalid Input Provided', ['advance_seconds must be a number of seconds, 0 or more']);
        return { status: 200, body: { now: actions.advanceClock(seconds).toISOString() } };
      },
    },
  };
  const route = routes[action];
  if (!route)
    return error(404, 'Not Found', [`No admin action at ${path}; there are ${Object.keys(routes).join(', ')}`]);
  if (route.method !== method)
    return { ...error(405, 'Method Not Allowed', [`Use ${route.method}`]), headers: { Allow: route.method } };
  return route.run();
}
