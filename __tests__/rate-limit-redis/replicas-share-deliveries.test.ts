/**
 * Four webhook receivers in four child processes behind a loopback round-robin proxy, sharing one
 * real `redis-server` through `createRedisDeliveryStore`. The test plays PagerDuty: it sends each
 * delivery until it gets a 2xx, retrying anything else. Then onEvent ran exactly once per event:
 * - over 1,000 deliveries of 500 events with repeats, overlapping retries and the same event from two
 *   subscriptions;
 * - for an event whose replica was killed inside onEvent, once its claim expired;
 * - while Redis was stopped (SIGSTOP) mid-run: no delivery was answered 2xx without its event having
 *   run, and all ran once when Redis went on.
 * It runs real processes for several seconds, so it is its own script: `npm run test:webhook-replicas`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { signWebhookBody } from '../../src/core/webhooks/verify-signature.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { realSockets } from '../helpers/test-kit.js';

const REPLICA = path.resolve('__tests__/helpers/webhook-replica.ts');
const SECRET = 'whsec-replicas';
const CLAIM_MS = 1500;
const skip = redisSkipReason();
const run = skip ? it.skip : it;

interface Replica {
  readonly child: ChildProcessWithoutNullStreams;
  readonly port: number;
  readonly ran: string[];
  readonly inside: string[];
}

function startReplica(env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', REPLICA], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const ran: string[] = [];
  const inside: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, end)) as { port?: number; ran?: string; inside?: string };
        buffered = buffered.slice(end + 1);
        if (line.port) resolve({ child, port: line.port, ran, inside });
        if (line.ran) ran.push(line.ran);
        if (line.inside) inside.push(line.inside);
      }
    });
    child.once('exit', (code) => reject(new Error(`replica exited (${String(code)}):\n${stderr}`)));
  });
}

/** One delivery of an event: its body and its subscription's X-Webhook-Id. */
interface Delivery {
  readonly eventId: string;
  readonly webhookId: string;
}

function bodyOf(eventId: string): string {
  return JSON.stringify({
    event: {
      id: eventId,
      event_type: 'incident.triggered',
      resource_type: 'incident',
      occurred_at: '2026-01-02T03:04:05.000Z',
      agent: null,
      client: null,
      data: { type: 'incident', id: `P${eventId}`, title: eventId },
    },
  });
}

async function send(url: string, { eventId, webhookId }: Delivery): Promise<number> {
  const body = bodyOf(eventId);
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-pagerduty-signature': signWebhookBody(body, SECRET),
        'x-webhook-id': webhookId,
      },
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

// PagerDuty waits between attempts; so does the test, for real processes (not a clock) to move on.
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends every delivery, `concurrency` at a time, each until it is answered 2xx; `onAnswer` hears of
 * every answer. Resolves with the number of attempts.
 */
async function deliverAll(
  url: string,
  deliveries: readonly Delivery[],
  concurrency: number,
  onAnswer: (delivery: Delivery, status: number) => void = () => {},
): Promise<number> {
  const queue = [...deliveries];
  let attempts = 0;
  const lane = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (;;) {
        attempts += 1;
        const status = await send(url, next);
        onAnswer(next, status);
        if (status >= 200 && status < 300) break;
        await pause(50);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return attempts;
}

/** How many times each event ran, over all replicas. */
function runsPerEvent(replicas: readonly Replica[]): Map<string, number> {
  const runs = new Map<string, number>();
  for (const id of replicas.flatMap((replica) => replica.ran)) runs.set(id, (runs.get(id) ?? 0) + 1);
  return runs;
}

/** Waits until every event in `ids` was reported run by a replica (stdout may trail the answer). */
async function reported(replicas: readonly Replica[], ids: readonly string[]): Promise<void> {
  const started = Date.now();
  while (ids.some((id) => !runsPerEvent(replicas).has(id))) {
    if (Date.now() - started > 10_000) break;
    await pause(20);
  }
}

describe(`four webhook replicas behind a round-robin proxy, sharing one redis-server${skip}`, () => {
  let redis: TestRedis;
  let proxy: RoundRobinProxy;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    realSockets();
    if (skip) return;
    redis = await startTestRedis();
    const env = {
      REPLICA_REDIS_URL: redis.url,
      REPLICA_NAMESPACE: `replicas-${randomUUID()}`,
      REPLICA_SECRET: SECRET,
      REPLICA_CLAIM_MS: String(CLAIM_MS),
    };
    // Replica 0 hangs inside onEvent for the events of the kill test.
    replicas = await Promise.all(
      [0, 1, 2, 3].map((index) => startReplica(index === 0 ? { ...env, REPLICA_HANG_PREFIX: 'KILL-' } : env)),
    );
    proxy = await startRoundRobinProxy(replicas.map((replica) => replica.port));
  });
  afterAll(async () => {
    redis?.resume();
    for (const replica of replicas) replica.child.kill('SIGKILL');
    await proxy?.close();
    await redis?.stop();
  });

  run('run onEvent exactly once per event over 1,000 deliveries with repeats and two subscriptions', async () => {
    const deliveries: Delivery[] = [];
    for (let index = 0; index < 500; index += 1) {
      const eventId = `E${index}`;
      deliveries.push({ eventId, webhookId: `A-${index}` });
      // A repeat (a lost answer), sent at once so that it overlaps the first.
      if (index % 2 === 0) deliveries.push({ eventId, webhookId: `A-${index}` });
      // The same event from a second subscription.
      if (index % 3 === 0) deliveries.push({ eventId, webhookId: `B-${index}` });
      if (index % 5 === 0) deliveries.push({ eventId, webhookId: `B-${index}` });
    }
    // Neighbours in the list overlap: 16 lanes take them in order.
    expect(deliveries.length).toBeGreaterThanOrEqual(1000);
    const statuses = new Map<number, number>();
    const started = Date.now();
    const attempts = await deliverAll(proxy.url, deliveries, 16, (_, status) =>
      statuses.set(status, (statuses.get(status) ?? 0) + 1),
    );
    await reported(replicas, ['E499']);
    const runs = runsPerEvent(replicas);
    console.log(
      `${deliveries.length} deliveries of 500 events to 4 replicas: ${attempts} attempts in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(runs.size).toBe(500);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    // Every replica took part.
    expect(replicas.every((replica) => replica.ran.length > 0)).toBe(true);
  });

  run('run the event of a replica killed inside onEvent once, after its claim expired', async () => {
    const delivery = { eventId: 'KILL-1', webhookId: 'K-1' };
    // Straight to replica 0, which hangs inside onEvent; then it dies there.
    const first = send(`http://127.0.0.1:${replicas[0].port}/`, delivery);
    while (replicas[0].inside.length === 0) await pause(10);
    const killedAt = Date.now();
    replicas[0].child.kill('SIGKILL');
    expect(await first).toBe(0);
    proxy.ports.splice(proxy.ports.indexOf(replicas[0].port), 1);
    // PagerDuty retries through the proxy: 503 while the dead replica's claim holds, then it runs once.
    const answers: number[] = [];
    await deliverAll(proxy.url, [delivery], 1, (_, status) => answers.push(status));
    const ranAfter = Date.now() - killedAt;
    await reported(replicas, ['KILL-1']);
    console.log(`killed inside onEvent: ran once ${ranAfter} ms later, after answers ${answers.join(' ')}`);
    expect(answers.slice(0, -1).every((status) => status === 503)).toBe(true);
    expect(answers.at(-1)).toBe(200);
    expect(ranAfter).toBeGreaterThanOrEqual(CLAIM_MS - 100);
    expect(runsPerEvent(replicas).get('KILL-1')).toBe(1);
    // A repeat now is a duplicate, and runs nothing.
    expect(await send(proxy.url, delivery)).toBe(200);
    expect(runsPerEvent(replicas).get('KILL-1')).toBe(1);
  });

  run('answer no delivery 2xx without having run it while Redis is stopped, and run all once it goes on', async () => {
    const deliveries: Delivery[] = [];
    for (let index = 0; index < 150; index += 1) {
      deliveries.push({ eventId: `R${index}`, webhookId: `RA-${index}` });
      if (index % 2 === 0) deliveries.push({ eventId: `R${index}`, webhookId: `RB-${index}` });
    }
    const answeredOk = new Set<string>();
    const okWhileStopped = new Set<string>();
    let stopped = false;
    let answersWhileStopped = 0;
    const sending = deliverAll(proxy.url, deliveries, 8, (delivery, status) => {
      if (status >= 200 && status < 300) answeredOk.add(delivery.eventId);
      if (stopped) {
        answersWhileStopped += 1;
        if (status >= 200 && status < 300) okWhileStopped.add(delivery.eventId);
      }
    });
    // Mid-run: once a third of the events are through, Redis stops for two seconds.
    while (answeredOk.size < 50) await pause(10);
    redis.pause();
    stopped = true;
    await pause(2000);
    stopped = false;
    redis.resume();
    await sending;
    const ids = deliveries.map((delivery) => delivery.eventId);
    await reported(replicas, ids);
    const runs = runsPerEvent(replicas);
    console.log(
      `Redis stopped for 2 s mid-run: ${answersWhileStopped} answers meanwhile, ` +
        `${okWhileStopped.size} of them 2xx (events that had run)`,
    );
    expect(answersWhileStopped).toBeGreaterThan(0);
    // A 2xx while Redis was stopped is only for an event that ran (its done mark could not be written).
    for (const id of okWhileStopped) expect(runs.get(id)).toBe(1);
    expect(ids.every((id) => runs.get(id) === 1)).toBe(true);
  });
});
