/**
 * `pagerduty-client/emulator` outside Node (the `browser`, `workerd` and other non-`node` export conditions): the
 * same names, each throwing an error that says the emulator runs on Node. The emulator is an HTTP server on
 * `node:http`; a page or a worker tests against one started under Node (`pagerduty emulator --cors`).
 *
 * @module
 */
import { nodeOnlyError } from '../core/platform/node-only.js';
import type { RuntimeGlobals } from '../core/platform/runtime.js';

const INSTEAD = 'start it under Node (`pagerduty emulator --cors`) and point the clients at its URL';

/** Throws: the emulator runs on Node only. */
export async function startEmulator(): Promise<never> {
  throw nodeOnlyError('the emulator', INSTEAD, globalThis as RuntimeGlobals);
}

/** Throws: the emulator runs on Node only. */
export function clientTestOptions(): never {
  throw nodeOnlyError('the emulator', INSTEAD, globalThis as RuntimeGlobals);
}
