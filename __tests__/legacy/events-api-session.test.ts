import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { instantSleep } from '../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';

function makeSession(compat?: PdpyrasVersion) {
  return new EventsAPISession(ROUTING_KEY, { compat, sleep: instantSleep });
}

/** Answers POST /v2/enqueue once, recording the body. */
function enqueue(
  bodies: unknown[],
  status = 202,
  reply: unknown = { status: 'success', message: 'Event processed', dedup_key: 'assigned-key' },
) {
  nock(EVENTS)
    .post('/v2/enqueue')
    .reply((_path, body) => {
      bodies.push(body);
      return [status, reply];
    });
}

describe('EventsAPISession', () => {
  it('accepts any media type, as the predecessor sent no Accept of its own', async () => {
    nock(EVENTS, { reqheaders: { accept: '*/*' } })
      .post('/v2/enqueue')
      .reply(202, { status: 'success', dedup_key: 'k' });
    await expect(makeSession('4.3.0').trigger('s', 'src')).resolves.toBe('k');
    nock(EVENTS, { reqheaders: { accept: '*/*' } })
      .post('/v2/enqueue')
      .reply(202, { status: 'success', dedup_key: 'k' });
    await expect(makeSession('5.4.1').trigger('s', 'src')).resolves.toBe('k');
  });

  it('triggers an alert with the routing key in the body and returns the dedup key the API assigned', async () => {
    const bodies: unknown[] = [];
    enqueue(bodies);
    const key = await makeSession().trigger('Disk full on db01', 'db01', {
      severity: 'error',
      customDetails: { free: '1%' },
    });
    expect(key).toBe('assigned-key');
    expect(bodies[0]).toEqual({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      payload: { summary: 'Disk full on db01', source: 'db01', severity: 'error', custom_details: { free: '1%' } },
    });
  });

  it('sends the given dedup key with a trigger', async () => {
    const bodies: unknown[] = [];
    enqueue(bodies, 202, { status: 'success', dedup_key: 'db01/disk' });
    expect(await makeSession().trigger('Disk full', 'db01', { dedupKey: 'db01/disk' })).toBe('db01/disk');
    expect(bodies[0]).toMatchObject({ dedup_key: 'db01/disk', event_action: 'trigger' });
  });

  it('acknowledges and resolves, returning the dedup key as the predecessor did', async () => {
    const bodies: unknown[] = [];
    enqueue(bodies, 202, { status: 'success', dedup_key: 'db01/disk' });
    enqueue(bodies, 202, { status: 'success', dedup_key: 'db01/disk' });
    const session = makeSession();
    expect(await session.acknowledge('db01/disk')).toBe('db01/disk');
    expect(await session.resolve('db01/disk')).toBe('db01/disk');
    expect(bodies).toEqual([
      { routing_key: ROUTING_KEY, event_action: 'acknowledge', dedup_key: 'db01/disk' },
      { routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: 'db01/disk' },
    ]);
  });

  it('sends an event in wire format through sendEvent(action, dedupKey, properties)', async () => {
    const bodies: unknown[] = [];
    enqueue(bodies, 202, { status: 'success', dedup_key: 'k1' });
    const properties = { payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info' as const } };
    expect(await makeSession().sendEvent('trigger', 'k1', properties)).toBe('k1');
    expect(bodies[0]).toEqual({ ...properties, routing_key: ROUTING_KEY, dedup_key: 'k1', event_action: 'trigger' });
    expect(properties).toEqual({ payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info' } });
  });

  it('refuses what pdpyras refused before any request, as a PDClientError at every compat', async () => {
    const scope = nock(EVENTS).post('/v2/enqueue').reply(202, {});
    for (const compat of ['4.3.0', '5.4.1'] as const) {
      const error = await makeSession(compat)
        .acknowledge(undefined as never)
        .catch((e: unknown) => e);
      expect((error as object).constructor).toBe(PDClientError);
      expect((error as Error).message).toMatch(/invalid alert event: .*dedup_key/);
      const action = await makeSession(compat)
        .sendEvent('bogus' as never, 'k')
        .catch((e: unknown) => e);
      expect((action as object).constructor).toBe(PDClientError);
      expect((action as Error).message).toMatch(/event_action must be one of trigger, acknowledge, resolve/);
    }
    expect(scope.isDone()).toBe(false);
  });

  it("throws PDHTTPError quoting the API's reply for a rejected event, PDClientError before 4.4.0", async () => {
    const rejection = { status: 'invalid event', message: 'Event object is invalid', errors: ["'payload' is missing"] };
    enqueue([], 400, rejection);
    enqueue([], 400, rejection);
    const error = await makeSession('4.4.0')
      .trigger('Disk full', 'db01')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PDHTTPError);
    expect((error as Error).message).toBe(
      `POST ${EVENTS}/v2/enqueue: API responded with non-success status (400): ${JSON.stringify(rejection)}`,
    );
    expect((error as Error).message).not.toContain(ROUTING_KEY);
    const old = await makeSession('4.3.0')
      .trigger('x', 'y')
      .catch((e: unknown) => e);
    expect((old as object).constructor).toBe(PDClientError);
  });

  it('throws PDServerError when the reply has no dedup_key', async () => {
    enqueue([], 202, { status: 'success' });
    await expect(makeSession().trigger('x', 'y')).rejects.toThrow(PDServerError);
  });

  it('retries server errors as the core Events client does (compat 5.1.2 and later)', async () => {
    nock(EVENTS).post('/v2/enqueue').times(2).reply(503, 'busy');
    enqueue([], 202, { status: 'success', dedup_key: 'after-retries' });
    expect(await makeSession().trigger('x', 'y')).toBe('after-retries');
  });

  it('permits POST only', async () => {
    const session = makeSession();
    expect(session.permittedMethods).toEqual(['POST']);
    // A PDClientError at every compat, as pdpyras raised it (not a URLError).
    const error = await session.get('/v2/enqueue').catch((e: unknown) => e);
    expect((error as object).constructor).toBe(PDClientError);
    expect(error).not.toBeInstanceOf(URLError);
  });
});
