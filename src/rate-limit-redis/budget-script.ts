/**
 * The Lua script that runs `shared-budget.ts`'s steps inside Redis, so that reading the
 * budget, counting a request and writing it back is one atomic step for every process.
 * Times come from Redis's own clock (`TIME`), the one clock all processes share; the
 * answer carries that clock's `now` so a process can map the times onto its own.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { RateLimitReport } from '../core/rate-limit/rate-limiter.js';
import type { BudgetConfig, BudgetState } from './shared-budget.js';

/** Keeps the same steps as `shared-budget.ts` (acquire, report, pause); ARGV[1] names the step. */
export const BUDGET_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = redis.call('HMGET', KEYS[1], 'limit', 'used', 'end', 'confirmed', 'prev', 'win', 'paused', 'rem', 'reset')
local limit = tonumber(h[1]) or tonumber(ARGV[2])
local used = tonumber(h[2]) or 0
local wend = tonumber(h[3]) or 0
local confirmed = tonumber(h[4]) or 0
local prev = tonumber(h[5]) or 0
local win = tonumber(h[6]) or tonumber(ARGV[3])
local paused = tonumber(h[7]) or 0
local rem = tonumber(h[8]) or -1
local reset = tonumber(h[9]) or -1
if wend ~= 0 and now >= wend then prev = wend; wend = 0; used = 0; confirmed = 0 end
local op = ARGV[1]
local wait = 0
if op == 'acquire' then
  if paused > now then wait = paused - now
  else
    if wend == 0 then wend = now + win; confirmed = 0; used = 0 end
    if used >= limit then wait = math.max(1, wend - now) else used = used + 1 end
  end
elseif op == 'report' then
  local status = tonumber(ARGV[4])
  local rlimit = tonumber(ARGV[5])
  local rrem = tonumber(ARGV[6])
  local rreset = tonumber(ARGV[7])
  local rretry = tonumber(ARGV[8])
  if rlimit >= 0 then limit = rlimit end
  if status == 429 then
    local secs = rretry
    if secs < 0 then secs = rreset end
    if secs < 0 then secs = 1 end
    paused = math.max(paused, now + secs * 1000)
  end
  if rreset >= 0 then
    local rend = now + rreset * 1000
    reset = rend
    if rrem >= 0 then rem = rrem end
    if not (prev > 0 and rend < prev + win / 2) then
      local w = math.max(1000, rreset * 1000)
      if wend == 0 then wend = rend; confirmed = 1; win = w; used = 0
      elseif confirmed == 0 then wend = rend; confirmed = 1; win = w
      else wend = math.min(wend, rend) end
      if rrem >= 0 then used = math.max(used, limit - rrem) end
      if status == 429 then used = math.max(used, limit) end
    end
  end
elseif op == 'pause' then
  paused = math.max(paused, now + tonumber(ARGV[4]))
end
redis.call('HSET', KEYS[1], 'limit', limit, 'used', used, 'end', wend, 'confirmed', confirmed, 'prev', prev, 'win', win, 'paused', paused, 'rem', rem, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], math.max(wend, paused, now) - now + 2 * win)
return {wait, limit, used, wend, confirmed, prev, win, paused, rem, reset, now}
`;

/** The script's SHA-1, for `EVALSHA`. */
export const BUDGET_SCRIPT_SHA = createHash('sha1').update(BUDGET_SCRIPT).digest('hex');

/** The script's ARGV for one step; `-1` stands for a header the answer did not have. */
export function scriptArguments(
  config: BudgetConfig,
  step: { op: 'acquire' } | { op: 'report'; report: RateLimitReport } | { op: 'pause'; forMs: number },
): string[] {
  const base = [step.op, String(config.points), String(config.durationMs)];
  if (step.op === 'acquire') return base;
  if (step.op === 'pause') return [...base, String(Math.max(0, Math.round(step.forMs)))];
  const { status, limit, remaining, resetSeconds, retryAfterSeconds } = step.report;
  const or = (value: number | undefined): string =>
    value === undefined || !Number.isFinite(value) ? '-1' : String(value);
  return [...base, String(status), or(limit), or(remaining), or(resetSeconds), or(retryAfterSeconds)];
}

/** What the script answered: the wait, and the budget on the local clock (`localNow` when it was read). */
export function decodeScriptReply(reply: unknown, localNow: number): { waitMs: number; state: BudgetState } {
  if (!Array.isArray(reply) || reply.length !== 11) throw new TypeError('unexpected reply from the rate-limit script');
  const [wait, limit, used, windowEnd, confirmed, previousEnd, windowMs, pausedUntil, remaining, resetAt, redisNow] =
    reply.map(Number);
  // Redis's clock to this process's: each time moves by the same offset (0 stays 0: "none").
  const local = (time: number): number => (time > 0 ? time - redisNow + localNow : 0);
  return {
    waitMs: wait,
    state: {
      limit,
      used,
      windowEnd: local(windowEnd),
      confirmed: confirmed === 1,
      previousEnd: local(previousEnd),
      windowMs,
      pausedUntil: local(pausedUntil),
      ...(remaining >= 0 ? { remaining } : {}),
      ...(resetAt >= 0 ? { resetAt: local(resetAt) } : {}),
    },
  };
}
