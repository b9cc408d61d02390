/**
 * The facts derived from the committed extracts: the contract other stages build on, the
 * decisions of issue 12's table, the override rows, and the convention copy.
 */
import { describe, expect, it } from '@jest/globals';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { deriveIntegrationOperations } from '../../../scripts/generate/integration-facts.js';
import { deriveRestOperations, type RestOperation } from '../../../scripts/generate/rest-facts.js';
import { REST_OVERRIDES } from '../../../scripts/generate/rest-overrides.js';
import { inferEntityWrapper as inferInGenerator } from '../../../scripts/generate/wrapper-convention.js';
import { inferEntityWrapper } from '../../../src/core/rest/endpoints/entity-wrappers.js';
import { CANONICAL_PATHS } from '../../../src/tables.js';

const context = descriptionContext(PROJECT_ROOT);
const rest = deriveRestOperations(context.readDescription('rest'));
const find = (method: string, path: string): RestOperation => {
  const found = rest.find((operation) => operation.method === method && operation.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};

describe('deriveRestOperations', () => {
  it('gives one entry per operation of the description, in the contract shape', () => {
    expect(rest).toHaveLength(465);
    for (const operation of rest) {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(operation.method);
      expect(operation.path.startsWith('/')).toBe(true);
      expect(['classic', 'cursor', 'none', 'specialised']).toContain(operation.pagination);
      if (operation.listKey !== null) expect(operation.method).toBe('GET');
    }
  });

  it.each<[string, string, Partial<RestOperation>]>([
    ['POST', '/event_orchestrations', { requestWrapper: 'orchestration', responseWrapper: 'orchestration' }],
    ['GET', '/event_orchestrations', { listKey: 'orchestrations', pagination: 'classic' }],
    ['POST', '/schedules/preview', { requestWrapper: 'schedule', responseWrapper: 'schedule' }],
    [
      'POST',
      '/service_dependencies/disassociate',
      { requestWrapper: 'relationships', responseWrapper: 'relationships' },
    ],
    ['GET', '/service_dependencies/business_services/{id}', { responseWrapper: 'relationships' }],
    ['GET', '/service_dependencies/technical_services/{id}', { responseWrapper: 'relationships' }],
    ['PUT', '/standards/{id}', { requestWrapper: null, responseWrapper: null }],
    ['POST', '/services/{id}/rules/convert', { responseWrapper: null }],
    ['POST', '/analytics/raw/responders/{responder_id}/incidents', { requestWrapper: null, responseWrapper: null }],
    ['GET', '/event_orchestrations/{id}/cache_variables/{cache_variable_id}/data', { responseWrapper: null }],
    [
      'PUT',
      '/event_orchestrations/{id}/cache_variables/{cache_variable_id}/data',
      { requestWrapper: null, responseWrapper: null },
    ],
    ['GET', '/standards/scores/{resource_type}/{id}', { responseWrapper: null }],
    [
      'POST',
      '/automation_actions/actions/{id}/invocations',
      { requestWrapper: 'invocation', responseWrapper: 'invocation' },
    ],
    [
      'PUT',
      '/business_services/priority_thresholds',
      { requestWrapper: 'global_threshold', responseWrapper: 'global_threshold' },
    ],
    ['GET', '/business_services/priority_thresholds', { responseWrapper: 'global_threshold' }],
    [
      'POST',
      '/recommendations/event_orchestrations/services/{service_id}/rules/{recommendation_id}/dismiss',
      { requestWrapper: 'decision' },
    ],
    ['PUT', '/rulesets/{id}/rules/{rule_id}', { requestWrapper: null, responseWrapper: 'rule' }],
    ['PUT', '/services/{id}/rules/{rule_id}', { requestWrapper: null, responseWrapper: 'rule' }],
    ['POST', '/incidents/custom_fields', { requestWrapper: 'field', responseWrapper: 'field' }],
    ['GET', '/standards/scores/{resource_type}', { listKey: 'resources', pagination: 'none' }],
    ['GET', '/status_pages/{id}/statuses/{status_id}', { responseWrapper: 'status' }],
    [
      'GET',
      '/users/{id}/status_update_notification_rules/{status_update_notification_rule_id}',
      { responseWrapper: 'notification_rule' },
    ],
    [
      'GET',
      '/recommendations/event_orchestrations/rules',
      { pagination: 'cursor', listKey: 'recommended_rules', maxPageSize: 50 },
    ],
    ['GET', '/status_dashboards', { pagination: 'cursor', cursorParam: false, listKey: 'status_dashboards' }],
    [
      'GET',
      '/incidents/{id}/business_services/impacts',
      { pagination: 'cursor', cursorParam: false, listKey: 'services' },
    ],
    ['GET', '/change_events', { pagination: 'classic', moreField: false, listKey: 'change_events' }],
    ['GET', '/services/{id}/change_events', { pagination: 'classic', moreField: false, listKey: 'change_events' }],
  ])('reads %s %s as the description says', (method, path, expected) => {
    expect(find(method, path)).toMatchObject(expected);
  });

  it('applies every reviewed override row, each with its reason', () => {
    for (const row of REST_OVERRIDES) {
      const [method, ...rest] = row.operation.split(' ');
      const operation = find(method, rest.join(' '));
      expect(operation.overrides).toContain(row.id);
      expect(operation).toMatchObject(row.set);
      expect(row.reason.length).toBeGreaterThan(20);
    }
    expect(find('GET', '/alert_grouping_settings')).toMatchObject({
      pagination: 'specialised',
      specialisedIterator: 'iterAlertGroupingSettings',
    });
    expect(find('GET', '/schedules').historical).toBe(false);
  });
});

describe('deriveIntegrationOperations', () => {
  const slack = deriveIntegrationOperations(context.readDescription('integration-slack-service'));
  const jira = deriveIntegrationOperations(context.readDescription('integration-jira-cloud'));

  it("puts each operation under its client's base URL, a server of its own included", () => {
    expect(new Set(slack.map((operation) => operation.baseUrl))).toEqual(
      new Set(['https://api.pagerduty.com/integration-slack', 'https://app.pagerduty.com/integration-slack']),
    );
    expect(jira.every((operation) => operation.baseUrl === 'https://api.pagerduty.com/integration-jira-cloud')).toBe(
      true,
    );
    expect(jira[0]).toMatchObject({
      path: '/accounts_mappings',
      describedPath: '/integration-jira-cloud/accounts_mappings',
    });
  });

  it('reads the credentials each accepts and the Slack notification channel wrapper', () => {
    expect(slack[0].auth).toEqual(['bearer', 'token']);
    const post = slack.find(
      (operation) => operation.method === 'POST' && operation.path === '/incidents/{incident_id}/notification_channels',
    );
    expect(post).toMatchObject({ requestWrapper: 'channel', responseWrapper: 'channel' });
  });
});

describe("the generator's copy of the convention", () => {
  it('infers what the client infers, on every canonical path and method', () => {
    for (const path of CANONICAL_PATHS) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(inferInGenerator(method, path)).toBe(inferEntityWrapper(method, path));
      }
    }
  });
});
