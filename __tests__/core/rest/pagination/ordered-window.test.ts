import { describe, expect, it } from '@jest/globals';
import { orderedWindow, type Step, type Task } from '../../../../src/core/rest/pagination/ordered-window.js';

/** A task whose settlement the test decides, recording when it starts. */
function controlled<T>(log: string[], name: string) {
  let resolve!: (step: Step<T>) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Step<T>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const task: Task<T> = () => {
    log.push(`start ${name}`);
    return promise;
  };
  return { task, resolve, reject };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe('orderedWindow', () => {
  it('yields in task order whatever order the tasks finish in', async () => {
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled<string>(log, name));
    const out: string[] = [];
    const done = (async () => {
      for await (const value of orderedWindow(
        tasks.map((t) => t.task),
        { width: 3 },
      ))
        out.push(value);
    })();
    await ticks();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    tasks[2].resolve({ value: 'C' });
    tasks[1].resolve({ value: 'B' });
    await ticks();
    expect(out).toEqual([]);
    tasks[0].resolve({ value: 'A' });
    await done;
    expect(out).toEqual(['A', 'B', 'C']);
  });

  it('holds at most `width` tasks started and not yet yielded, even when the consumer stalls', async () => {
    const log: string[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) => controlled<number>(log, String(i)));
    const iterator = orderedWindow(
      tasks.map((t) => t.task),
      { width: 2 },
    );
    const first = iterator.next();
    await ticks();
    expect(log).toEqual(['start 0', 'start 1']);
    for (const t of tasks) t.resolve({ value: 0 });
    await first;
    await ticks();
    // The consumer holds value 0 and has not asked again: only one more task may be started.
    expect(log).toEqual(['start 0', 'start 1']);
    await iterator.next();
    await ticks();
    expect(log).toEqual(['start 0', 'start 1', 'start 2']);
    await iterator.return();
  });

  it('yields everything before a failed task, then its error, and nothing after', async () => {
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled<string>(log, name));
    const out: string[] = [];
    const done = (async () => {
      for await (const value of orderedWindow(
        tasks.map((t) => t.task),
        { width: 3 },
      ))
        out.push(value);
    })();
    tasks[1].reject(new Error('b failed'));
    tasks[2].resolve({ value: 'C' });
    await ticks();
    expect(out).toEqual([]);
    tasks[0].resolve({ value: 'A' });
    await expect(done).rejects.toThrow('b failed');
    expect(out).toEqual(['A']);
  });

  it('with failFast, fails at the first failure in time, cancels and waits for what runs', async () => {
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled<string>(log, name));
    let cancelled = false;
    const done = (async () => {
      for await (const value of orderedWindow(
        tasks.map((t) => t.task),
        {
          width: 3,
          failFast: true,
          cancel: () => {
            cancelled = true;
            tasks[0].reject(new Error('aborted'));
          },
        },
      ))
        void value;
    })();
    let settled = false;
    void done.catch(() => (settled = true));
    tasks[2].reject(new Error('c failed'));
    await ticks();
    expect(cancelled).toBe(true);
    // b still runs: the window does not end before it settles.
    expect(settled).toBe(false);
    tasks[1].resolve({ value: 'B' });
    await expect(done).rejects.toThrow('c failed');
  });

  it('puts the tasks a task stands for in its place, starting them before its turn', async () => {
    const log: string[] = [];
    const head = controlled<string>(log, 'head');
    const split = controlled<string>(log, 'split');
    const leafA = controlled<string>(log, 'leafA');
    const leafB = controlled<string>(log, 'leafB');
    const tail = controlled<string>(log, 'tail');
    const out: string[] = [];
    const done = (async () => {
      for await (const value of orderedWindow([head.task, split.task, tail.task], { width: 3 })) out.push(value);
    })();
    await ticks();
    split.resolve({ then: [leafA.task, leafB.task] });
    await ticks();
    expect(log).toEqual(['start head', 'start split', 'start tail', 'start leafA']);
    leafA.resolve({ value: 'A', then: [] });
    tail.resolve({ value: 'T' });
    head.resolve({ value: 'H' });
    await ticks();
    expect(log.at(-1)).toBe('start leafB');
    leafB.resolve({ value: 'B' });
    await done;
    expect(out).toEqual(['H', 'A', 'B', 'T']);
  });

  it('on an early return, cancels and lets the running tasks settle', async () => {
    const log: string[] = [];
    const tasks = ['a', 'b'].map((name) => controlled<string>(log, name));
    let cancelled = 0;
    const iterator = orderedWindow(
      tasks.map((t) => t.task),
      {
        width: 2,
        cancel: () => {
          cancelled += 1;
          tasks[1].reject(new Error('aborted'));
        },
      },
    );
    const first = iterator.next();
    tasks[0].resolve({ value: 'A' });
    expect(await first).toEqual({ value: 'A', done: false });
    await iterator.return();
    expect(cancelled).toBe(1);
  });

  it('refuses a width that is not a positive integer', async () => {
    await expect(orderedWindow([], { width: 0 }).next()).rejects.toThrow(RangeError);
    expect(await orderedWindow([], { width: 1 }).next()).toEqual({ value: undefined, done: true });
  });
});
