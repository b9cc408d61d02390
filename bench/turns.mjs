// How the transport benchmarks time their sides: rounds in which the sides take turns of a
// few GETs each, in rotating order, so that the machine's moments of load hit them alike.
//
//   const samples = await roundsInTurns(sides, { rounds: 15, gets: 2_000, turn: 100 });
//   roundRatio(samples, 'client', 'loop', 'wall');   // the median of the rounds' ratios
import { performance } from 'node:perf_hooks';

/**
 * Wall time (ms) and this process's CPU time (ms) of `count` sends, one after another.
 * `before`, when given, runs before each send and is not timed.
 */
export async function timed(send, count, before) {
  if (before) return timedEach(send, count, before);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i += 1) await send();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** {@link timed} with an untimed step before each send: each send is timed on its own. */
async function timedEach(send, count, before) {
  let wall = 0;
  let cpu = 0;
  for (let i = 0; i < count; i += 1) {
    before();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await send();
    wall += performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    cpu += (used.user + used.system) / 1000;
  }
  return { wall, cpu };
}

/**
 * Warms every side up (`warmUp` sends, by default `gets` but at most 1,000), then runs
 * `rounds` rounds in which each side sends `gets` times in turns of `turn`; a side's
 * sample of a round is the sum of its turns. `before`, when given, runs before each send,
 * untimed. Returns the samples, per side, round by round.
 */
export async function roundsInTurns(sides, { rounds, gets, turn, warmUp = Math.min(gets, 1_000), before }) {
  const names = Object.keys(sides);
  for (const name of names) await timed(sides[name], warmUp, before); // warm-up: connections, JIT
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const sums = Object.fromEntries(names.map((name) => [name, { wall: 0, cpu: 0 }]));
    for (let t = 0; t < gets / turn; t += 1) {
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(round + t + k) % names.length];
        const { wall, cpu } = await timed(sides[name], turn, before);
        sums[name].wall += wall;
        sums[name].cpu += cpu;
      }
    }
    for (const name of names) samples[name].push(sums[name]);
  }
  return samples;
}

/**
 * The median of side `a`'s ratios to side `b`, round by round (the sides of a round ran
 * under the same load): steadier than a ratio of medians on a busy machine.
 */
export function roundRatio(samples, a, b, measure) {
  return median(samples[a].map((sample, round) => sample[measure] / samples[b][round][measure]));
}

/** The median of some numbers (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}
