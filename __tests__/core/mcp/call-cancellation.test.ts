import { describe, expect, it } from '@jest/globals';
import { CallCancellation } from '../../../src/core/mcp/call-cancellation.js';
import type { Timers } from '../../../src/core/mcp/call-deadline.js';
import { McpRequestCancelledError } from '../../../src/core/mcp/mcp-error.js';

const limits = { timeout: 1, maxTotalTimeout: undefined, silence: 5 };

/** Timers that fire only when the test says the time ran out. */
function manualTimers(): Timers & { fireAll(): void } {
  const actions = new Map<number, () => void>();
  let next = 0;
  return {
    set: (action) => (actions.set(++next, action), next),
    clear: (handle) => void actions.delete(handle as number),
    fireAll() {
      for (const [handle, action] of [...actions]) {
        actions.delete(handle);
        action();
      }
    },
  };
}

describe('CallCancellation', () => {
  it('refuses a call whose signal has already fired, before anything is sent', () => {
    const caller = new AbortController();
    caller.abort(new Error('stop'));
    expect(() => new CallCancellation('tools/list', 1, limits, caller.signal)).toThrow(McpRequestCancelledError);
  });

  it('gives the call up with reason "aborted" when the caller aborts', () => {
    const caller = new AbortController();
    const cancellation = new CallCancellation('tools/call', 'a', limits, caller.signal, manualTimers());
    expect(cancellation.reason).toBeUndefined();
    caller.abort();
    expect(cancellation.reason).toBe('aborted');
    expect(cancellation.signal.aborted).toBe(true);
    expect(cancellation.error).toBeInstanceOf(McpRequestCancelledError);
    expect((cancellation.error as McpRequestCancelledError).requestId).toBe('a');
  });

  it('gives the call up with reason "timeout" when the deadline runs out; the first reason stays', () => {
    const caller = new AbortController();
    const timers = manualTimers();
    const cancellation = new CallCancellation('tools/call', 7, limits, caller.signal, timers);
    timers.fireAll();
    caller.abort();
    expect(cancellation.reason).toBe('timeout');
    expect((cancellation.error as McpRequestCancelledError).timeLimit).toBe('timeout');
  });

  it('races a promise against the call: rejects with the call error once given up', async () => {
    const caller = new AbortController();
    const cancellation = new CallCancellation('initialize', 2, limits, caller.signal, manualTimers());
    await expect(cancellation.race(Promise.resolve('done'))).resolves.toBe('done');
    const never = new Promise<never>(() => undefined);
    const raced = cancellation.race(never);
    caller.abort();
    await expect(raced).rejects.toBeInstanceOf(McpRequestCancelledError);
    await expect(cancellation.race(Promise.resolve('late'))).rejects.toBeInstanceOf(McpRequestCancelledError);
  });

  it('stops listening to the caller once stopped', () => {
    const caller = new AbortController();
    const cancellation = new CallCancellation('ping', 3, limits, caller.signal, manualTimers());
    cancellation.stop();
    caller.abort();
    expect(cancellation.reason).toBeUndefined();
  });
});
