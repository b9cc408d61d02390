// The request path of one warm `client.rget('/users/me')`: the src/ frames on the stack
// when the request reaches the transport (`Transport.send`, wrapped here to look, before
// anything in it awaits), and the src/ functions it runs (V8's precise coverage: call
// counts). node-fetch is replaced by a `fetch` that answers at once.
// Run: npx tsx scripts/request-path.mjs
import { Session } from 'node:inspector/promises';
import { Response } from 'node-fetch';
import { RestApiV2Client } from '../src/index.ts';
import { Transport } from '../src/core/transport/transport.ts';

let stack = '';
const send = Transport.prototype.send;
Transport.prototype.send = function (...args) {
  stack = new Error().stack ?? '';
  return send.apply(this, args);
};
const fetch = async () =>
  new Response('{"user":{"id":"PABC123"}}', { status: 200, headers: { 'Content-Type': 'application/json' } });
Error.stackTraceLimit = 200;
const client = new RestApiV2Client('key', { fetch });
await client.rget('/users/me'); // cold: modules loaded, caches warm

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session.post('Profiler.takePreciseCoverage'); // resets the counts
await client.rget('/users/me');
const { result } = await session.post('Profiler.takePreciseCoverage');
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();

const src = (url) => /\/src\/(.+\.ts)$/.exec(url)?.[1];
const called = result.flatMap(({ url, functions }) =>
  src(url) ? functions.filter((f) => f.functionName && !f.functionName.startsWith('__') && !f.functionName.startsWith('<') && f.ranges[0].count > 0).map((f) => `${src(url)} ${f.functionName}`) : [],
);
const frames = stack.split('\n').slice(1).map((line) => line.trim()).filter((line) => line.includes('/src/') && !line.includes('Transport.prototype.send'));
const files = (list) => new Set(list.map((entry) => /(?:\/src\/)?([\w/.-]+\.ts)/.exec(entry)[1]));
console.log(`stack at the transport: ${frames.length} src frames in ${files(frames).size} files`);
for (const frame of frames) console.log(`  ${frame.replace(/\(.*\/src\//, '(src/')}`);
console.log(`functions run: ${called.length} named src functions in ${new Set(called.map((entry) => entry.split(' ')[0])).size} files`);
for (const entry of called) console.log(`  ${entry}`);
