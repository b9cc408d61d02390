/** The script's arguments and answer: headers an answer lacked become -1, Redis's clock maps onto this process's. */
import { describe, expect, it } from '@jest/globals';
import {
  BUDGET_SCRIPT,
  BUDGET_SCRIPT_SHA,
  decodeScriptReply,
  scriptArguments,
} from '../../src/rate-limit-redis/budget-script.js';

const config = { points: 960, durationMs: 60_000 };

describe('scriptArguments', () => {
  it('names the step, then the budget to start from and the longest wait a header may cause', () => {
    expect(scriptArguments(config, 60_000, { op: 'acquire' })).toEqual(['acquire', '960', '60000', '60000']);
    expect(scriptArguments(config, 60_000, { op: 'pause', forMs: 1234.6 })).toEqual([
      'pause',
      '960',
      '60000',
      '60000',
      '1235',
    ]);
    expect(scriptArguments(config, 60_000, { op: 'pause', forMs: -50 })).toEqual([
      'pause',
      '960',
      '60000',
      '60000',
      '0',
    ]);
  });

  it('passes a report with -1 for each header the answer did not have', () => {
    const key = { id: 'k' };
    expect(
      scriptArguments(config, 60_000, {
        op: 'report',
        report: { key, status: 200, limit: 960, remaining: 5, resetSeconds: 30 },
      }),
    ).toEqual(['report', '960', '60000', '60000', '200', '960', '5', '30', '-1']);
    expect(
      scriptArguments(config, 60_000, {
        op: 'report',
        report: { key, status: 429, retryAfterSeconds: 2, remaining: Number.NaN },
      }),
    ).toEqual(['report', '960', '60000', '60000', '429', '-1', '-1', '-1', '2']);
  });
});

describe('decodeScriptReply', () => {
  it("moves every time by the offset between Redis's clock and this process's, leaving 0 (none) alone", () => {
    const reply = [250, 120, 120, 3, 1, 1_000_250, 1, 0, 10_000, 4, 1_009_000, 1_000_100, 0, 1_000_250, 117, 1_000_000];
    expect(decodeScriptReply(reply, 5000)).toEqual({
      waitMs: 250,
      state: {
        limit: 120,
        used: 120,
        served: 117,
        inFlight: 3,
        inFlightBefore: 1,
        windowEnd: 5250,
        confirmed: true,
        previousEnd: 0,
        windowMs: 10_000,
        nextServed: 4,
        nextEnd: 14_000,
        pausedUntil: 5100,
        remaining: 0,
        resetAt: 5250,
      },
    });
  });

  it('leaves out what no answer has said yet', () => {
    const { state } = decodeScriptReply(
      [0, 960, 1, 1, 0, 1_060_000, 0, 0, 60_000, 0, 0, 0, -1, -1, 0, 1_000_000],
      1_000_000,
    );
    expect(state).toEqual({
      limit: 960,
      used: 1,
      served: 0,
      inFlight: 1,
      inFlightBefore: 0,
      windowEnd: 1_060_000,
      confirmed: false,
      previousEnd: 0,
      windowMs: 60_000,
      nextServed: 0,
      nextEnd: 0,
      pausedUntil: 0,
    });
  });

  it('refuses a reply of another shape', () => {
    expect(() => decodeScriptReply('OK', 0)).toThrow('unexpected reply from the rate-limit script');
  });
});

it('names the script by its SHA-1, as EVALSHA does', () => {
  expect(BUDGET_SCRIPT_SHA).toMatch(/^[0-9a-f]{40}$/);
  expect(BUDGET_SCRIPT).toContain("redis.call('TIME')");
});
