/**
 * Every operation of the REST description sent once to the emulator (see `operation-survey.ts`)
 * and each answer checked against the description. It takes several seconds, so it runs in
 * `npm run test:emulator-conformance` (CI runs it), not in `npm test`.
 *
 * The exceptions below are reviewed one by one, each with its evidence: an answer the
 * description refuses although the real API gives it (the description contradicts the API),
 * or a gap of the emulator that is known and not yet closed. The test fails when an answer
 * outside the list is refused, and when a listed one passes (so the list only shrinks).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { REST_OPERATIONS } from '../../../src/generated/emulator/rest-operations.js';
import { surveyOperations, type SurveyResult } from './operation-survey.js';

/** Operations the emulator answers with something other than a described success, and why. */
const NOT_ANSWERED: Record<string, string> = {
  getOauthDelegationsRevocationRequestsStatus:
    'the description declares no success answer (only errors): the emulator answers 501 naming it',
  createCustomFieldsField:
    'emulator gap: the survey body misses `field.namespace`, which the description requires through a ref ' +
    "into another schema's properties; the 400 is the emulator refusing it (so the reads below find nothing)",
  getCustomFieldsField: 'follows createCustomFieldsField: nothing was created',
  updateCustomFieldsField: 'follows createCustomFieldsField: nothing was created',
  deleteCustomFieldsField: 'follows createCustomFieldsField: nothing was created',
  getWorkflowIntegrationConnection:
    'survey gap: the create answers the connection unwrapped, and the survey cannot tell its id (404 is right)',
  updateWorkflowIntegrationConnection: 'follows getWorkflowIntegrationConnection',
  deleteWorkflowIntegrationConnection: 'follows getWorkflowIntegrationConnection',
  deleteScheduleOverride:
    'survey gap: the modelled override create answers a list the survey reads no id from (404 is right)',
};

/** Answers the description refuses, and why. */
const INVALID: Record<string, string> = {
  createChangeEvent: 'the description declares 202 with no body; the emulator answers `{}` (emulator gap)',
  updateLogEntryChannel: 'the description declares 202 with no body; the emulator answers `{}` (emulator gap)',
  deleteIncidentWorkflow: 'the description declares 200 with no body; the emulator answers `{}` (emulator gap)',
  createIncident: 'description error: `resolved_at` is a non-nullable string, the API sends null until resolved',
  updateIncident:
    'description error: `priority` (like `resolve_reason`, `conference_bridge`) is not nullable, the API sends null',
  listIncidents: 'description error: `resolved_at` is a non-nullable string, the API sends null until resolved',
  getIncident: 'description error: `resolved_at` is a non-nullable string, the API sends null until resolved',
  updateIncidents: 'description error: `resolved_at` is a non-nullable string, the API sends null until resolved',
  createWebhookSubscription: 'modelled gap: `description` is null when none was given; the description wants a string',
  enableWebhookSubscription: 'modelled gap: `description` is null when none was given; the description wants a string',
  listWebhookSubscriptions: 'modelled gap: `description` is null when none was given; the description wants a string',
  getWebhookSubscription: 'modelled gap: `description` is null when none was given; the description wants a string',
  listScheduleOverrides: 'the description declares no 200 for this GET (only 201); the API answers 200',
  listLogEntries: 'modelled gap: log entry `channel` matches none or several of the oneOf channel shapes',
  getLogEntry: 'modelled gap: log entry `channel` matches none or several of the oneOf channel shapes',
  listIncidentLogEntries: 'modelled gap: log entry `channel` matches none or several of the oneOf channel shapes',
  listOnCalls: 'modelled gap: `schedule` is null for escalation-policy on-calls; the description wants an object',
  createIncidentSnooze: 'generic gap: a nested incident `body` lacks its required `type`',
  getOutlierIncident: 'generic gap: a nested incident `body` lacks its required `type`',
  updateSreMemory: 'generic gap: the memory is answered without its required `type`',
  createAutomationAction: 'generic gap: oneOf branches of an action overlap (`action_classification`)',
  getAllAutomationActions: 'generic gap: oneOf branches of an action overlap (`action_classification`)',
  getAutomationAction: 'generic gap: oneOf branches of an action overlap (`action_classification`)',
  updateAutomationAction: 'generic gap: oneOf branches of an action overlap (`action_classification`)',
  createAutomationActionInvocation: 'generic gap: `metadata.agent` matches several oneOf branches',
  getAutomationActionsInvocation: 'generic gap: `metadata.agent` matches several oneOf branches',
  createIncidentTypeCustomField: 'generic gap: `default_value` matches several oneOf branches',
  listIncidentTypeCustomFields: 'generic gap: `default_value` matches several oneOf branches',
  getIncidentTypeCustomField: 'generic gap: `default_value` matches several oneOf branches',
  updateIncidentTypeCustomField: 'generic gap: `default_value` matches several oneOf branches',
  createEnrichmentSchema: 'generic gap: the id is a P-id where the description wants a uuid',
  listEnrichmentSchemas: 'generic gap: the id is a P-id where the description wants a uuid',
  getEnrichmentSchema: 'generic gap: the id is a P-id where the description wants a uuid',
  updateEnrichmentSchema: 'generic gap: the id is a P-id where the description wants a uuid',
  deleteEnrichmentSchema: 'generic gap: the id is a P-id where the description wants a uuid',
  getOrchPathGlobal: 'generic gap: `orchestration_path.type` is made null',
  getOrchPathRouter: 'generic gap: `orchestration_path.type` is made null',
  getOrchPathUnrouted: 'generic gap: `orchestration_path.type` is made null',
  getOrchPathService: 'generic gap: `orchestration_path.type` is made null',
  updateOrchPathGlobal: 'generic gap: `orchestration_path.type` is made null',
  updateOrchPathRouter: 'generic gap: `orchestration_path.type` is made null',
  updateOrchPathUnrouted: 'generic gap: `orchestration_path.type` is made null',
  updateOrchPathService: 'generic gap: `orchestration_path.type` is made null',
  updateExternalDataCacheVarDataOnGlobalOrch: 'generic gap: the answer lacks the wrapper `cache_variable_data`',
  updateExternalDataCacheVarDataOnServiceOrch: 'generic gap: the answer lacks the wrapper `cache_variable_data`',
  getAnalyticsMetricsIncidentsAll: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsEscalationPolicy: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsService: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsTeam: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsEscalationPolicyAll: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsServiceAll: 'generic gap: `aggregate_unit` echoes a value outside the enum',
  getAnalyticsMetricsIncidentsTeamAll: 'generic gap: `aggregate_unit` echoes a value outside the enum',
};

function answered(result: SurveyResult): boolean {
  return result.status < 400;
}

function valid(result: SurveyResult): boolean {
  return answered(result) && result.problems !== undefined && result.problems.length === 0;
}

describe('the emulator against the REST description', () => {
  let emulator: Emulator;
  let results: SurveyResult[];
  beforeAll(async () => {
    emulator = await startEmulator({});
    results = await surveyOperations(emulator);
  }, 60_000);
  afterAll(async () => {
    await emulator.close();
  });

  it('sends every operation of the description', () => {
    expect(results).toHaveLength(REST_OPERATIONS.length);
    expect(new Set(results.map((result) => result.operation.id)).size).toBe(REST_OPERATIONS.length);
  });

  it('answers every operation with a success, except the reviewed ones, and never 404 for lack of a route', () => {
    const unanswered = results.filter((result) => !answered(result)).map((result) => result.operation.id);
    expect(unanswered.sort()).toEqual(Object.keys(NOT_ANSWERED).sort());
    for (const result of results.filter((candidate) => candidate.status === 404))
      expect(JSON.stringify(result.body)).not.toMatch(/Path .* not found/);
  });

  it('gives answers valid against their response schema, except the reviewed ones', () => {
    const invalid = results
      .filter((result) => answered(result) && !valid(result))
      .map((result) => `${result.operation.id}: ${JSON.stringify(result.problems)}`);
    // On a failure, the lines left are the answers refused that no exception covers, with their problems.
    expect(invalid.filter((line) => !(line.split(':')[0] in INVALID))).toEqual([]);
    expect(invalid.map((line) => line.split(':')[0]).sort()).toEqual(Object.keys(INVALID).sort());
    const figures = {
      operations: results.length,
      answered: results.filter(answered).length,
      valid: results.filter(valid).length,
    };
    console.info(
      `emulator conformance: ${figures.operations} operations, ${figures.answered} answered with a success, ` +
        `${figures.valid} valid against the description (${((100 * figures.valid) / figures.operations).toFixed(1)} %)`,
    );
    expect(figures.answered).toBe(figures.operations - Object.keys(NOT_ANSWERED).length);
  });
});
