import type * as OAuth from 'oauth4webapi';

/** oauth4webapi, the protocol library behind `McpOAuth`. */
export type OAuthLibrary = typeof OAuth;

// Loaded on the first authorization, not with the package: `import('pagerduty-client')` stays quick.
export function loadOAuthLibrary(): Promise<OAuthLibrary> {
  return import('oauth4webapi');
}
