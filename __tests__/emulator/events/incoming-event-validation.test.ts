import { describe, expect, it } from '@jest/globals';
import {
  invalidEventBody,
  unrecognizedEventBody,
  validateAlertEvent,
  validateChangeEvent,
} from '../../../src/emulator/events/incoming-event-validation.js';

const payload = { summary: 'Disk full', source: 'db-1', severity: 'critical' };

describe('validateAlertEvent', () => {
  it('accepts a trigger without a dedup key and keeps the payload fields', () => {
    expect(validateAlertEvent({ routing_key: 'k', event_action: 'trigger', payload })).toEqual({
      ok: true,
      value: { routingKey: 'k', action: 'trigger', summary: 'Disk full', source: 'db-1', severity: 'critical' },
    });
  });

  it('requires a dedup key to acknowledge or resolve', () => {
    expect(validateAlertEvent({ routing_key: 'k', event_action: 'resolve' })).toEqual({
      ok: false,
      errors: ["'dedup_key' is missing or blank"],
    });
    expect(validateAlertEvent({ routing_key: 'k', event_action: 'acknowledge', dedup_key: 'd' })).toEqual({
      ok: true,
      value: { routingKey: 'k', action: 'acknowledge', dedupKey: 'd' },
    });
  });

  it('lists every problem of a malformed trigger', () => {
    const outcome = validateAlertEvent({ event_action: 'trigger', payload: { severity: 'catastrophic' } });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors).toEqual([
        "'routing_key' is missing or blank",
        "'payload.summary' is missing or blank",
        "'payload.source' is missing or blank",
        "'payload.severity' must be one of critical, error, warning or info",
      ]);
    }
  });

  it('refuses unknown actions, non-objects, long summaries and long dedup keys', () => {
    expect(validateAlertEvent({ routing_key: 'k', event_action: 'snooze' }).ok).toBe(false);
    expect(validateAlertEvent([1, 2]).ok).toBe(false);
    expect(
      validateAlertEvent({
        routing_key: 'k',
        event_action: 'trigger',
        payload: { ...payload, summary: 'x'.repeat(1025) },
      }).ok,
    ).toBe(false);
    expect(validateAlertEvent({ routing_key: 'k', event_action: 'resolve', dedup_key: 'x'.repeat(256) }).ok).toBe(
      false,
    );
  });
});

describe('validateChangeEvent', () => {
  it('accepts a summary-only change event and copies details and links', () => {
    const details = { build: 42 };
    const outcome = validateChangeEvent({
      routing_key: 'k',
      payload: { summary: 'Deployed', custom_details: details },
      links: [{ href: 'x' }],
    });
    expect(outcome).toEqual({
      ok: true,
      value: { routingKey: 'k', summary: 'Deployed', customDetails: { build: 42 }, links: [{ href: 'x' }] },
    });
    if (outcome.ok) expect(outcome.value.customDetails).not.toBe(details);
  });

  it('refuses a change event without payload', () => {
    expect(validateChangeEvent({ routing_key: 'k' })).toEqual({
      ok: false,
      errors: ["'payload' is missing or not an object"],
    });
  });
});

describe('error bodies', () => {
  it('have the Events API shape', () => {
    expect(invalidEventBody(['x'])).toEqual({
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ['x'],
    });
    expect(unrecognizedEventBody()).toMatchObject({ status: 'Unrecognized object', errors: ['JSON parse error'] });
  });
});
