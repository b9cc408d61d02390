// Type test (compiled by `npm run typecheck` under `strict`, not run): lines as the ported
// programs of issue 32 wrote them, one or more per row of scripts/generate/schema-overrides.ts,
// each with a misspelt twin that must stay an error. A row removed, or a twin that starts
// compiling, fails the typecheck.
import type { Incident, RestApiV2Client } from 'pagerduty-client';
import type { Integration } from 'pagerduty-client/types';
import { expectTypeOf } from '../helpers/type-assertions.js';

declare const client: RestApiV2Client;

export async function portedLines(): Promise<void> {
  // incident-time-zone, incident-description
  const incident = await client.rget('/incidents/PINC123', {
    params: { time_zone: 'Europe/Paris', include: ['acknowledgers'] },
  });
  expectTypeOf(incident).toBe<Incident>();
  expectTypeOf(incident.description).toBe<string | undefined>();
  const title: string = incident.description ?? incident.title ?? '';
  // @ts-expect-error misspelt parameter
  await client.rget('/incidents/PINC123', { params: { timezone: 'Europe/Paris' } });
  // @ts-expect-error misspelt field
  void incident.descriptoin;

  // time_zone on the indexes that always declared it stays accepted
  await client.jget('/incidents', { params: { time_zone: 'UTC', statuses: ['triggered'], since: new Date(0) } });
  await client.listAll('/log_entries', { time_zone: 'UTC', is_overview: true });
  await client.jget('/oncalls', { params: { time_zone: 'UTC', earliest: true } });

  // integration-key
  const integration = await client.rget('/services/PSVC123/integrations/PINT123');
  expectTypeOf(integration).toBe<Integration>();
  const routingKey: string | undefined = integration.integration_key;
  // @ts-expect-error misspelt field
  void integration.integrationKey;

  // service-change-events-required, change-events-required, related-change-events-required
  const changes = await client.jget('/services/PSVC123/change_events', { params: { since: '2026-01-01T00:00:00Z' } });
  const count: number = changes.change_events.length;
  expectTypeOf((await client.jget('/change_events')).change_events.length).toBe<number>();
  expectTypeOf((await client.jget('/incidents/PINC123/related_change_events')).change_events.length).toBe<number>();
  // @ts-expect-error misspelt list
  void changes.changes_events;
  // service-change-events-page (and its two twins): the page fields of the answer
  const more: boolean | undefined = changes.more;
  expectTypeOf((await client.jget('/change_events')).total).toBe<number | null | undefined>();
  // alert-grouping-settings-cursor
  const after: string | null | undefined = (await client.jget('/alert_grouping_settings')).after;

  // incident-workflow-trigger-workflow, template-timestamps, notification-rule-created-at,
  // notification-subscription-name
  const trigger = await client.rget('/incident_workflows/triggers/PTRG123');
  const workflowName: string | undefined = trigger.workflow_name;
  const template = await client.rget('/templates/PTPL123');
  const stamps: (string | undefined)[] = [template.created_at, template.updated_at];
  const rule = await client.rget('/users/PUSR123/notification_rules/PNR123');
  const ruleCreated: string | undefined = rule.created_at;
  const subscriptions = await client.jget('/users/PUSR123/notification_subscriptions');
  const subscribed: (string | null | undefined)[] = subscriptions.subscriptions.map((one) => one.subscribable_name);
  // @ts-expect-error misspelt field
  void template.created;

  // answered-wrapper rows: the wrapper a j-method answers is there
  const name: string = (await client.jget('/users/PUSR123')).user.name;
  expectTypeOf((await client.jget('/services')).services.length).toBe<number>();
  // @ts-expect-error misspelt wrapper
  void (await client.jget('/users/PUSR123')).usr;

  // alert-grouping-aggregate-values, intelligent-alert-grouping-aggregate-values
  const service = {
    type: 'service',
    escalation_policy: { id: 'PEP123', type: 'escalation_policy_reference' },
  } as const;
  await client.rput('/services/PSVC123', {
    json: {
      ...service,
      alert_grouping_parameters: {
        type: 'content_based',
        config: { aggregate: 'all', fields: ['summary'], time_window: 300 },
      },
    },
  });
  await client.rput('/services/PSVC123', {
    json: {
      ...service,
      alert_grouping_parameters: { type: 'content_based', config: { aggregate: 'any', fields: ['source'] } },
    },
  });
  await client.rput('/services/PSVC123', {
    json: {
      ...service,
      // @ts-expect-error the two values are separate: the description's single string is no value
      alert_grouping_parameters: { type: 'content_based', config: { aggregate: 'all, any', fields: ['summary'] } },
    },
  });
  void [title, routingKey, count, more, after, name, workflowName, stamps, ruleCreated, subscribed];
}
