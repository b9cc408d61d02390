/** The server scenarios that apply to the emulator's `/mcp` (what it implements: the lifecycle, ping, tools). */
export const SERVER_SCENARIOS: ReadonlySet<string> = new Set([
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
]);

/** Client scenarios that do not pass yet. A listed scenario that passes fails the run, so the list stays true. */
export const CLIENT_EXPECTED_FAILURES: ReadonlySet<string> = new Set<string>([]);

/** Server scenarios that do not pass yet. */
export const SERVER_EXPECTED_FAILURES: ReadonlySet<string> = new Set<string>([]);
