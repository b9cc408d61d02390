// Shared helpers of the legacy tests (not a test file itself).
import { APISession, type APISessionOptions } from '../../src/legacy/api-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, instantSleep } from '../helpers/test-kit.js';

export { BASE };
export const API_KEY = 'u+legacykey0000wxyz';

/** An APISession that never sleeps for real. */
export function makeSession(compat: PdpyrasVersion, options: APISessionOptions = {}): APISession {
  return new APISession(API_KEY, { compat, sleep: instantSleep, ...options });
}

/** The query keys of a request path, in order (`['statuses[]', 'statuses[]', ...]`). */
export function queryKeys(path: string): string[] {
  return [...new URL(path, BASE).searchParams.keys()];
}

/** The request path and body that reached a nock interceptor. */
export interface Seen {
  path: string;
  body: unknown;
}
