import { describe, expect, it } from '@jest/globals';
import { changeEventBody, isoTimestamp, triggerEventProperties } from '../../../src/core/events/event-bodies.js';

describe('triggerEventProperties', () => {
  it('defaults the severity to critical and leaves out what was not given', () => {
    expect(triggerEventProperties('Disk full', 'db01')).toEqual({
      payload: { summary: 'Disk full', source: 'db01', severity: 'critical' },
    });
  });

  it('maps camelCase options to their wire names', () => {
    expect(
      triggerEventProperties('s', 'src', {
        dedupKey: 'k',
        severity: 'info',
        component: 'c',
        group: 'g',
        class: 'cl',
        timestamp: '2024-05-01T00:00:00Z',
        client: 'Mon',
        clientUrl: 'https://mon',
        customDetails: { x: 1 },
        images: [{ src: 'https://i' }],
        links: [{ href: 'https://l' }],
      }),
    ).toEqual({
      dedup_key: 'k',
      payload: {
        summary: 's',
        source: 'src',
        severity: 'info',
        timestamp: '2024-05-01T00:00:00Z',
        component: 'c',
        group: 'g',
        class: 'cl',
        custom_details: { x: 1 },
      },
      client: 'Mon',
      client_url: 'https://mon',
      images: [{ src: 'https://i' }],
      links: [{ href: 'https://l' }],
    });
  });

  it('lets payload fields win over the arguments, and customDetails win inside custom_details', () => {
    const result = triggerEventProperties('s', 'src', {
      severity: 'error',
      payload: { summary: 'from payload', severity: 'warning', custom_details: { a: 1, b: 1 } },
      customDetails: { b: 2, c: 3 },
    });
    expect(result.payload).toEqual({
      summary: 'from payload',
      source: 'src',
      severity: 'warning',
      custom_details: { a: 1, b: 2, c: 3 },
    });
  });

  it('never changes the caller objects', () => {
    const payload = Object.freeze({ custom_details: Object.freeze({ a: 1 }) });
    const customDetails = Object.freeze({ b: 2 });
    const options = Object.freeze({ payload, customDetails });
    const result = triggerEventProperties('s', 'src', options);
    expect(result.payload?.custom_details).toEqual({ a: 1, b: 2 });
    expect(result.payload?.custom_details).not.toBe(payload.custom_details);
    expect(payload.custom_details).toEqual({ a: 1 });
  });
});

describe('changeEventBody', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it('dates the event with now when no timestamp is given', () => {
    expect(changeEventBody('Deployed', {}, now)).toEqual({
      payload: { summary: 'Deployed', timestamp: '2024-05-01T12:00:00.000Z' },
    });
  });

  it('keeps a given timestamp and maps the options', () => {
    expect(
      changeEventBody(
        'Deployed',
        {
          timestamp: new Date('2020-01-02T03:04:05Z'),
          source: 'ci',
          customDetails: { v: '1.2' },
          links: [{ href: 'https://ci' }],
          images: [{ src: 'https://ci/b.png' }],
        },
        now,
      ),
    ).toEqual({
      payload: {
        summary: 'Deployed',
        timestamp: '2020-01-02T03:04:05.000Z',
        source: 'ci',
        custom_details: { v: '1.2' },
      },
      links: [{ href: 'https://ci' }],
      images: [{ src: 'https://ci/b.png' }],
    });
  });
});

describe('isoTimestamp', () => {
  it('writes a Date as ISO 8601 UTC and passes strings and undefined through', () => {
    expect(isoTimestamp(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)))).toBe('2024-01-02T03:04:05.006Z');
    expect(isoTimestamp('2024-01-02T03:04:05+01:00')).toBe('2024-01-02T03:04:05+01:00');
    expect(isoTimestamp(undefined)).toBeUndefined();
  });

  it('keeps an invalid Date visible as text instead of throwing', () => {
    expect(isoTimestamp(new Date('nope'))).toBe('Invalid Date');
  });
});
