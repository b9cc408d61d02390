// Two or more builds of the client side by side in one process, against the hand-written
// node-fetch loop: what a change to the engine costs or saves, measured as
// `transport.bench.mjs` measures the client (turns of 100 GETs, rotating order, 15 rounds
// of 2,000 GETs a side, medians of the rounds' ratios). In one process the builds share
// the machine's moments of load, so a difference of 1 % to 2 % shows in two or three runs,
// where separate runs of the transport benchmark differ by more than that.
//
//   node bench/compare-builds.mjs <bundle> <bundle> ...
//
// A bundle is an ES module exporting the library: `dist/index.js` after a build, a copy of
// an earlier build, or one file made by esbuild from a changed copy of `src/`:
//
//   npx esbuild src/index.ts --bundle --format=esm --platform=node --target=node20 \
//     --external:node-fetch --external:https-proxy-agent --outfile=/tmp/variant/index.js
//
// It imports node-fetch, so a `node_modules` must be found from its folder up (a link
// will do: `ln -s "$PWD/node_modules" /tmp/variant/node_modules`). The first bundle is the
// reference.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientHeaders } from './client-headers.mjs';
import { roundRatio, roundsInTurns } from './turns.mjs';
import { startUserServer } from './user-server.mjs';

const KEY = 'bench-key-0000';
const ROUNDS = 15;
const GETS = 2_000;
const TURN = 100;

const bundles = process.argv.slice(2);
if (bundles.length < 2) {
  console.error('usage: node bench/compare-builds.mjs <bundle> <bundle> ...');
  process.exit(2);
}
const labels = bundles.map((file, i) => `${i}:${path.relative(process.cwd(), file) || file}`);
const modules = await Promise.all(bundles.map((file) => import(pathToFileURL(path.resolve(file)).href)));
const { default: fetch } = await import('node-fetch');
const server = await startUserServer(0);
const headers = clientHeaders(modules[0].VERSION, KEY, modules[0].REST_API_V2_ACCEPT);
const agent = new http.Agent({ keepAlive: true });
const url = `${server.base}/users/PABC123`;
const clients = modules.map((module) => new module.RestApiV2Client(KEY, { baseUrl: server.base }));
const sides = { loop: async () => (await fetch(url, { headers, agent })).json() };
labels.forEach((label, i) => (sides[label] = () => clients[i].jget('/users/PABC123')));
const samples = await roundsInTurns(sides, { rounds: ROUNDS, gets: GETS, turn: TURN });
clients.forEach((client) => client.close());
agent.destroy();
server.child.disconnect();

const ratio = (a, b, measure) => roundRatio(samples, a, b, measure);
console.log(`${ROUNDS} rounds of ${GETS.toLocaleString('en')} GETs a side in turns of ${TURN}; medians of the rounds' ratios (wall / CPU)`);
for (const label of labels) {
  const vsLoop = `${ratio(label, 'loop', 'wall').toFixed(3)}x / ${ratio(label, 'loop', 'cpu').toFixed(3)}x`;
  const vsFirst = label === labels[0] ? '' : `   against ${labels[0]}: ${ratio(label, labels[0], 'wall').toFixed(3)}x / ${ratio(label, labels[0], 'cpu').toFixed(3)}x`;
  console.log(`  ${label.padEnd(40)} against the loop: ${vsLoop}${vsFirst}`);
}
