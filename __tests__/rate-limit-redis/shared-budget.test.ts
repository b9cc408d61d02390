/** The shared budget's steps, with a fake clock: what Redis runs atomically and the fallback runs in memory. */
import { describe, expect, it } from '@jest/globals';
import {
  acquireStep,
  budgetView,
  initialBudget,
  pauseStep,
  reportStep,
  type BudgetState,
} from '../../src/rate-limit-redis/shared-budget.js';

const key = { id: 'abc123' };
const config = { points: 3, durationMs: 10_000 };
/** The longest any header may hold the key (the configured window in the limiter). */
const CAP = 60_000;

/** Acquires `count` times at `now`; the waits, 0 for each granted. */
function acquireMany(state: BudgetState, now: number, count: number): { state: BudgetState; waits: number[] } {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    const decision = acquireStep(state, now);
    state = decision.state;
    waits.push(decision.waitMs);
  }
  return { state, waits };
}

describe('the configured budget, before the server has said anything', () => {
  it('grants `points` requests per window, then says to wait for the window to end', () => {
    const { state, waits } = acquireMany(initialBudget(config), 1000, 4);
    expect(waits).toEqual([0, 0, 0, 10_000]);
    expect(acquireStep(state, 6000).waitMs).toBe(5000);
  });

  it('opens a new window once the old one has ended, its answered requests forgotten', () => {
    let { state } = acquireMany(initialBudget(config), 0, 3);
    for (let i = 0; i < 3; i++) state = reportStep(state, { key, status: 200 }, 5000, CAP);
    expect(acquireMany(state, 10_000, 4).waits).toEqual([0, 0, 0, 10_000]);
  });

  it('counts a request still in flight in the next window too, and drops it a window later (lost)', () => {
    const { state } = acquireMany(initialBudget(config), 0, 2);
    expect(acquireMany(state, 10_000, 2).waits).toEqual([0, 10_000]);
    expect(acquireMany(state, 20_000, 3).waits).toEqual([0, 0, 0]);
  });
});

describe('following the server', () => {
  it("takes the server's limit and window end from the first answer", () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 5, remaining: 4, resetSeconds: 2 }, 50, CAP);
    expect(state).toMatchObject({ limit: 5, used: 1, windowEnd: 2050, confirmed: true, windowMs: 2000 });
    expect(acquireMany(state, 100, 5).waits).toEqual([0, 0, 0, 0, 1950]);
  });

  it('counts what the server has served on top of its own count, never less', () => {
    let { state } = acquireMany(initialBudget({ points: 10, durationMs: 10_000 }), 0, 2);
    // Another client (unknown to this budget) spent 5 already: the server says 3 remain of 10.
    state = reportStep(state, { key, status: 200, limit: 10, remaining: 3, resetSeconds: 10 }, 10, CAP);
    // 7 served, and the other request of this budget still in flight on top: 8.
    expect(state).toMatchObject({ served: 7, inFlight: 1 });
    // An older answer (more remaining) read late lowers nothing.
    state = reportStep(state, { key, status: 200, limit: 10, remaining: 8, resetSeconds: 10 }, 20, CAP);
    expect(state).toMatchObject({ served: 7, inFlight: 0 });
    expect(acquireMany(state, 30, 4).waits).toEqual([0, 0, 0, 9980]);
  });

  it('takes the earliest window end any answer gave (each one rounds up)', () => {
    let { state } = acquireMany(initialBudget(config), 0, 2);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 2, resetSeconds: 10 }, 10, CAP);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 1, resetSeconds: 9 }, 400, CAP);
    expect(state.windowEnd).toBe(9400);
  });

  it('holds every request on `remaining: 0` until the window ends, and shows it paused', () => {
    let { state } = acquireMany(initialBudget({ points: 100, durationMs: 60_000 }), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 100, remaining: 0, resetSeconds: 5 }, 0, CAP);
    expect(acquireStep(state, 1000).waitMs).toBe(4000);
    expect(budgetView(state, 1000)).toEqual({
      limit: 100,
      remaining: 0,
      resetAt: 5000,
      paused: true,
      pausedUntil: 5000,
    });
    expect(acquireStep(state, 5000).waitMs).toBe(0);
  });

  it('pauses on a 429 for its Retry-After, and counts the window as spent', () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(
      state,
      { key, status: 429, limit: 3, remaining: 0, resetSeconds: 7, retryAfterSeconds: 7 },
      100,
      CAP,
    );
    expect(state.pausedUntil).toBe(7100);
    expect(acquireStep(state, 200).waitMs).toBe(6900);
  });

  it('pauses a 429 without headers for a second', () => {
    const state = reportStep(initialBudget(config), { key, status: 429 }, 100, CAP);
    expect(acquireStep(state, 100).waitMs).toBe(1000);
    expect(budgetView(state, 100)).toMatchObject({ paused: true, pausedUntil: 1100 });
  });

  it("ignores the count of an answer the window before gave, read after that window's end", () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 2, resetSeconds: 10 }, 0, CAP);
    ({ state } = acquireMany(state, 10_000, 1)); // a new window opens at 10 s
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 0, resetSeconds: 1 }, 10_050, CAP);
    expect(state).toMatchObject({ used: 1, windowEnd: 20_000, confirmed: false });
  });

  it('keeps an answer without headers from changing the count: its request is just no longer in flight', () => {
    const { state } = acquireMany(initialBudget(config), 0, 2);
    expect(reportStep(state, { key, status: 200 }, 10, CAP)).toEqual({ ...state, inFlight: 1 });
  });

  it("counts an answer from the server's next window there once this window ends (its end rounded up)", () => {
    const limits = { points: 4, durationMs: 10_000 };
    let { state } = acquireMany(initialBudget(limits), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 4, remaining: 3, resetSeconds: 10 }, 200, CAP);
    // The server's window ended at 9.5 s, not 10.2 s: two requests granted in the gap land in the next one.
    ({ state } = acquireMany(state, 9600, 2));
    state = reportStep(state, { key, status: 200, limit: 4, remaining: 3, resetSeconds: 10 }, 9700, CAP);
    state = reportStep(state, { key, status: 200, limit: 4, remaining: 2, resetSeconds: 10 }, 9800, CAP);
    expect(state).toMatchObject({ nextServed: 2, nextEnd: 19_700, windowEnd: 10_200 });
    // At 10.2 s the window rolls into the server's next one with those two counted (2 of 4 left), ending at 19.7 s.
    expect(acquireMany(state, 10_300, 3).waits).toEqual([0, 0, 9400]);
  });

  it('carries the requests granted in the gap and still in flight into the next window', () => {
    let { state } = acquireMany(initialBudget({ points: 4, durationMs: 10_000 }), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 4, remaining: 3, resetSeconds: 10 }, 200, CAP);
    ({ state } = acquireMany(state, 9600, 3));
    // 3 in flight carried over: one of 4 left, then the (guessed) new window's end.
    expect(acquireMany(state, 10_300, 2).waits).toEqual([0, 10_000]);
  });
});

describe('answers that would hold the key for good', () => {
  it('takes `ratelimit-limit: 0` as this window spent, not as the limit: the next window is open again', () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 0, remaining: 0, resetSeconds: 4 }, 100, CAP);
    expect(state.limit).toBe(3);
    expect(acquireStep(state, 200).waitMs).toBe(3900);
    expect(acquireMany(state, 4100, 3).waits).toEqual([0, 0, 0]);
  });

  it('holds the key no longer than the cap, whatever the reset, Retry-After or pause says', () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 0, remaining: 0, resetSeconds: 1e12 }, 0, 5000);
    expect(acquireStep(state, 0).waitMs).toBe(5000);
    state = reportStep(state, { key, status: 429, retryAfterSeconds: 86_400 }, 1000, 5000);
    expect(acquireStep(state, 1000).waitMs).toBe(5000);
    expect(acquireStep(pauseStep(state, 1e15, 2000, 5000), 2000).waitMs).toBe(5000);
    expect(acquireStep(state, 6000).waitMs).toBe(0);
  });

  it('ignores a header that is not a finite number', () => {
    const state = acquireMany(initialBudget(config), 0, 1).state;
    const after = reportStep(state, { key, status: 200, limit: Infinity, remaining: NaN, resetSeconds: 2 }, 0, CAP);
    expect(after).toMatchObject({ limit: 3, used: 1, inFlight: 0 });
  });
});

describe('pause and view', () => {
  it('holds requests until the later of two pauses', () => {
    const state = pauseStep(pauseStep(initialBudget(config), 5000, 0, CAP), 3000, 0, CAP);
    expect(acquireStep(state, 1000).waitMs).toBe(4000);
  });

  it('shows a fresh budget as not paused, without the configured limit (no answer has said one)', () => {
    expect(budgetView(initialBudget(config), 0)).toEqual({ paused: false });
  });

  it('never changes the state it is given', () => {
    const state = Object.freeze(initialBudget(config));
    acquireStep(state, 0);
    reportStep(state, { key, status: 429, limit: 1, remaining: 0, resetSeconds: 1 }, 0, CAP);
    expect(state).toEqual(initialBudget(config));
  });
});
