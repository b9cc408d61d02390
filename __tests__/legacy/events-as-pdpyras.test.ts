// Issue 11, defect 5: events as pdpyras took them. Only what pdpyras refused is refused
// (as PDClientError); everything else is sent and judged by the API; null means absent;
// pdpyras' positional forms and snake_case keys work; no default retries before 5.1.2,
// and ChangeEventsAPISession never retries 504.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { PDClientError, PDHTTPError, URLError } from '../../src/legacy/errors.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { instantSleep, recordingSleep } from '../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';
const NOW = new Date('2024-05-01T12:00:00.000Z');

function alerts(compat: PdpyrasVersion = '5.4.1', sleep = instantSleep) {
  return new EventsAPISession(ROUTING_KEY, { compat, sleep });
}

function changes(compat: PdpyrasVersion = '5.4.1', sleep = instantSleep) {
  return new ChangeEventsAPISession(ROUTING_KEY, { compat, now: () => NOW, sleep });
}

/** Answers each POST to `path` with 202, recording the bodies (without the routing key). */
function accept(
  path: string,
  bodies: unknown[],
  times = 1,
  reply: unknown = { status: 'success', dedup_key: 'k', id: 'CE1' },
) {
  nock(EVENTS)
    .post(path)
    .times(times)
    .reply((_uri, body) => {
      const { routing_key: key, ...rest } = body as Record<string, unknown>;
      expect(key).toBe(ROUTING_KEY);
      bodies.push(rest);
      return [202, reply];
    });
}

describe("EventsAPISession.trigger in pdpyras' forms", () => {
  it('the positional form sends the dedup key, severity, payload, details, images and links', async () => {
    const bodies: unknown[] = [];
    accept('/v2/enqueue', bodies);
    const images = [{ src: 'https://img.example.com/1.png' }];
    const links = [{ href: 'https://runbook.example.com', text: 'Runbook' }];
    await alerts().trigger(
      'Disk full',
      'db01',
      'db01/disk',
      'error',
      { component: 'disk', custom_details: { a: 1 } },
      { free: '1%' },
      images,
      links,
    );
    expect(bodies).toEqual([
      {
        event_action: 'trigger',
        dedup_key: 'db01/disk',
        payload: {
          summary: 'Disk full',
          source: 'db01',
          severity: 'error',
          component: 'disk',
          custom_details: { a: 1, free: '1%' },
        },
        images,
        links,
      },
    ]);
  });

  it('snake_case option keys work as the camelCase ones', async () => {
    const bodies: unknown[] = [];
    accept('/v2/enqueue', bodies, 2);
    await alerts().trigger('x', 'y', { dedup_key: 'k1', custom_details: { b: 2 } });
    await alerts().trigger('x', 'y', { dedupKey: 'k1', customDetails: { b: 2 } });
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ dedup_key: 'k1', payload: { custom_details: { b: 2 } } });
  });

  it('null means absent, and severity null is the default critical', async () => {
    const bodies: unknown[] = [];
    accept('/v2/enqueue', bodies, 2);
    await alerts().trigger('x', 'y', null, null, null, null, null, null);
    await alerts().trigger('x', 'y', { dedupKey: null, severity: null, links: null, images: null });
    expect(bodies).toEqual([
      { event_action: 'trigger', payload: { summary: 'x', source: 'y', severity: 'critical' } },
      { event_action: 'trigger', payload: { summary: 'x', source: 'y', severity: 'critical' } },
    ]);
  });

  it('a form that cannot be read is a TypeError showing the right one, before any request', async () => {
    const scope = nock(EVENTS).post('/v2/enqueue').reply(202, { dedup_key: 'k' });
    await expect(alerts().trigger('x', 'y', { dedupkey: 'k' } as never)).rejects.toThrow(TypeError);
    await expect(alerts().trigger('x', 'y', { dedupKey: 'k' } as never, 'error' as never)).rejects.toThrow(
      /options object must be the last argument/,
    );
    await expect((alerts().trigger as (...args: unknown[]) => Promise<string>)('only a summary')).rejects.toThrow(
      /needs a summary and a source/,
    );
    expect(scope.isDone()).toBe(false);
  });

  it.each(['4.3.0', '5.4.1'] as const)(
    'at %s refuses a payload or details that are not objects as a PDClientError, unsent',
    async (compat) => {
      const scope = nock(EVENTS).post('/v2/enqueue').reply(202, { dedup_key: 'k' });
      for (const call of [
        () => alerts(compat).trigger('x', 'y', null, null, 'not a dict' as never),
        () => alerts(compat).trigger('x', 'y', { customDetails: ['a'] as never }),
        () => alerts(compat).trigger('x', 'y', 42 as never),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect((error as object).constructor).toBe(PDClientError);
        expect(error).not.toBeInstanceOf(URLError);
      }
      expect(scope.isDone()).toBe(false);
    },
  );
});

describe('what is sent for the API to judge', () => {
  it('an image given as { url } and a trigger without a summary are sent; the API’s 400 is the error', async () => {
    const bodies: unknown[] = [];
    accept('/v2/enqueue', bodies);
    await alerts().trigger('x', 'y', { images: [{ url: 'https://img.example.com/1.png' } as never] });
    expect(bodies[0]).toMatchObject({ images: [{ url: 'https://img.example.com/1.png' }] });
    nock(EVENTS)
      .post('/v2/enqueue')
      .reply(400, {
        status: 'invalid event',
        message: 'Event object is invalid',
        errors: ["'payload.summary' is missing"],
      });
    const error = await alerts()
      .sendEvent('trigger', undefined, { payload: { source: 'h', severity: 'info' } as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PDHTTPError);
    expect((error as PDHTTPError).response.status).toBe(400);
  });

  it("a change event with links: null (Airflow's send_change_event(..., links=None)) goes without links", async () => {
    const bodies: unknown[] = [];
    accept('/v2/change/enqueue', bodies);
    const id = await changes().sendChangeEvent({ payload: { summary: 'Deployed', source: 'airflow' }, links: null });
    expect(id).toBe('CE1');
    expect(bodies).toEqual([{ payload: { summary: 'Deployed', source: 'airflow' } }]);
  });
});

describe("ChangeEventsAPISession.submit in pdpyras' forms", () => {
  it('the positional form and snake_case keys send the same event', async () => {
    const bodies: unknown[] = [];
    accept('/v2/change/enqueue', bodies, 2);
    const links = [{ href: 'https://ci.example.com/42' }];
    await changes().submit('Deployed v1.4.2', 'ci', { build: 42 }, links, '2024-05-01T12:00:00Z');
    await changes().submit('Deployed v1.4.2', {
      source: 'ci',
      custom_details: { build: 42 },
      links,
      timestamp: '2024-05-01T12:00:00Z',
    });
    expect(bodies[0]).toEqual({
      payload: {
        summary: 'Deployed v1.4.2',
        source: 'ci',
        custom_details: { build: 42 },
        timestamp: '2024-05-01T12:00:00Z',
      },
      links,
    });
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('null means absent; the timestamp defaults to now', async () => {
    const bodies: unknown[] = [];
    accept('/v2/change/enqueue', bodies);
    await changes().submit('Deployed', null, null, null, null);
    expect(bodies).toEqual([{ payload: { summary: 'Deployed', timestamp: NOW.toISOString() } }]);
  });
});

describe('default retries of the events sessions (gate 5.1.2)', () => {
  it('5.1.1: a 500 is not retried', async () => {
    const { pauses, sleep } = recordingSleep();
    nock(EVENTS).post('/v2/enqueue').reply(500, { status: 'error' });
    await expect(alerts('5.1.1', sleep).acknowledge('k')).rejects.toThrow(/status 500/);
    expect(pauses).toEqual([]);
  });

  it('5.1.2: a 500 is retried', async () => {
    const { pauses, sleep } = recordingSleep();
    nock(EVENTS).post('/v2/enqueue').reply(500, { status: 'error' });
    nock(EVENTS).post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'k' });
    await expect(alerts('5.1.2', sleep).acknowledge('k')).resolves.toBe('k');
    expect(pauses).toEqual([3]);
  });

  it('ChangeEventsAPISession: a 504 is never retried, a 503 is from 5.1.2', async () => {
    const { pauses, sleep } = recordingSleep();
    nock(EVENTS).post('/v2/change/enqueue').reply(504, { status: 'error' });
    await expect(changes('5.4.1', sleep).submit('x')).rejects.toThrow(/status 504/);
    expect(pauses).toEqual([]);
    nock(EVENTS).post('/v2/change/enqueue').reply(503, { status: 'error' });
    await expect(changes('5.1.1', sleep).submit('x')).rejects.toThrow(/status 503/);
    expect(pauses).toEqual([]);
    nock(EVENTS).post('/v2/change/enqueue').reply(503, { status: 'error' });
    nock(EVENTS).post('/v2/change/enqueue').reply(202, { status: 'success', id: 'CE2' });
    await expect(changes('5.1.2', sleep).submit('x')).resolves.toBe('CE2');
    expect(pauses).toEqual([3]);
  });
});
