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

  it('opens a new window once the old one has ended', () => {
    const { state } = acquireMany(initialBudget(config), 0, 3);
    expect(acquireMany(state, 10_000, 4).waits).toEqual([0, 0, 0, 10_000]);
  });
});

describe('following the server', () => {
  it("takes the server's limit and window end from the first answer", () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 5, remaining: 4, resetSeconds: 2 }, 50);
    expect(state).toMatchObject({ limit: 5, used: 1, windowEnd: 2050, confirmed: true, windowMs: 2000 });
    expect(acquireMany(state, 100, 5).waits).toEqual([0, 0, 0, 0, 1950]);
  });

  it('counts what the server has served on top of its own count, never less', () => {
    let { state } = acquireMany(initialBudget({ points: 10, durationMs: 10_000 }), 0, 2);
    // Another client (unknown to this budget) spent 5 already: the server says 3 remain of 10.
    state = reportStep(state, { key, status: 200, limit: 10, remaining: 3, resetSeconds: 10 }, 10);
    expect(state.used).toBe(7);
    // An older answer (more remaining) read late lowers nothing.
    state = reportStep(state, { key, status: 200, limit: 10, remaining: 8, resetSeconds: 10 }, 20);
    expect(state.used).toBe(7);
    expect(acquireMany(state, 30, 4).waits).toEqual([0, 0, 0, 9980]);
  });

  it('takes the earliest window end any answer gave (each one rounds up)', () => {
    let { state } = acquireMany(initialBudget(config), 0, 2);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 2, resetSeconds: 10 }, 10);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 1, resetSeconds: 9 }, 400);
    expect(state.windowEnd).toBe(9400);
  });

  it('holds every request on `remaining: 0` until the window ends, and shows it paused', () => {
    let { state } = acquireMany(initialBudget({ points: 100, durationMs: 60_000 }), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 100, remaining: 0, resetSeconds: 5 }, 0);
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
    state = reportStep(state, { key, status: 429, limit: 3, remaining: 0, resetSeconds: 7, retryAfterSeconds: 7 }, 100);
    expect(state.pausedUntil).toBe(7100);
    expect(acquireStep(state, 200).waitMs).toBe(6900);
  });

  it('pauses a 429 without headers for a second', () => {
    const state = reportStep(initialBudget(config), { key, status: 429 }, 100);
    expect(acquireStep(state, 100).waitMs).toBe(1000);
    expect(budgetView(state, 100)).toMatchObject({ paused: true, pausedUntil: 1100 });
  });

  it("ignores the count of an answer the window before gave, read after that window's end", () => {
    let { state } = acquireMany(initialBudget(config), 0, 1);
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 2, resetSeconds: 10 }, 0);
    ({ state } = acquireMany(state, 10_000, 1)); // a new window opens at 10 s
    state = reportStep(state, { key, status: 200, limit: 3, remaining: 0, resetSeconds: 1 }, 10_050);
    expect(state).toMatchObject({ used: 1, windowEnd: 20_000, confirmed: false });
  });

  it('keeps an answer without headers from changing the count', () => {
    const { state } = acquireMany(initialBudget(config), 0, 2);
    expect(reportStep(state, { key, status: 200 }, 10)).toEqual(state);
  });
});

describe('pause and view', () => {
  it('holds requests until the later of two pauses', () => {
    const state = pauseStep(pauseStep(initialBudget(config), 5000), 3000);
    expect(acquireStep(state, 1000).waitMs).toBe(4000);
  });

  it('shows a fresh budget as not paused, without the configured limit (no answer has said one)', () => {
    expect(budgetView(initialBudget(config), 0)).toEqual({ paused: false });
  });

  it('never changes the state it is given', () => {
    const state = Object.freeze(initialBudget(config));
    acquireStep(state, 0);
    reportStep(state, { key, status: 429, limit: 1, remaining: 0, resetSeconds: 1 }, 0);
    expect(state).toEqual(initialBudget(config));
  });
});
