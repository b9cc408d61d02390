/**
 * The Microsoft Teams integration API (`/integration-ms-teams` on the REST API host).
 *
 * @module
 */
import type { IntegrationApiDescriptor } from '../integration-api-descriptor.js';

/**
 * Microsoft Teams integration API: creating an incident's meeting. It accepts only an API
 * key (token) and only POST.
 *
 * The meeting request body is `{ mst_team_id, meeting }`, so it is sent as given (not
 * wrapped), while the response is wrapped in `meeting`; the predecessor's table relied on
 * the convention, which would have wrapped the whole request in `meeting`.
 */
export const MS_TEAMS_INTEGRATION_API: IntegrationApiDescriptor = Object.freeze({
  baseUrl: 'https://api.pagerduty.com/integration-ms-teams',
  permittedMethods: Object.freeze(['POST'] as const),
  defaultHeaders: Object.freeze({ Accept: 'application/json' }),
  authRule: 'token',
  tables: Object.freeze({
    canonicalPaths: Object.freeze(['/incidents/{incident_id}/meeting']),
    cursorPaths: Object.freeze([]),
    wrapperConfig: Object.freeze({
      'POST /incidents/{incident_id}/meeting': Object.freeze([null, 'meeting'] as const),
    }),
  }),
});
