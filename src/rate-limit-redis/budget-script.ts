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

/** Keeps the same steps as `shared-budget.ts` (acquire, report, pause); ARGV[1] names the step, ARGV[4] is capMs. */
export const BUDGET_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = redis.call('HMGET', KEYS[1], 'limit', 'used', 'fl', 'flb', 'end', 'confirmed', 'prev', 'win', 'nserved',
  'nend', 'paused', 'rem', 'reset', 'served')
local limit = tonumber(h[1]) or tonumber(ARGV[2])
local used = tonumber(h[2]) or 0
local fl = tonumber(h[3]) or 0
local flb = tonumber(h[4]) or 0
local wend = tonumber(h[5]) or 0
local confirmed = tonumber(h[6]) or 0
local prev = tonumber(h[7]) or 0
local win = tonumber(h[8]) or tonumber(ARGV[3])
local nserved = tonumber(h[9]) or 0
local nend = tonumber(h[10]) or 0
local paused = tonumber(h[11]) or 0
local rem = tonumber(h[12]) or -1
local reset = tonumber(h[13]) or -1
local served = tonumber(h[14]) or 0
local cap = tonumber(ARGV[4])
if wend ~= 0 and now >= wend then
  if now >= wend + win then flb = 0 else flb = fl end
  fl = 0
  prev = wend
  used = 0
  if nend > now then wend = nend; confirmed = 1; served = nserved
  else wend = 0; confirmed = 0; served = 0 end
  nserved = 0
  nend = 0
end
local op = ARGV[1]
local wait = 0
if op == 'acquire' then
  if paused > now then wait = paused - now
  else
    if wend == 0 then wend = now + win; confirmed = 0 end
    if math.max(used, served + fl + flb) >= limit then wait = math.max(1, wend - now)
    else used = used + 1; fl = fl + 1 end
  end
elseif op == 'report' then
  if flb > 0 then flb = flb - 1 elseif fl > 0 then fl = fl - 1 end
  local status = tonumber(ARGV[5])
  local rlimit = tonumber(ARGV[6])
  local rrem = tonumber(ARGV[7])
  local rreset = tonumber(ARGV[8])
  local rretry = tonumber(ARGV[9])
  local spent = status == 429 or rlimit == 0
  if rlimit >= 1 then limit = rlimit end
  if status == 429 then
    local secs = rretry
    if secs < 0 then secs = rreset end
    if secs < 0 then secs = 1 end
    paused = math.max(paused, now + math.ceil(math.min(secs * 1000, cap)))
  end
  if rreset < 0 then
    if rlimit == 0 and wend ~= 0 then served = math.max(served, limit) end
  else
    local rms = math.ceil(math.min(rreset * 1000, cap))
    local rend = now + rms
    if reset < 0 then win = math.max(1000, rms) else win = math.max(win, rms) end
    reset = rend
    if rrem >= 0 then rem = rrem end
    local heard = 0
    if spent then heard = limit elseif rrem >= 0 then heard = math.max(0, limit - rrem) end
    local count = math.max(served, heard)
    local half = win / 2
    if wend == 0 or confirmed == 0 then
      if not (prev > 0 and rend < prev + half) then wend = rend; confirmed = 1; served = count end
    elseif rend > wend - half then
      served = count
      if rend < wend + half then wend = math.min(wend, rend)
      else
        nserved = math.max(nserved, heard)
        if nend == 0 then nend = rend else nend = math.min(nend, rend) end
      end
    end
  end
elseif op == 'pause' then
  paused = math.max(paused, now + math.min(tonumber(ARGV[5]), cap))
end
redis.call('HSET', KEYS[1], 'limit', limit, 'used', used, 'fl', fl, 'flb', flb, 'end', wend, 'confirmed', confirmed,
  'prev', prev, 'win', win, 'nserved', nserved, 'nend', nend, 'paused', paused, 'rem', rem, 'reset', reset,
  'served', served)
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(wend, nend, paused, now) - now + 2 * win))
return {wait, limit, used, fl, flb, wend, confirmed, prev, win, nserved, nend, paused, rem, reset, served, now}
`;

/** The script's SHA-1, for `EVALSHA`. */
export const BUDGET_SCRIPT_SHA = createHash('sha1').update(BUDGET_SCRIPT).digest('hex');

/** The script's ARGV for one step; `-1` stands for a header the answer did not have. */
export function scriptArguments(
  seed: BudgetConfig,
  capMs: number,
  step: { op: 'acquire' } | { op: 'report'; report: RateLimitReport } | { op: 'pause'; forMs: number },
): string[] {
  const base = [step.op, String(seed.points), String(seed.durationMs), String(capMs)];
  if (step.op === 'acquire') return base;
  if (step.op === 'pause') return [...base, String(Math.max(0, Math.round(step.forMs)))];
  const { status, limit, remaining, resetSeconds, retryAfterSeconds } = step.report;
  const or = (value: number | undefined): string =>
    value === undefined || !Number.isFinite(value) || value < 0 ? '-1' : String(value);
  return [...base, String(status), or(limit), or(remaining), or(resetSeconds), or(retryAfterSeconds)];
}

/** What the script answered: the wait, and the budget on the local clock (`localNow` when it was read). */
export function decodeScriptReply(reply: unknown, localNow: number): { waitMs: number; state: BudgetState } {
  if (!Array.isArray(reply) || reply.length !== 16) throw new TypeError('unexpected reply from the rate-limit script');
  const [
    wait,
    limit,
    used,
    inFlight,
    inFlightBefore,
    windowEnd,
    confirmed,
    previousEnd,
    windowMs,
    nextServed,
    nextEnd,
  ] = reply.map(Number);
  const [pausedUntil, remaining, resetAt, served, redisNow] = reply.slice(11).map(Number);
  // Redis's clock to this process's: each time moves by the same offset (0 stays 0: "none").
  const local = (time: number): number => (time > 0 ? time - redisNow + localNow : 0);
  return {
    waitMs: wait,
    state: {
      limit,
      used,
      served,
      inFlight,
      inFlightBefore,
      windowEnd: local(windowEnd),
      confirmed: confirmed === 1,
      previousEnd: local(previousEnd),
      windowMs,
      nextServed,
      nextEnd: local(nextEnd),
      pausedUntil: local(pausedUntil),
      ...(remaining >= 0 ? { remaining } : {}),
      ...(resetAt >= 0 ? { resetAt: local(resetAt) } : {}),
    },
  };
}
