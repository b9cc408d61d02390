/**
 * The worked tables of guide/retries.md, recomputed from the engine's pure retry rules, so
 * that the guide cannot drift from what the client does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import {
  cooldownSequence,
  nextCooldown,
  retryDecision,
  type RetryPolicy,
  type RetryState,
} from '../../src/core/retry/retry-rules.js';
import { tableAfter } from './markdown-blocks.js';

const page = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../guide/retries.md'), 'utf8');

const DEFAULTS: RetryPolicy = {
  retry: {},
  maxHttpAttempts: 10,
  maxNetworkAttempts: 3,
  sleepTimer: 1.5,
  sleepTimerBase: 2,
  staggerCooldown: 0,
};

/** Replays a request whose attempts meet `statuses` in turn: the pauses taken and the requests sent. */
function replay(policy: RetryPolicy, statuses: readonly number[]): { pauses: number[]; requests: number } {
  let state: RetryState = {
    statusRetries: {},
    httpRetries: 0,
    networkRetries: 0,
    retries: 0,
    cooldown: policy.sleepTimer,
  };
  const pauses: number[] = [];
  for (let attempt = 0; attempt < statuses.length; attempt += 1) {
    const decision = retryDecision({ kind: 'response', status: statuses[attempt] }, state, policy, 0);
    if (decision.action !== 'retry') return { pauses, requests: attempt + 1 };
    pauses.push(decision.pause);
    state = decision.state;
  }
  throw new Error('the scripted statuses ran out before the client stopped');
}

describe('guide/retries.md', () => {
  it('states the default cooldowns, their running total and the stagger bound as the rules compute them', () => {
    const rows = tableAfter(page, 'cooldown-table');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const pauses = cooldownSequence(DEFAULTS, rows.length);
    let waited = 0;
    let bound = DEFAULTS.sleepTimer;
    rows.forEach(([n, pause, total, staggered], index) => {
      waited += pauses[index];
      bound = nextCooldown(bound, { sleepTimerBase: 2, staggerCooldown: 0.5 }, 1);
      expect([Number(n), Number(pause), Number(total), Number(staggered)]).toEqual([
        index + 1,
        pauses[index],
        waited,
        bound,
      ]);
    });
  });

  it('states the pauses and requests of each retry-cap example as the rules decide them', () => {
    const scenarios: { settings: string; policy: RetryPolicy; statuses: number[] }[] = [
      {
        settings: '`retry: { 404: 5 }, maxHttpAttempts: 4, sleepTimer: 1`',
        policy: { ...DEFAULTS, retry: { 404: 5 }, maxHttpAttempts: 4, sleepTimer: 1 },
        statuses: Array(20).fill(404),
      },
      {
        settings: '`retry: { 404: 5 }, maxHttpAttempts: 6, sleepTimer: 1`',
        policy: { ...DEFAULTS, retry: { 404: 5 }, maxHttpAttempts: 6, sleepTimer: 1 },
        statuses: Array(20).fill(404),
      },
      {
        settings: '`maxHttpAttempts: 2, sleepTimer: 1`, six 429s then a 200',
        policy: { ...DEFAULTS, maxHttpAttempts: 2, sleepTimer: 1 },
        statuses: [429, 429, 429, 429, 429, 429, 200],
      },
    ];
    const rows = tableAfter(page, 'retry-cap-table');
    expect(rows.map(([settings]) => settings)).toEqual(scenarios.map((scenario) => scenario.settings));
    rows.forEach(([, pauses, requests, total], index) => {
      const { policy, statuses } = scenarios[index];
      const replayed = replay(policy, statuses);
      expect(pauses.split(', ').map(Number)).toEqual(replayed.pauses);
      expect(Number(requests)).toBe(replayed.requests);
      expect(Number(total)).toBe(replayed.pauses.reduce((sum, pause) => sum + pause, 0));
    });
  });
});
