/** What a task ends with: a value to yield, tasks that take its place, or both (the value first). */
export interface Step<T> {
  /** The value to yield at the task's place in the order. */
  readonly value?: T;
  /** Tasks that come right after the value (or instead of the task, without one). */
  readonly then?: readonly Task<T>[];
}

/** A unit of work: started once, when the window has room. */
export type Task<T> = () => Promise<Step<T>>;

/** How {@link orderedWindow} runs. */
export interface OrderedWindowOptions {
  /** How many tasks may be started and not yet yielded (running, or done and waiting their turn). */
  readonly width: number;
  readonly failFast?: boolean;
  /** Called when the window stops early (an error, or the consumer leaving): abort what runs. */
  readonly cancel?: () => void;
}

type Outcome<T> = { readonly ok: true; readonly step: Step<T> } | { readonly ok: false; readonly error: unknown };

interface Entry<T> {
  readonly task: Task<T>;
  started: boolean;
  outcome: Outcome<T> | undefined;
  /** The task's `then` tasks are already in the queue, behind it. */
  expanded: boolean;
  settled: Promise<void> | undefined;
}

// On any early end `cancel` runs and the running tasks are awaited, so nothing outlives the iteration.
export async function* orderedWindow<T>(
  tasks: readonly Task<T>[],
  options: OrderedWindowOptions,
): AsyncGenerator<T, void, undefined> {
  const { width, failFast = false, cancel } = options;
  if (!Number.isInteger(width) || width < 1)
    throw new RangeError(`the width of a window must be a positive integer, got ${width}`);
  const queue: Entry<T>[] = tasks.map(entryOf);
  let occupied = 0;
  let firstFailure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let dirty = false;
  const start = (entry: Entry<T>): void => {
    entry.started = true;
    occupied += 1;
    entry.settled = new Promise<Step<T>>((resolve) => resolve(entry.task()))
      .then(
        (step) => {
          entry.outcome = { ok: true, step };
        },
        (error: unknown) => {
          entry.outcome = { ok: false, error };
          firstFailure ??= { error };
        },
      )
      .then(() => {
        dirty = true;
        wake?.();
      });
  };
  let finished = false;
  try {
    for (;;) {
      if (failFast && firstFailure) throw firstFailure.error;
      occupied -= expandDone(queue);
      for (const entry of queue) {
        if (occupied >= width) break;
        if (!entry.started) start(entry);
      }
      const head = queue[0];
      if (head === undefined) {
        finished = true;
        return;
      }
      if (head.outcome === undefined || !head.expanded) {
        if (head.outcome !== undefined && !head.outcome.ok) throw head.outcome.error;
        if (!dirty) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        dirty = false;
        continue;
      }
      queue.shift();
      occupied -= 1;
      // Only an entry with a value stays in the queue once expanded.
      yield (head.outcome as { ok: true; step: Step<T> }).step.value as T;
    }
  } finally {
    if (!finished) {
      cancel?.();
      await Promise.all(queue.filter((entry) => entry.started).map((entry) => entry.settled));
    }
  }
}

// Tasks that stand for more tasks make room for them as soon as they are done, in place, so that their
// pages start without waiting for their turn. Returns how many places in the window that freed.
function expandDone<T>(queue: Entry<T>[]): number {
  let freed = 0;
  for (let index = 0; index < queue.length; index += 1) {
    const entry = queue[index];
    if (entry.expanded || entry.outcome?.ok !== true) continue;
    const { value, then } = entry.outcome.step;
    entry.expanded = true;
    const followers = (then ?? []).map(entryOf);
    if (value === undefined && !('value' in entry.outcome.step)) {
      queue.splice(index, 1, ...followers);
      freed += 1;
      index -= 1;
    } else {
      queue.splice(index + 1, 0, ...followers);
    }
  }
  return freed;
}

function entryOf<T>(task: Task<T>): Entry<T> {
  return { task, started: false, outcome: undefined, expanded: false, settled: undefined };
}
