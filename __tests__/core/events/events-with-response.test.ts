import { seams } from '../../helpers/test-kit.js';
/**
 * Issue 32, point 3: the status and `x-request-id` of accepted events, through
 * `events.withResponse`, against the emulator over real HTTP; the plain methods keep their
 * types and values; raw `post` adds the routing key and checks only that `json` is an
 * object; an empty routing key throws at construction.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import nock from 'nock';
import { UrlError } from '../../../src/core/errors/error-classes.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import type { ChangeEventResponse, EventResponse } from '../../../src/core/events/event-types.js';
import type { EventResult } from '../../../src/core/events/events-with-response.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { instantSleep } from '../../helpers/test-kit.js';

/** `X` and `Y` are the same type. */
type Equal<X, Y> = (<V>() => V extends X ? 1 : 2) extends <V>() => V extends Y ? 1 : 2 ? true : false;
/** `expectTypeOf(value).toBe<Type>()` compiles only when the value's type is exactly `Type` (checked by `tsc`). */
function expectTypeOf<Actual>(value: Actual): {
  toBe<Expected>(...exact: Equal<Actual, Expected> extends true ? [] : [never]): void;
} {
  void value;
  return { toBe: () => {} };
}

describe('withResponse against the emulator', () => {
  let emulator: Emulator;
  let events: EventsApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0 });
    events = new EventsApiV2Client(emulator.keys.routing[0].routingKey, {
      baseUrl: emulator.eventsUrl,
      ...seams({ sleep: instantSleep }),
    });
  });
  afterAll(async () => {
    events.close();
    await emulator.close();
  });

  /** The `x-request-id` the emulator sent with its latest answer. */
  const lastRequestId = (): string => emulator.requests.at(-1)?.requestId ?? 'none recorded';

  it('trigger: the dedup key as data, status 202 and the request id of the answer', async () => {
    const result = await events.withResponse.trigger('Disk 95% full', 'db01', { dedupKey: 'db01/disk' });
    expect(result).toEqual({ data: 'db01/disk', status: 202, requestId: lastRequestId() });
    expect(result.requestId).toMatch(/\S/);
    expect(result.response.status).toBe(202);
  });

  it('acknowledge, resolve and sendEvent: the API answer as data, with status and request id', async () => {
    const ack = await events.withResponse.acknowledge('db01/disk');
    expect(ack).toEqual({
      data: { status: 'success', message: 'Event processed', dedup_key: 'db01/disk' },
      status: 202,
      requestId: lastRequestId(),
    });
    const resolved = await events.withResponse.resolve('db01/disk');
    expect([resolved.status, resolved.data.dedup_key, resolved.requestId]).toEqual([202, 'db01/disk', lastRequestId()]);
    const sent = await events.withResponse.sendEvent('trigger', {
      payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info' },
    });
    expect([sent.status, sent.requestId]).toEqual([202, lastRequestId()]);
    expect(sent.data.status).toBe('success');
  });

  it('submit and sendChangeEvent: the change event answer as data, with status and request id', async () => {
    const submitted = await events.withResponse.submit('Deployed build 220', { source: 'ci' });
    expect([submitted.status, submitted.requestId, submitted.data.status]).toEqual([202, lastRequestId(), 'success']);
    const sent = await events.withResponse.sendChangeEvent({ payload: { summary: 'Config reloaded', source: 'lb01' } });
    expect([sent.status, sent.requestId, sent.data.status]).toEqual([202, lastRequestId(), 'success']);
  });

  it('the plain methods resolve to what they always did', async () => {
    await expect(events.trigger('Disk 95% full', 'db01', { dedupKey: 'db01/disk' })).resolves.toBe('db01/disk');
    await expect(events.acknowledge('db01/disk')).resolves.toEqual({
      status: 'success',
      message: 'Event processed',
      dedup_key: 'db01/disk',
    });
    const change = await events.submit('Deployed build 221');
    expect(change.status).toBe('success');
    for (const key of ['data', 'requestId', 'response']) expect(change).not.toHaveProperty(key);
  });

  it('keeps the raw response out of logs: not enumerable, and the result is frozen', async () => {
    const result = await events.withResponse.resolve('db01/disk');
    expect(Object.keys(result)).toEqual(['data', 'status', 'requestId']);
    expect(inspect(result)).not.toContain('headers');
    expect(Object.isFrozen(result)).toBe(true);
  });

  it('checks the event as the plain methods do: refused before any request', async () => {
    const before = emulator.requests.length;
    await expect(events.withResponse.trigger('', 'db01')).rejects.toThrow(UrlError);
    await expect(events.withResponse.acknowledge('')).rejects.toThrow(UrlError);
    expect(emulator.requests.length).toBe(before);
  });
});

describe('types: the plain methods are unchanged, the view adds EventResult', () => {
  it('compiles only with the exact types (checked by tsc)', () => {
    const events = new EventsApiV2Client('R0UT1NGKEY');
    const typesOnly = (): void => {
      expectTypeOf(events.trigger('s', 'src')).toBe<Promise<string>>();
      expectTypeOf(events.acknowledge('k')).toBe<Promise<EventResponse>>();
      expectTypeOf(events.resolve('k')).toBe<Promise<EventResponse>>();
      expectTypeOf(events.sendEvent('trigger', {})).toBe<Promise<EventResponse>>();
      expectTypeOf(events.submit('s')).toBe<Promise<ChangeEventResponse>>();
      expectTypeOf(events.sendChangeEvent({ payload: { summary: 's', source: 'x' } })).toBe<
        Promise<ChangeEventResponse>
      >();
      expectTypeOf(events.post('/v2/enqueue', { json: {} })).toBe<ReturnType<EventsApiV2Client['request']>>();
      expectTypeOf(events.withResponse.trigger('s', 'src')).toBe<Promise<EventResult<string>>>();
      expectTypeOf(events.withResponse.resolve('k')).toBe<Promise<EventResult<EventResponse>>>();
      expectTypeOf(events.withResponse.submit('s')).toBe<Promise<EventResult<ChangeEventResponse>>>();
      // @ts-expect-error: a trigger's result is a string, not an EventResult
      expectTypeOf(events.trigger('s', 'src')).toBe<Promise<EventResult<string>>>();
      // @ts-expect-error: status is the HTTP status, a number
      expectTypeOf(events.withResponse.resolve('k').then((result) => result.status)).toBe<Promise<string>>();
      // @ts-expect-error: requestId may be absent
      expectTypeOf(events.withResponse.resolve('k').then((result) => result.requestId)).toBe<Promise<string>>();
    };
    expect(typeof typesOnly).toBe('function');
    events.close();
  });
});

describe('raw post', () => {
  const HOST = 'https://events.pagerduty.com';
  const KEY = 'R0UT1NGKEY000000000000000000abcd';

  it("adds the routing key (replacing the body's), checks nothing else, returns the response as it is", async () => {
    let sent: Record<string, unknown> | undefined;
    nock(HOST)
      .post('/v2/enqueue', (body: Record<string, unknown>) => {
        sent = body;
        return true;
      })
      .reply(
        400,
        { status: 'invalid event', message: 'Event object is invalid', errors: ['x'] },
        { 'x-request-id': 'req-400' },
      );
    await using events = new EventsApiV2Client(KEY, { ...seams({ sleep: instantSleep }) });
    const body = { event_action: 'nonsense', routing_key: 'someone else' };
    const response = await events.post('/v2/enqueue', { json: body });
    expect(sent).toEqual({ event_action: 'nonsense', routing_key: KEY });
    expect(body.routing_key).toBe('someone else');
    expect([response.status, response.headers.get('x-request-id')]).toEqual([400, 'req-400']);
  });

  it.each([
    [['an', 'array'], 'an array'],
    [null, 'null'],
    ['{"event_action":"trigger"}', 'a string'],
    [42, 'a number'],
  ])('refuses json %j before any request (%s: the routing key cannot go into it)', async (json, kind) => {
    await using events = new EventsApiV2Client(KEY, { ...seams({ sleep: instantSleep }) });
    const refused = events.post('/v2/enqueue', { json });
    await expect(refused).rejects.toThrow(UrlError);
    await expect(refused).rejects.toThrow(
      `Events API bodies are JSON objects (the routing key goes into them); got ${kind}`,
    );
  });

  it('sends a body serialised by the caller as it is, without the routing key', async () => {
    let sent: unknown;
    nock(HOST)
      .post('/v2/enqueue', (body: unknown) => {
        sent = body;
        return true;
      })
      .reply(202, { status: 'success', message: 'Event processed', dedup_key: 'k' });
    await using events = new EventsApiV2Client(KEY, { ...seams({ sleep: instantSleep }) });
    const response = await events.post('/v2/enqueue', {
      body: JSON.stringify({ routing_key: 'other', event_action: 'resolve', dedup_key: 'k' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(202);
    expect(sent).toEqual({ routing_key: 'other', event_action: 'resolve', dedup_key: 'k' });
  });
});

describe('construction', () => {
  it.each([[''], [undefined], [7]])('new EventsApiV2Client(%j) throws a TypeError synchronously', (key) => {
    expect(() => new EventsApiV2Client(key as string)).toThrow(
      new TypeError('a credential must be a non-empty string'),
    );
  });
});
