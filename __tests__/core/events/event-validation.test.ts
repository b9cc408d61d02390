import { describe, expect, it } from '@jest/globals';
import {
  alertEventProblems,
  alertPayloadProblems,
  changeEventProblems,
  customDetailsProblems,
  imagesProblems,
  linksProblems,
  severityProblems,
  timestampProblems,
} from '../../../src/core/events/event-validation.js';

const payload = { summary: 'Disk full', source: 'db01', severity: 'critical' };

describe('severityProblems', () => {
  it.each(['critical', 'error', 'warning', 'info'])('accepts %s', (severity) => {
    expect(severityProblems(severity)).toEqual([]);
  });

  it.each([
    ['fatal', '"fatal"'],
    ['CRITICAL', '"CRITICAL"'],
    [undefined, 'nothing'],
    [3, 'number 3'],
  ])('refuses %p and shows it', (severity, shown) => {
    expect(severityProblems(severity)).toEqual([
      `severity must be one of critical, error, warning, info, got ${shown}`,
    ]);
  });
});

describe('timestampProblems', () => {
  it.each(['2024-05-01T12:00:00.000Z', '2015-07-17T08:42:58.315+0000', '2024-05-01T12:00:00+02:00', undefined])(
    'accepts %p',
    (value) => {
      expect(timestampProblems(value)).toEqual([]);
    },
  );

  it.each(['yesterday', '2024-05-01', 1714564800000, 'Invalid Date'])('refuses %p', (value) => {
    expect(timestampProblems(value, 'payload.')).toHaveLength(1);
    expect(timestampProblems(value, 'payload.')[0]).toMatch(/^payload\.timestamp must be an ISO 8601 date-time/);
  });
});

describe('customDetailsProblems', () => {
  it('accepts an object or nothing, refuses lists and scalars', () => {
    expect(customDetailsProblems({ a: 1 })).toEqual([]);
    expect(customDetailsProblems(undefined)).toEqual([]);
    expect(customDetailsProblems([1])).toEqual(['custom_details must be an object, got a list']);
    expect(customDetailsProblems('x')).toEqual(['custom_details must be an object, got "x"']);
  });
});

describe('imagesProblems', () => {
  it('accepts images with src and optional href and alt', () => {
    expect(
      imagesProblems([{ src: 'https://a/x.png' }, { src: 'https://a/y.png', href: 'https://a', alt: 'y' }]),
    ).toEqual([]);
    expect(imagesProblems(undefined)).toEqual([]);
    expect(imagesProblems([])).toEqual([]);
  });

  it('names each bad image by its index', () => {
    expect(imagesProblems([{ src: 'ok' }, { href: 'https://a' }, 'x', { src: 'ok', alt: 1 }])).toEqual([
      'images[1].src must be a non-empty string, got nothing',
      'images[2] must be an object with a src, got "x"',
      'images[3].alt must be a string, got number 1',
    ]);
  });

  it('refuses a single image object instead of a list', () => {
    expect(imagesProblems({ src: 'https://a/x.png' })).toEqual([
      'images must be a list of { src, href?, alt? } objects, got an object',
    ]);
  });
});

describe('linksProblems', () => {
  it('accepts links with href and optional text', () => {
    expect(linksProblems([{ href: 'https://a' }, { href: 'https://b', text: 'B' }])).toEqual([]);
  });

  it('refuses a string, a link without href and a non-string text', () => {
    expect(linksProblems('https://a')).toEqual(['links must be a list of { href, text? } objects, got "https://a"']);
    expect(linksProblems([{ text: 'x' }, { href: 'https://a', text: null }])).toEqual([
      'links[0].href must be a non-empty string, got nothing',
      'links[1].text must be a string, got null',
    ]);
  });
});

describe('alertPayloadProblems', () => {
  it('accepts a payload with the three required fields', () => {
    expect(alertPayloadProblems(payload)).toEqual([]);
  });

  it('requires summary, source and severity', () => {
    expect(alertPayloadProblems({})).toEqual([
      'payload.summary must be a non-empty string, got nothing',
      'payload.source must be a non-empty string, got nothing',
      'payload.severity must be one of critical, error, warning, info, got nothing',
    ]);
  });

  it('checks the optional fields', () => {
    expect(alertPayloadProblems({ ...payload, component: 1, group: [], class: {}, custom_details: 'x' })).toEqual([
      'payload.component must be a string, got number 1',
      'payload.group must be a string, got a list',
      'payload.class must be a string, got an object',
      'payload.custom_details must be an object, got "x"',
    ]);
  });

  it('refuses a payload that is not an object', () => {
    expect(alertPayloadProblems(null)).toHaveLength(1);
  });
});

describe('alertEventProblems', () => {
  it('accepts a trigger with a payload and no dedup key', () => {
    expect(alertEventProblems({ event_action: 'trigger', payload })).toEqual([]);
  });

  it('accepts acknowledge and resolve with a dedup key and no payload', () => {
    expect(alertEventProblems({ event_action: 'acknowledge', dedup_key: 'k' })).toEqual([]);
    expect(alertEventProblems({ event_action: 'resolve', dedup_key: 'k' })).toEqual([]);
  });

  it('refuses an unknown action', () => {
    expect(alertEventProblems({ event_action: 'escalate', dedup_key: 'k' })).toEqual([
      'event_action must be one of trigger, acknowledge, resolve, got "escalate"',
    ]);
  });

  it.each(['acknowledge', 'resolve'])('requires a dedup key for %s', (action) => {
    expect(alertEventProblems({ event_action: action })).toEqual([`dedup_key is required for ${action}, got nothing`]);
    expect(alertEventProblems({ event_action: action, dedup_key: ' ' })).toEqual([
      `dedup_key is required for ${action}, got " "`,
    ]);
  });

  it('requires a payload for trigger', () => {
    expect(alertEventProblems({ event_action: 'trigger' })).toEqual([
      'payload must be an object with summary, source and severity, got nothing',
    ]);
  });

  it('checks client, client_url, images and links', () => {
    expect(
      alertEventProblems({ event_action: 'trigger', payload, client: 1, client_url: false, images: 'x', links: {} }),
    ).toEqual([
      'client must be a string, got number 1',
      'client_url must be a string, got boolean false',
      'images must be a list of { src, href?, alt? } objects, got "x"',
      'links must be a list of { href, text? } objects, got an object',
    ]);
  });

  it('refuses something that is not an object', () => {
    expect(alertEventProblems('trigger')).toEqual(['an event must be an object, got "trigger"']);
  });
});

describe('changeEventProblems', () => {
  it('accepts a payload with only a summary', () => {
    expect(changeEventProblems({ payload: { summary: 'Deployed' } })).toEqual([]);
  });

  it('requires a payload with a non-empty summary', () => {
    expect(changeEventProblems({})).toEqual(['payload must be an object with a summary, got nothing']);
    expect(changeEventProblems({ payload: { summary: '' } })).toEqual([
      'payload.summary must be a non-empty string, got ""',
    ]);
  });

  it('checks source, timestamp, details, links and images', () => {
    expect(
      changeEventProblems({
        payload: { summary: 's', source: 2, timestamp: 'now', custom_details: 1 },
        links: [{}],
        images: [{}],
      }),
    ).toEqual([
      'payload.source must be a string, got number 2',
      'payload.timestamp must be an ISO 8601 date-time, got "now"',
      'payload.custom_details must be an object, got number 1',
      'images[0].src must be a non-empty string, got nothing',
      'links[0].href must be a non-empty string, got nothing',
    ]);
  });

  it('shortens a long bad value in the message', () => {
    const [problem] = changeEventProblems({ payload: { summary: 's', timestamp: 'x'.repeat(100) } });
    expect(problem).toContain(`"${'x'.repeat(40)}..."`);
    expect(problem?.length).toBeLessThan(120);
  });
});
