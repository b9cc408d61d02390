// Concurrent pagination's lanes: the readers of one client share its requests in flight, and tell the client's
// gate while a reader of width above 1 runs (a spent budget then holds every request of the client).
import { describe, expect, it } from '@jest/globals';
import { PaginationLanes } from '../../../../src/core/rest/pagination/lanes.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const ticks = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A stand-in gate that counts the concurrent readers it is told of. */
function countingGate() {
  const gate = {
    readers: 0,
    concurrentReader: () => {
      gate.readers += 1;
      let ended = false;
      return () => {
        if (!ended) gate.readers -= 1;
        ended = true;
      };
    },
  };
  return gate;
}

describe('PaginationLanes', () => {
  it('runs at most `width` lane tasks at once, shared by the lanes of the client', async () => {
    const lanes = new PaginationLanes(countingGate());
    const a = lanes.open(2);
    const b = lanes.open(2);
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 6 }, () => deferred());
    const runs = gates.map((d, i) =>
      (i % 2 === 0 ? a : b).run(async () => {
        running += 1;
        most = Math.max(most, running);
        await d.promise;
        running -= 1;
        return i;
      }),
    );
    await ticks();
    expect(lanes.running).toBe(2);
    for (const d of gates) d.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(lanes.running).toBe(0);
    a.close();
    b.close();
  });

  it('passes on the failure of a task, thrown or rejected, and runs the next one', async () => {
    const lanes = new PaginationLanes(countingGate());
    const lane = lanes.open(1);
    const thrown = lane.run(() => {
      throw new Error('at once');
    });
    const rejected = lane.run(() => Promise.reject(new Error('later')));
    const next = lane.run(async () => 'next');
    await expect(thrown).rejects.toThrow('at once');
    await expect(rejected).rejects.toThrow('later');
    await expect(next).resolves.toBe('next');
    lane.close();
  });

  it('tells the gate of a reader of width above 1 until its lane closes (twice closing once)', () => {
    const gate = countingGate();
    const lanes = new PaginationLanes(gate);
    const one = lanes.open(1);
    expect(gate.readers).toBe(0);
    const wide = lanes.open(4);
    expect(gate.readers).toBe(1);
    wide.close();
    wide.close();
    one.close();
    expect(gate.readers).toBe(0);
  });

  it('refuses a lane width that is not a positive integer', () => {
    const lanes = new PaginationLanes(countingGate());
    expect(() => lanes.open(0)).toThrow(new RangeError("a lane's width must be a positive integer, got 0"));
    expect(() => lanes.open(1.5)).toThrow(RangeError);
  });
});
