/** The server scenarios that apply to the emulator's `/mcp` (what it implements: the lifecycle, ping, tools). */
export const SERVER_SCENARIOS: ReadonlySet<string> = new Set([
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
]);

/** Client scenarios that do not pass yet. A listed scenario that passes fails the run, so the list stays true. */
export const CLIENT_EXPECTED_FAILURES: ReadonlySet<string> = new Set<string>([
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/client-credentials-jwt',
  'auth/client-credentials-basic',
  'auth/cross-app-access-complete-flow',
]);

/** Server scenarios that do not pass yet. */
export const SERVER_EXPECTED_FAILURES: ReadonlySet<string> = new Set<string>(['dns-rebinding-protection']);
