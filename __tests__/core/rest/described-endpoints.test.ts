/**
 * The endpoints the hand-kept tables got wrong (issue 12), over nock: each sends the body
 * its description asks for and reads the wrapper its description answers.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { BASE, makeClient } from '../../helpers/test-kit.js';

type Method = 'rget' | 'rpost' | 'rput';

interface Row {
  readonly call: Method;
  readonly url: string;
  /** What the caller passes as `json`. */
  readonly json?: unknown;
  /** The body the API must receive. */
  readonly sent?: unknown;
  /** What the API answers. */
  readonly answer: unknown;
  /** What the method returns. */
  readonly result: unknown;
}

const orchestration = { id: 'E1', name: 'Ops' };
const relationships = [
  { supporting_service: { id: 'S1', type: 'service' }, dependent_service: { id: 'B1', type: 'business_service' } },
];

const rows: readonly [string, Row][] = [
  [
    'POST /event_orchestrations: orchestration in and out',
    {
      call: 'rpost',
      url: '/event_orchestrations',
      json: { name: 'Ops' },
      sent: { orchestration: { name: 'Ops' } },
      answer: { orchestration },
      result: orchestration,
    },
  ],
  [
    'POST /schedules/preview: schedule in and out',
    {
      call: 'rpost',
      url: '/schedules/preview',
      json: { name: 'S' },
      sent: { schedule: { name: 'S' } },
      answer: { schedule: { name: 'S', final_schedule: {} } },
      result: { name: 'S', final_schedule: {} },
    },
  ],
  [
    'POST /service_dependencies/disassociate: relationships in and out',
    {
      call: 'rpost',
      url: '/service_dependencies/disassociate',
      json: relationships,
      sent: { relationships },
      answer: { relationships },
      result: relationships,
    },
  ],
  [
    'GET /service_dependencies/business_services/{id}: relationships',
    {
      call: 'rget',
      url: '/service_dependencies/business_services/PB1',
      answer: { relationships },
      result: relationships,
    },
  ],
  [
    'GET /service_dependencies/technical_services/{id}: relationships',
    {
      call: 'rget',
      url: '/service_dependencies/technical_services/PS1',
      answer: { relationships },
      result: relationships,
    },
  ],
  [
    'PUT /standards/{id}: bare both ways',
    {
      call: 'rput',
      url: '/standards/PSTD1',
      json: { active: true },
      sent: { active: true },
      answer: { id: 'PSTD1', active: true },
      result: { id: 'PSTD1', active: true },
    },
  ],
  [
    'POST /services/{id}/rules/convert: bare answer',
    {
      call: 'rpost',
      url: '/services/PS1/rules/convert',
      answer: { convert_status: 'started' },
      result: { convert_status: 'started' },
    },
  ],
  [
    'POST /analytics/raw/responders/{responder_id}/incidents: bare both ways',
    {
      call: 'rpost',
      url: '/analytics/raw/responders/PU1/incidents',
      json: { filters: {}, limit: 10 },
      sent: { filters: {}, limit: 10 },
      answer: { responder_id: 'PU1', data: [] },
      result: { responder_id: 'PU1', data: [] },
    },
  ],
  [
    'GET /event_orchestrations/{id}/cache_variables/{cache_variable_id}/data: bare',
    {
      call: 'rget',
      url: '/event_orchestrations/E1/cache_variables/CV1/data',
      answer: { cache_variable_data: 'x', updated_at: '2024-01-01T00:00:00Z' },
      result: { cache_variable_data: 'x', updated_at: '2024-01-01T00:00:00Z' },
    },
  ],
  [
    'PUT /event_orchestrations/{id}/cache_variables/{cache_variable_id}/data: bare',
    {
      call: 'rput',
      url: '/event_orchestrations/E1/cache_variables/CV1/data',
      json: { cache_variable_data: 'y' },
      sent: { cache_variable_data: 'y' },
      answer: { cache_variable_data: 'y' },
      result: { cache_variable_data: 'y' },
    },
  ],
  [
    'GET /standards/scores/{resource_type}/{id}: bare, not a wrapper named after a placeholder',
    {
      call: 'rget',
      url: '/standards/scores/technical_services/PS1',
      answer: { resource_id: 'PS1', score: { passing: 1, total: 2 } },
      result: { resource_id: 'PS1', score: { passing: 1, total: 2 } },
    },
  ],
  [
    'POST /automation_actions/actions/{id}/invocations: invocation required',
    {
      call: 'rpost',
      url: '/automation_actions/actions/PA1/invocations',
      json: { metadata: { agent: 'x' } },
      sent: { invocation: { metadata: { agent: 'x' } } },
      answer: { invocation: { id: 'I1' } },
      result: { id: 'I1' },
    },
  ],
  [
    'PUT /business_services/priority_thresholds: global_threshold',
    {
      call: 'rput',
      url: '/business_services/priority_thresholds',
      json: { id: 'P1', order: 1 },
      sent: { global_threshold: { id: 'P1', order: 1 } },
      answer: { global_threshold: { id: 'P1', order: 1 } },
      result: { id: 'P1', order: 1 },
    },
  ],
  [
    'GET /business_services/priority_thresholds: global_threshold',
    {
      call: 'rget',
      url: '/business_services/priority_thresholds',
      answer: { global_threshold: { id: 'P1' } },
      result: { id: 'P1' },
    },
  ],
  [
    'POST /recommendations/.../dismiss: decision required',
    {
      call: 'rpost',
      url: '/recommendations/event_orchestrations/services/PS1/rules/R1/dismiss',
      json: { reason: 'noisy' },
      sent: { decision: { reason: 'noisy' } },
      answer: { status: 'ok' },
      result: { status: 'ok' },
    },
  ],
  [
    'PUT /rulesets/{id}/rules/{rule_id}: rule_id beside rule, sent as given',
    {
      call: 'rput',
      url: '/rulesets/RS1/rules/R1',
      json: { rule_id: 'R1', rule: { disabled: true } },
      sent: { rule_id: 'R1', rule: { disabled: true } },
      answer: { rule: { id: 'R1', disabled: true } },
      result: { id: 'R1', disabled: true },
    },
  ],
  [
    'PUT /services/{id}/rules/{rule_id}: rule_id beside rule, sent as given',
    {
      call: 'rput',
      url: '/services/PS1/rules/R1',
      json: { rule_id: 'R1', rule: { disabled: true } },
      sent: { rule_id: 'R1', rule: { disabled: true } },
      answer: { rule: { id: 'R1', disabled: true } },
      result: { id: 'R1', disabled: true },
    },
  ],
  [
    'POST /incidents/custom_fields: field back',
    {
      call: 'rpost',
      url: '/incidents/custom_fields',
      json: { name: 'env' },
      sent: { field: { name: 'env' } },
      answer: { field: { id: 'F1', name: 'env' } },
      result: { id: 'F1', name: 'env' },
    },
  ],
  [
    'GET /status_pages/{id}/statuses/{status_id}: status, not statuse',
    {
      call: 'rget',
      url: '/status_pages/SP1/statuses/ST1',
      answer: { status: { id: 'ST1' } },
      result: { id: 'ST1' },
    },
  ],
  [
    'GET /users/{id}/status_update_notification_rules/{id}: notification_rule',
    {
      call: 'rget',
      url: '/users/PU1/status_update_notification_rules/R1',
      answer: { notification_rule: { id: 'R1' } },
      result: { id: 'R1' },
    },
  ],
];

describe('endpoints whose wrappers the description corrects', () => {
  it.each(rows)('%s', async (_name, row) => {
    const method = row.call.slice(1).toUpperCase();
    let received: unknown;
    nock(BASE)
      .intercept(row.url, method)
      .reply(method === 'POST' ? 201 : 200, (_uri, body) => {
        received = body === '' ? undefined : body;
        return row.answer as nock.Body;
      });
    const client = makeClient();
    const init = row.json === undefined ? {} : { json: row.json };
    // The rows mix methods and paths: each call is made untyped (a type argument).
    const call = {
      rget: () => client.rget<unknown>(row.url, init),
      rpost: () => client.rpost<unknown>(row.url, init),
      rput: () => client.rput<unknown>(row.url, init),
    }[row.call];
    await expect(call()).resolves.toEqual(row.result);
    expect(received).toEqual(row.sent);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('listAll reads GET /standards/scores/{resource_type} (path ends in a placeholder) under resources', async () => {
    nock(BASE)
      .get('/standards/scores/technical_services')
      .reply(200, { resources: [{ resource_id: 'PS1' }, { resource_id: 'PS2' }] });
    const client = makeClient();
    await expect(client.listAll('/standards/scores/technical_services')).resolves.toEqual([
      { resource_id: 'PS1' },
      { resource_id: 'PS2' },
    ]);
    client.close();
  });
});

describe('rget with a body', () => {
  it.each<['rget' | 'jget', { json?: unknown; form?: Record<string, string> }, string]>([
    ['rget', { json: { name: 'x' } }, '`json`'],
    ['jget', { json: { name: 'x' } }, '`json`'],
    ['rget', { form: { name: 'x' } }, '`form`'],
  ])('%s(url, %j) is a TypeError before any request, saying to use params', async (method, init, named) => {
    const client = makeClient();
    const call = client[method].bind(client) as (url: string, init: object) => Promise<unknown>;
    const error = await call('/users/PU1', init).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(`${method}: a GET request has no body, but ${named} was given`);
    expect((error as Error).message).toContain('`params`');
    // nock would have failed the test on any request: none was made.
    client.close();
  });
});
