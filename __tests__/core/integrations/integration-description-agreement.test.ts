/**
 * Every operation of the integration API descriptions, through the natural method of the
 * client that serves it (chosen by base URL), against an in-memory fake that answers from
 * the description's schemas: see `__tests__/core/rest/description-agreement.test.ts`.
 *
 * `npm run jest -- __tests__/core/integrations/description-agreement.test.ts` counts the
 * operations that agree (one test each).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { deriveIntegrationOperations } from '../../../scripts/generate/integration-facts.js';
import { IntegrationApiClient } from '../../../src/core/integrations/integration-api-client.js';
import {
  JiraCloudIntegrationApiClient,
  JiraServerIntegrationApiClient,
  MsTeamsIntegrationApiClient,
  SlackIntegrationApiClient,
  SlackIntegrationConnectionsApiClient,
} from '../../../src/index.js';
import { disagreements, FakeApi } from '../../helpers/description-agreement.js';
import { instantSleep, seams } from '../../helpers/test-kit.js';

const DESCRIPTIONS = [
  'integration-jira-cloud',
  'integration-jira-service',
  'integration-ms-teams-service',
  'integration-slack-service',
];
const context = descriptionContext(PROJECT_ROOT);
const fake = new FakeApi();
const engine = { fetch: fake.fetch, ...seams({ sleep: instantSleep }) };
const clients: IntegrationApiClient[] = [
  new JiraCloudIntegrationApiClient('u+jiracloudkey11', engine),
  new JiraServerIntegrationApiClient('access-token-1234', 'signature-token-5678', engine),
  new MsTeamsIntegrationApiClient('u+msteamskey3333', engine),
  new SlackIntegrationApiClient('u+slackkey444444', engine),
  new SlackIntegrationConnectionsApiClient('u+slackkey444444', engine),
];
afterAll(() => clients.forEach((client) => client.close()));

const cases = DESCRIPTIONS.flatMap((name) => {
  const extract = context.readDescription(name);
  return deriveIntegrationOperations(extract).map((operation) => ({ name, extract, operation }));
});

describe(`the integration API descriptions (${cases.length} operations)`, () => {
  it.each(
    cases.map((entry) => [`${entry.name}: ${entry.operation.method} ${entry.operation.describedPath}`, entry] as const),
  )('%s agrees', async (_name, { extract, operation }) => {
    const client = clients.find((candidate) => candidate.url === operation.baseUrl);
    if (!client) throw new Error(`no client serves ${operation.baseUrl}`);
    expect(client.permittedMethods).toContain(operation.method);
    expect(await disagreements(client, fake, extract, operation)).toEqual([]);
  });
});
