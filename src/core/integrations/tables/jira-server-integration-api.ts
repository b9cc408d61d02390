/**
 * The Jira Server integration API (`/integration-jira-service` on the app host).
 *
 * @module
 */
import type { IntegrationApiDescriptor } from '../integration-api-descriptor.js';

/**
 * Jira Server integration API: rules, wrapped by convention (`rules`, `rule`). It accepts
 * only a user OAuth token (bearer), and every request also carries the
 * `x-pagerduty-jira-signature` header, which the client adds from its own secret.
 *
 * `/rules/{id}` is listed because the API's description documents GET, PUT and DELETE
 * on it (the predecessor's table had `/rules` alone, which made them unreachable).
 */
export const JIRA_SERVER_INTEGRATION_API: IntegrationApiDescriptor = Object.freeze({
  baseUrl: 'https://app.pagerduty.com/integration-jira-service',
  permittedMethods: Object.freeze(['GET', 'POST', 'PUT', 'DELETE'] as const),
  defaultHeaders: Object.freeze({ Accept: 'application/json' }),
  authRule: 'bearer',
  tables: Object.freeze({
    canonicalPaths: Object.freeze(['/rules', '/rules/{id}']),
    cursorPaths: Object.freeze([]),
    wrapperConfig: Object.freeze({}),
  }),
});

/** The header that carries the Jira Server signature token. */
export const JIRA_SIGNATURE_HEADER = 'x-pagerduty-jira-signature';
