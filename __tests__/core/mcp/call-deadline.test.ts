import { describe, expect, it } from '@jest/globals';
import {
  CallDeadline,
  DEFAULT_CALL_TIMEOUT,
  callLimitDefaults,
  callLimits,
  type CallLimits,
  type Timers,
} from '../../../src/core/mcp/call-deadline.js';

/** Timers that run only when the test says how much time passed. */
function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; action: () => void }>();
  return {
    set: (action, ms) => {
      next += 1;
      timers.set(next, { at: now + ms, action });
      return next;
    },
    clear: (handle) => void timers.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(handle)) continue;
        timers.delete(handle);
        timer.action();
      }
    },
    pending: () => timers.size,
  };
}

function started(limits: Partial<CallLimits> = {}) {
  const timers = manualTimers();
  const expired: [string, number][] = [];
  const deadline = new CallDeadline(
    { timeout: 1, maxTotalTimeout: undefined, silence: 0.5, ...limits },
    (name, seconds) => expired.push([name, seconds]),
    timers,
  );
  return { timers, expired, deadline };
}

describe('the limits of a call', () => {
  it('default to 60 s restarted by progress, no total, and the client timeout as the silence', () => {
    expect(DEFAULT_CALL_TIMEOUT).toBe(60);
    const defaults = callLimitDefaults({});
    expect(defaults).toEqual({ callTimeout: 60, maxTotalTimeout: undefined });
    expect(callLimits(defaults, {}, 30)).toEqual({ timeout: 60, maxTotalTimeout: undefined, silence: 30 });
  });

  it("take the call's own values over the client's", () => {
    const defaults = callLimitDefaults({ callTimeout: 5, maxTotalTimeout: 100 });
    expect(callLimits(defaults, {}, 60)).toEqual({ timeout: 5, maxTotalTimeout: 100, silence: 60 });
    expect(callLimits(defaults, { timeout: 2, maxTotalTimeout: 3 }, 60)).toEqual({
      timeout: 2,
      maxTotalTimeout: 3,
      silence: 60,
    });
  });

  it('refuse what is not a positive number of seconds, and milliseconds given by mistake', () => {
    expect(() => callLimitDefaults({ callTimeout: 0 })).toThrow(RangeError);
    expect(() => callLimitDefaults({ callTimeout: 60_000 })).toThrow(/in seconds/);
    expect(() => callLimitDefaults({ maxTotalTimeout: -1 })).toThrow(RangeError);
    expect(() => callLimits(callLimitDefaults({}), { timeout: Number.NaN }, 60)).toThrow(TypeError);
    expect(() => callLimits(callLimitDefaults({}), { maxTotalTimeout: Infinity }, 60)).toThrow(RangeError);
    expect(() => callLimits(callLimitDefaults({}), { timeout: '5' as unknown as number }, 60)).toThrow(TypeError);
  });
});

describe('CallDeadline', () => {
  it('expires once, with the timeout, when nothing restarts it', () => {
    const { timers, expired } = started();
    timers.advance(999);
    expect(expired).toEqual([]);
    timers.advance(1);
    expect(expired).toEqual([['timeout', 1]]);
    timers.advance(10_000);
    expect(expired).toHaveLength(1);
    expect(timers.pending()).toBe(0);
  });

  it('starts the timeout over at each progress report, but not the total', () => {
    const { timers, expired, deadline } = started({ maxTotalTimeout: 2.5 });
    for (let step = 0; step < 4; step += 1) {
      timers.advance(600);
      deadline.progress();
    }
    expect(expired).toEqual([]);
    timers.advance(100);
    expect(expired).toEqual([['maxTotalTimeout', 2.5]]);
  });

  it('times silence only while a body is read, from its last activity', () => {
    const { timers, expired, deadline } = started({ timeout: 10 });
    timers.advance(2000);
    deadline.bodyActivity();
    timers.advance(400);
    deadline.bodyActivity();
    timers.advance(400);
    deadline.bodyIdle();
    timers.advance(2000);
    expect(expired).toEqual([]);
    deadline.bodyActivity();
    timers.advance(500);
    expect(expired).toEqual([['silence', 0.5]]);
  });

  it('never expires after stop, and ignores progress and activity then', () => {
    const { timers, expired, deadline } = started({ maxTotalTimeout: 3 });
    deadline.bodyActivity();
    deadline.stop();
    deadline.progress();
    deadline.bodyActivity();
    timers.advance(10_000);
    expect(expired).toEqual([]);
    expect(timers.pending()).toBe(0);
  });
});
