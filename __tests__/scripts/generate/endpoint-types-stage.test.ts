/** The endpoint types stage: its files, and the names it gives the clients' types. */
import { describe, expect, it } from '@jest/globals';
import { endpointMapFiles, typesName } from '../../../scripts/generate/endpoint-types-stage.js';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { CANONICAL_PATHS } from '../../../src/tables.js';

describe('the endpoint types stage', () => {
  it('names a client types after its descriptor', () => {
    expect(typesName('SLACK_INTEGRATION_CONNECTIONS_API')).toBe('SlackIntegrationConnectionsApi');
  });

  it('writes, for each description, its schema names, and an endpoint map per client', () => {
    const files = endpointMapFiles(descriptionContext(PROJECT_ROOT));
    const names = files.map((file) => file.path.replace('src/generated/types/', ''));
    expect(names).toEqual(
      expect.arrayContaining([
        'rest-api-v2-schemas.ts',
        'rest-api-v2-endpoints.ts',
        'events-api-v2-schemas.ts',
        'scim-api-schemas.ts',
      ]),
    );
    expect(names.filter((name) => name.endsWith('-endpoints.ts')).sort()).toEqual([
      'jira-cloud-integration-api-endpoints.ts',
      'jira-server-integration-api-endpoints.ts',
      'ms-teams-integration-api-endpoints.ts',
      'rest-api-v2-endpoints.ts',
      'scim-api-endpoints.ts',
      'slack-integration-api-endpoints.ts',
      'slack-integration-connections-api-endpoints.ts',
    ]);
  });

  it("takes the runtime tables' paths and wrappers: concrete variants, integration paths under the base URL", () => {
    const files = endpointMapFiles(descriptionContext(PROJECT_ROOT));
    const text = (name: string): string => files.find((file) => file.path.endsWith(name))?.content ?? '';
    const rest = text('rest-api-v2-endpoints.ts');
    expect(rest).toContain("  '/tags/{id}/users': {\n    GET: {");
    expect(rest).not.toContain("'/tags/{id}/{entity_type}': {");
    expect(rest).toMatch(/ {2}'\/users\/\{id\}': \{\n {4}GET: \{\n(?: {6}.*\n)*? {6}responseWrapper: 'user';/);
    const jira = text('jira-cloud-integration-api-endpoints.ts');
    expect(jira).toContain("  '/accounts_mappings': {\n    GET: {\n");
    expect(jira).toContain("paths['/integration-jira-cloud/accounts_mappings']['get']");
    expect(jira).toContain("  basePath: 'integration-jira-cloud';");
    expect(text('slack-integration-connections-api-endpoints.ts')).not.toContain(
      "'/incidents/{incident_id}/dedicated_channel'",
    );
  });

  it('routes exactly the canonical paths the runtime matches, those without operations too', () => {
    const files = endpointMapFiles(descriptionContext(PROJECT_ROOT));
    const rest = files.find((file) => file.path.endsWith('rest-api-v2-endpoints.ts'))?.content ?? '';
    const tiers = rest.slice(
      rest.indexOf('export type RestApiV2PathTiers'),
      rest.indexOf('];', rest.indexOf('export type RestApiV2PathTiers')),
    );
    const routed = [...tiers.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect([...routed].sort()).toEqual([...CANONICAL_PATHS].sort());
    expect(routed).toContain('/incidents/count');
  });
});
