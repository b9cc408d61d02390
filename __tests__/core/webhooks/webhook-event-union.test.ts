// The union's narrowing is checked by the compiler (`npm run typecheck` covers __tests__):
// each `expectTypeOf(...).toBe<T>()` must hold exactly and each `@ts-expect-error` line
// must be an error. The guards' runtime answers are checked by jest.
import { describe, expect, it } from '@jest/globals';
import {
  isKnownWebhookEvent,
  isWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type AnyWebhookEvent,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventOf,
} from '../../../src/core/webhooks/event-union.js';
import type {
  WebhookIncident,
  WebhookIncidentNote,
  WebhookIncidentTask,
  WebhookPing,
  WebhookService,
} from '../../../src/core/webhooks/event-data.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** `expectTypeOf(value).toBe<Type>()` compiles only when the value's type is exactly `Type`. */
function expectTypeOf<Actual>(value: Actual): {
  toBe<Expected>(...exact: Equal<Actual, Expected> extends true ? [] : [never]): void;
} {
  void value;
  return { toBe: () => {} };
}

/** What a switch on `event_type` narrows `data` to, per case. */
export function narrowsBySwitch(event: WebhookEvent): string {
  switch (event.event_type) {
    case 'incident.triggered':
      expectTypeOf(event.data).toBe<WebhookIncident>();
      expectTypeOf(event.resource_type).toBe<'incident'>();
      return event.data.title;
    case 'incident.annotated':
      expectTypeOf(event.data).toBe<WebhookIncidentNote>();
      // @ts-expect-error a note has no title
      return event.data.title;
    case 'incident.task.completed':
      expectTypeOf(event.data).toBe<WebhookIncidentTask>();
      return event.data.status;
    case 'service.deleted':
      expectTypeOf(event.data).toBe<WebhookService>();
      expectTypeOf(event.resource_type).toBe<'service'>();
      return event.data.id;
    case 'pagey.ping':
      expectTypeOf(event.data).toBe<WebhookPing>();
      expectTypeOf(event.resource_type).toBe<'pagey'>();
      return event.data.type;
    default:
      return event.event_type;
  }
}

/** The guards narrow the wider type a delivery has. */
export function narrowsByGuards(event: AnyWebhookEvent): void {
  // @ts-expect-error not narrowed yet: an unlisted event's data is unknown
  void event.data.title;
  if (isWebhookEvent(event, 'incident.resolved')) expectTypeOf(event).toBe<WebhookEventOf<'incident.resolved'>>();
  if (isWebhookEvent(event, ['service.created', 'service.updated'])) expectTypeOf(event.data).toBe<WebhookService>();
  if (isKnownWebhookEvent(event)) {
    expectTypeOf(event).toBe<WebhookEvent>();
    if (event.event_type === 'incident.responder.added') expectTypeOf(event.data.state).toBe<string>();
  }
  // @ts-expect-error not an event type
  isWebhookEvent(event, 'incident.exploded');
}

describe('the event union', () => {
  const event = (event_type: string): AnyWebhookEvent =>
    ({
      id: 'E',
      event_type,
      resource_type: 'incident',
      occurred_at: 't',
      agent: null,
      client: null,
      data: {},
    }) as AnyWebhookEvent;

  it('lists every documented event type once, sorted: 30 subscribable ones and pagey.ping', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(31);
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(31);
    expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual(WEBHOOK_EVENT_TYPES);
    expect(WEBHOOK_EVENT_TYPES).toContain('pagey.ping');
    // The compiler holds this record to exactly the type map's keys; the runtime list must match it.
    const typed: Record<keyof WebhookEventDataMap, true> = {
      'incident.acknowledged': true,
      'incident.action_invocation.created': true,
      'incident.action_invocation.terminated': true,
      'incident.action_invocation.updated': true,
      'incident.annotated': true,
      'incident.conference_bridge.updated': true,
      'incident.custom_field_values.updated': true,
      'incident.delegated': true,
      'incident.escalated': true,
      'incident.incident_type.changed': true,
      'incident.priority_updated': true,
      'incident.reassigned': true,
      'incident.reopened': true,
      'incident.resolved': true,
      'incident.responder.added': true,
      'incident.responder.replied': true,
      'incident.role.assigned': true,
      'incident.service_updated': true,
      'incident.status_update_published': true,
      'incident.task.completed': true,
      'incident.task.created': true,
      'incident.task.updated': true,
      'incident.triggered': true,
      'incident.unacknowledged': true,
      'incident.workflow.completed': true,
      'incident.workflow.started': true,
      'pagey.ping': true,
      'service.created': true,
      'service.custom_field_values.updated': true,
      'service.deleted': true,
      'service.updated': true,
    };
    expect(Object.keys(typed).sort()).toEqual(WEBHOOK_EVENT_TYPES);
  });

  it('isWebhookEvent answers for one type or a list of them', () => {
    expect(isWebhookEvent(event('incident.triggered'), 'incident.triggered')).toBe(true);
    expect(isWebhookEvent(event('incident.triggered'), 'incident.resolved')).toBe(false);
    expect(isWebhookEvent(event('incident.reopened'), ['incident.resolved', 'incident.reopened'])).toBe(true);
  });

  it('isKnownWebhookEvent tells documented types from new ones', () => {
    expect(isKnownWebhookEvent(event('incident.workflow.started'))).toBe(true);
    expect(isKnownWebhookEvent(event('incident.new_thing'))).toBe(false);
  });
});
