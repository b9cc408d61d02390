import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { PDClientError, PDServerError, URLError } from '../../src/legacy/errors.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { instantSleep } from '../helpers/test-kit.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';
const NOW = new Date('2024-05-01T12:00:00Z');

function makeSession(compat?: PdpyrasVersion) {
  return new ChangeEventsAPISession(ROUTING_KEY, { compat, sleep: instantSleep, now: () => NOW });
}

function changeEnqueue(bodies: unknown[], status: number, reply: unknown) {
  nock(EVENTS)
    .post('/v2/change/enqueue')
    .reply((_path, body) => {
      bodies.push(body);
      return [status, reply];
    });
}

describe('ChangeEventsAPISession', () => {
  it('submits a change event and returns the id of the reply', async () => {
    const bodies: unknown[] = [];
    changeEnqueue(bodies, 202, { status: 'success', message: 'Change event processed', id: 'CE123' });
    const id = await makeSession().submit('Deployed v1.4.2', {
      source: 'ci',
      links: [{ href: 'https://ci.example.com/42' }],
    });
    expect(id).toBe('CE123');
    expect(bodies[0]).toEqual({
      routing_key: ROUTING_KEY,
      payload: { summary: 'Deployed v1.4.2', timestamp: '2024-05-01T12:00:00.000Z', source: 'ci' },
      links: [{ href: 'https://ci.example.com/42' }],
    });
  });

  it('returns null when the reply has no id', async () => {
    changeEnqueue([], 202, { status: 'success', message: 'Change event processed' });
    expect(await makeSession().submit('Config reloaded')).toBeNull();
  });

  it('sends a wire-format event through sendChangeEvent and returns its id', async () => {
    const bodies: unknown[] = [];
    changeEnqueue(bodies, 202, { status: 'success', id: 'CE9' });
    const event = { payload: { summary: 'Flag flipped', source: 'flags', timestamp: '2024-05-01T00:00:00Z' } };
    expect(await makeSession().sendChangeEvent(event)).toBe('CE9');
    expect(bodies[0]).toEqual({ ...event, routing_key: ROUTING_KEY });
  });

  it('refuses only custom details that are not an object, as a PDClientError, before any request', async () => {
    const scope = nock(EVENTS).post('/v2/change/enqueue').reply(202, {});
    for (const compat of ['4.5.2', '5.4.1'] as const) {
      const error = await makeSession(compat)
        .submit('x', { customDetails: 'nope' as never })
        .catch((e: unknown) => e);
      expect((error as object).constructor).toBe(PDClientError);
      expect(error).not.toBeInstanceOf(URLError);
    }
    expect(scope.isDone()).toBe(false);
  });

  it('retries server errors from 5.1.2, then throws PDServerError (unretried PDClientError before 4.4)', async () => {
    nock(EVENTS).post('/v2/change/enqueue').times(3).reply(500, 'oops');
    await expect(makeSession('5.4.1').submit('x')).rejects.toThrow(PDServerError);
    nock(EVENTS).post('/v2/change/enqueue').once().reply(500, 'oops');
    const old = await makeSession('4.3.0')
      .submit('x')
      .catch((e: unknown) => e);
    expect((old as object).constructor).toBe(PDClientError);
    expect((old as PDClientError).response?.status).toBe(500);
  });

  it('throws PDServerError for a reply that is not JSON, as pdpyras 5.x worded it', async () => {
    changeEnqueue([], 202, 'accepted');
    const error = await makeSession()
      .submit('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PDServerError);
    expect((error as Error).message).toBe('API responded with invalid JSON: accepted');
  });

  it("throws PDServerError for a JSON reply that is not an object, with the engine's message", async () => {
    changeEnqueue([], 202, '["accepted"]');
    await expect(makeSession().submit('x')).rejects.toThrow(/without a JSON object/);
  });
});
