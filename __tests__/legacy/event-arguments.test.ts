import { describe, expect, it } from '@jest/globals';
import {
  pdpyrasAlertProblems,
  pdpyrasChangeEventProblems,
  submitOptionProblems,
  submitOptions,
  triggerOptionProblems,
  triggerOptions,
  withoutNullFields,
} from '../../src/legacy/event-arguments.js';
import { deepFreeze } from '../helpers/test-kit.js';

describe('triggerOptions', () => {
  it('reads an options object, camelCase or snake_case', () => {
    expect(triggerOptions([{ dedupKey: 'k', severity: 'error' }])).toEqual({ dedupKey: 'k', severity: 'error' });
    expect(triggerOptions([{ dedup_key: 'k', custom_details: { a: 1 }, client_url: 'https://m' }])).toEqual({
      dedupKey: 'k',
      customDetails: { a: 1 },
      clientUrl: 'https://m',
    });
  });

  it("reads pdpyras' positional form: dedup_key, severity, payload, custom_details, images, links", () => {
    const images = [{ src: 'https://i/1.png' }];
    const links = [{ href: 'https://l' }];
    expect(triggerOptions(['k', 'warning', { component: 'disk' }, { free: '1%' }, images, links])).toEqual({
      dedupKey: 'k',
      severity: 'warning',
      payload: { component: 'disk' },
      customDetails: { free: '1%' },
      images,
      links,
    });
  });

  it('takes null (and undefined) as absent, and leaves out empty images and links as pdpyras did', () => {
    expect(triggerOptions([null, null, null, { a: 1 }, [], null])).toEqual({ customDetails: { a: 1 } });
    expect(triggerOptions([{ dedupKey: null, links: null, images: [] }])).toEqual({});
    expect(triggerOptions([])).toEqual({});
    expect(triggerOptions([undefined])).toEqual({});
  });

  it('throws a TypeError showing both forms for an unknown option, too many arguments or a middle object', () => {
    expect(() => triggerOptions([{ dedupkey: 'k' }])).toThrow(
      /unknown option "dedupkey".*dedupKey.*dedup_key.*trigger\(summary, source, dedupKey, severity/,
    );
    expect(() => triggerOptions(['k', 'error', null, null, null, null, 'extra'])).toThrow(/too many arguments \(9\)/);
    expect(() => triggerOptions([{ dedupKey: 'k' }, 'error'])).toThrow(/options object must be the last argument/);
  });

  it('refuses the same option given twice with different values', () => {
    expect(() => triggerOptions([{ dedupKey: 'a', dedup_key: 'b' }])).toThrow(/dedupKey is given twice/);
    expect(triggerOptions([{ dedupKey: 'a', dedup_key: 'a' }])).toEqual({ dedupKey: 'a' });
  });

  it('never changes the caller’s objects', () => {
    const options = deepFreeze({ dedup_key: 'k', links: [] as unknown[] });
    expect(triggerOptions([options])).toEqual({ dedupKey: 'k' });
  });
});

describe('submitOptions', () => {
  it("reads an options object or pdpyras' positional source, custom_details, links, timestamp", () => {
    expect(submitOptions([{ source: 'ci', custom_details: { b: 2 } }])).toEqual({
      source: 'ci',
      customDetails: { b: 2 },
    });
    expect(submitOptions(['ci', null, [{ href: 'https://l' }], '2024-05-01T12:00:00Z'])).toEqual({
      source: 'ci',
      links: [{ href: 'https://l' }],
      timestamp: '2024-05-01T12:00:00Z',
    });
    expect(() => submitOptions(['ci', null, null, null, 'extra'])).toThrow(
      /too many arguments \(6\).*submit\(summary, source, customDetails, links, timestamp\)/,
    );
    expect(() => submitOptions([{ severity: 'x' }])).toThrow(/unknown option "severity"/);
  });
});

describe('what pdpyras refused before sending', () => {
  it('trigger: a payload or custom details not objects, and (deliberately) a dedup key not a string', () => {
    expect(triggerOptionProblems({ payload: 'x' as never, customDetails: [] as never })).toEqual([
      'payload must be an object',
      'customDetails must be an object',
    ]);
    expect(triggerOptionProblems({ dedupKey: 42 as never })).toEqual(['dedupKey must be a string']);
    expect(triggerOptionProblems({ payload: {}, customDetails: {}, images: [{ url: 'x' } as never] })).toEqual([]);
  });

  it('submit: custom details that are not an object', () => {
    expect(submitOptionProblems({ customDetails: 'x' as never })).toEqual(['customDetails must be an object']);
    expect(submitOptionProblems({ source: 42 as never })).toEqual([]);
  });

  it('an alert event: an unknown action, or no string dedup key for acknowledge and resolve; nothing else', () => {
    expect(pdpyrasAlertProblems({ event_action: 'bogus' })).toEqual([
      'event_action must be one of trigger, acknowledge, resolve, got "bogus"',
    ]);
    expect(pdpyrasAlertProblems({ event_action: 'resolve' })).toEqual([
      'dedup_key is required for resolve events, and it must be a string',
    ]);
    expect(pdpyrasAlertProblems({ event_action: 'acknowledge', dedup_key: 7 })).toHaveLength(1);
    expect(pdpyrasAlertProblems({ event_action: 'trigger', payload: { source: 'h' }, images: [{ url: 'x' }] })).toEqual(
      [],
    );
    expect(pdpyrasAlertProblems('x')).toEqual(['an event must be an object']);
  });

  it('a change event: only a body that is not an object', () => {
    expect(pdpyrasChangeEventProblems({ payload: {} })).toEqual([]);
    expect(pdpyrasChangeEventProblems(null)).toEqual(['a change event must be an object']);
  });
});

describe('withoutNullFields', () => {
  it('drops top-level null and undefined fields into a new object', () => {
    const event = deepFreeze({ payload: { summary: 's', source: null }, links: null, images: undefined });
    expect(withoutNullFields(event)).toEqual({ payload: { summary: 's', source: null } });
  });
});
