// Where a GET's time goes: a CPU profile (node:inspector) of the client sending GETs to a
// loopback server in a child process, and of a hand-written node-fetch loop sending the
// same GETs, summed by function (self time, microseconds per GET) and by layer (this
// library, node-fetch, Node's own modules). The difference between the two columns is
// what the client adds over its own transport.
//
//   node bench/transport-profile.mjs [gets]   (after a build; 20,000 GETs a side by default)
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { clientHeaders } from './client-headers.mjs';
import { startUserServer } from './user-server.mjs';

await main(Number(process.argv[2] ?? 20_000));

async function main(gets) {
  const { base, child } = await startUserServer();
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import('../dist/index.js');
  const { default: fetch } = await import('node-fetch');
  const headers = clientHeaders(VERSION, 'bench-key-0000', REST_API_V2_ACCEPT);
  const agent = new http.Agent({ keepAlive: true });
  const url = `${base}/users/PABC123`;
  const client = new RestApiV2Client('bench-key-0000', { baseUrl: base });
  const sides = {
    loop: async () => (await fetch(url, { headers, agent })).json(),
    client: () => client.jget('/users/PABC123'),
  };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  // The sides take turns, a chunk of GETs each, so that the machine's load, the JIT and
  // the garbage collector weigh on both alike; the chunks' profiles are summed per side.
  const chunk = 1_000;
  const names = Object.keys(sides);
  const totals = Object.fromEntries(names.map((name) => [name, { functions: new Map(), layers: new Map() }]));
  for (const name of names) for (let i = 0; i < 500; i += 1) await sides[name](); // warm-up
  for (let round = 0; round < Math.ceil(gets / chunk); round += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(round + k) % names.length];
      await session.post('Profiler.start');
      for (let i = 0; i < chunk; i += 1) await sides[name]();
      const { profile } = await session.post('Profiler.stop');
      addInto(totals[name], selfTimes(profile, (us) => us / (Math.ceil(gets / chunk) * chunk)));
    }
  }
  session.disconnect();
  agent.destroy();
  client.close();
  child.disconnect();

  const { loop, client: lib } = totals;
  console.log(`CPU profile, ${gets.toLocaleString('en')} GETs each in turns of ${chunk.toLocaleString('en')}, self time in microseconds per GET`);
  console.log('(sampling adds its own cost: compare the columns, not the totals with the benchmark)');
  console.log('\nby layer                          loop   client   client - loop');
  for (const layer of ['pagerduty-client', 'node-fetch', 'node', 'native / GC / idle']) {
    const a = loop.layers.get(layer) ?? 0;
    const b = lib.layers.get(layer) ?? 0;
    console.log(`  ${layer.padEnd(28)} ${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(8)} ${(b - a).toFixed(1).padStart(10)}`);
  }
  console.log('\nthe library\'s own functions (client side):');
  const own = [...lib.functions].filter(([key]) => key.startsWith('pagerduty-client ')).sort((x, y) => y[1] - x[1]);
  for (const [key, us] of own.slice(0, 15)) console.log(`  ${us.toFixed(2).padStart(6)}  ${key.slice('pagerduty-client '.length)}`);
  console.log('\nlargest differences outside the library (client - loop):');
  const keys = new Set([...loop.functions.keys(), ...lib.functions.keys()]);
  const differences = [...keys]
    .filter((key) => !key.startsWith('pagerduty-client '))
    .map((key) => [key, (lib.functions.get(key) ?? 0) - (loop.functions.get(key) ?? 0)])
    .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  for (const [key, us] of differences.slice(0, 12)) console.log(`  ${us.toFixed(2).padStart(6)}  ${key}`);
}

/** Adds one profile's self times into a side's totals. */
function addInto(total, part) {
  for (const kind of ['functions', 'layers']) {
    for (const [key, us] of part[kind]) total[kind].set(key, (total[kind].get(key) ?? 0) + us);
  }
}

/** Self time by function and by layer, scaled by `scale`. */
function selfTimes(profile, scale) {
  const sampled = new Map();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map();
  const layers = new Map();
  for (const node of profile.nodes) {
    const us = scale(sampled.get(node.id) ?? 0);
    if (us === 0) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    const layer = url.includes('/dist/') && !url.includes('node_modules')
      ? 'pagerduty-client'
      : url.includes('node-fetch')
        ? 'node-fetch'
        : url.startsWith('node:')
          ? 'node'
          : 'native / GC / idle';
    const key = `${layer} ${functionName || '(anonymous)'} ${url.replace(/.*\//, '')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    layers.set(layer, (layers.get(layer) ?? 0) + us);
  }
  return { functions, layers };
}
