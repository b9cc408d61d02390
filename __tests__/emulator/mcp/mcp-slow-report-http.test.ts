/**
 * `slow_report` over plain HTTP: progress events in order on the stream, and cancellation that
 * stops the tool. No real time passes: the emulator's delay waits for the test.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { gatedDelay, notification, openSession, post, postRaw, request, sseEvents, type SseEvent } from './mcp-wire.js';

const emulators: Emulator[] = [];
beforeAll(realSockets);
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

async function emulatorWith(
  delay: (milliseconds: number) => Promise<void>,
): Promise<{ emulator: Emulator; key: string; session: string }> {
  const emulator = await startEmulator({ delay, mcpDemoTools: true });
  emulators.push(emulator);
  const key = emulator.keys.users[0].key;
  return { emulator, key, session: await openSession(emulator, key) };
}

const slow = (id: number, steps: number, progressToken?: string) =>
  request(id, 'tools/call', {
    name: 'slow_report',
    arguments: { steps, intervalMs: 250 },
    ...(progressToken ? { _meta: { progressToken } } : {}),
  });

async function collectEvents(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of sseEvents(response)) events.push(event);
  return events;
}

describe('slow_report', () => {
  it('sends one progress notification per step, in order, then the result, with a distinct event id each', async () => {
    const { emulator, key, session } = await emulatorWith(async () => {});
    const events = await collectEvents(await postRaw(emulator, slow(1, 4, 'tok-1'), { key, session }));

    expect(events.map((event) => event.event)).toEqual(['message', 'message', 'message', 'message', 'message']);
    expect(new Set(events.map((event) => event.id)).size).toBe(5);
    expect(events.slice(0, 4).map((event) => event.data)).toEqual(
      [1, 2, 3, 4].map((progress) => ({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok-1', progress, total: 4, message: `step ${progress} of 4` },
      })),
    );
    const counts = { triggered: 0, acknowledged: 0, resolved: 0 };
    for (const incident of emulator.state.incidents.all()) counts[incident.status] += 1;
    expect(events[4].data).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { structuredContent: { report: { incidents: counts, steps: 4 } } },
    });
  });

  it('waits intervalMs per step on the emulator’s delay, and sends progress only when asked for', async () => {
    const gate = gatedDelay();
    const { emulator, key, session } = await emulatorWith(gate.delay);
    const pending = postRaw(emulator, slow(2, 3), { key, session }).then(collectEvents);
    for (let step = 1; step <= 3; step += 1) {
      await gate.waiting(step);
      gate.release();
    }
    const events = await pending;
    expect(gate.requested).toEqual([250, 250, 250]);
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ id: 2, result: expect.any(Object) })]);
  });

  it('streams each progress event as its step ends, before the next one starts', async () => {
    const gate = gatedDelay();
    const { emulator, key, session } = await emulatorWith(gate.delay);
    const events = sseEvents(await postRaw(emulator, slow(3, 2, 'tok-3'), { key, session }));

    await gate.waiting(1);
    gate.release();
    const first = await events.next();
    expect(first.value?.data).toMatchObject({ method: 'notifications/progress', params: { progress: 1 } });
    expect(gate.requested).toHaveLength(2); // the second step is waiting: the event came while the tool ran
    gate.release();
    expect((await events.next()).value?.data).toMatchObject({ params: { progress: 2 } });
    expect((await events.next()).value?.data).toMatchObject({ id: 3, result: expect.any(Object) });
    expect((await events.next()).done).toBe(true);
  });

  it('stops at notifications/cancelled for its request id: no more steps, no response, the stream ends', async () => {
    const gate = gatedDelay();
    const { emulator, key, session } = await emulatorWith(gate.delay);
    const events = sseEvents(await postRaw(emulator, slow(4, 5, 'tok-4'), { key, session }));
    await gate.waiting(1);
    gate.release();
    expect((await events.next()).value?.data).toMatchObject({ params: { progress: 1 } });
    await gate.waiting(2);

    const other = await post(
      emulator,
      notification('notifications/cancelled', { requestId: 99, reason: 'not this one' }),
      { key, session },
    );
    expect(other.status).toBe(202);
    const cancelled = await post(
      emulator,
      notification('notifications/cancelled', { requestId: 4, reason: 'user pressed stop' }),
      { key, session },
    );
    expect(cancelled.status).toBe(202);

    expect((await events.next()).done).toBe(true);
    await gate.cancelled(1);
    gate.release(); // the abandoned step's wait ends: nothing follows it
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(gate.requested).toHaveLength(2);
    expect(emulator.requests.filter((record) => record.tool === 'slow_report')).toHaveLength(1);
  });

  it('stops when the client hangs up, and when its session ends', async () => {
    const gate = gatedDelay();
    const { emulator, key, session } = await emulatorWith(gate.delay);
    const abort = new AbortController();
    await postRaw(emulator, slow(5, 5), { key, session, signal: abort.signal });
    await gate.waiting(1);
    abort.abort();
    await gate.cancelled(1); // the server saw the hang-up and aborted the step's wait
    gate.release();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(gate.requested).toHaveLength(1);

    const ended = sseEvents(await postRaw(emulator, slow(6, 5), { key, session }));
    await gate.waiting(2);
    const deleted = await fetch(`${emulator.url}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Token token=${key}`, 'Mcp-Session-Id': session },
    });
    expect(deleted.status).toBe(200);
    expect((await ended.next()).done).toBe(true);
    await gate.cancelled(2);
    gate.release();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(gate.requested).toHaveLength(2);
  });

  it('answers a JSON-only client with the result alone, and a cancelled one with 204', async () => {
    const gate = gatedDelay();
    const { emulator, key, session } = await emulatorWith(gate.delay);
    const done = post(emulator, slow(7, 1, 'tok-7'), { key, session, accept: 'application/json' });
    await gate.waiting(1);
    gate.release();
    expect((await done).body).toMatchObject({ id: 7, result: { structuredContent: { report: { steps: 1 } } } });

    const cancelledReply = post(emulator, slow(8, 3), { key, session, accept: 'application/json' });
    await gate.waiting(2);
    await post(emulator, notification('notifications/cancelled', { requestId: 8 }), { key, session });
    expect(await cancelledReply).toMatchObject({ status: 204, text: '' });
  });
});
