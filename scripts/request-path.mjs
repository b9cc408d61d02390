// The request path of one warm `client.rget('/users/me')` against a loopback server, through
// the real transport (node-fetch, the client's agent):
// - the src/ frames on the stack when node:http's agent receives the request (V8 shows the
//   awaiting callers as `async` frames);
// - the named src/ functions that ran during the call (V8's precise coverage: call counts).
// Run from a checkout (any commit, by file name only): npx tsx scripts/request-path.mjs [--list]
// (`--list` names each function with its call count)
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const root = process.cwd();
const src = path.join(root, 'src') + path.sep;
const { RestApiV2Client } = await import(path.join(root, 'src', 'index.ts'));
const server = http.createServer((request, response) => {
  response.setHeader('Content-Type', 'application/json');
  response.end('{"user":{"id":"PABC123","type":"user"}}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = new RestApiV2Client('x'.repeat(20), { baseUrl: `http://127.0.0.1:${server.address().port}` });

Error.stackTraceLimit = 200;
let stack = '';
let looking = false;
const addRequest = http.Agent.prototype.addRequest;
http.Agent.prototype.addRequest = function (...args) {
  if (looking) stack = new Error().stack ?? '';
  return addRequest.apply(this, args);
};
await client.rget('/users/me'); // cold: modules loaded, agent made

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session.post('Profiler.takePreciseCoverage'); // resets the counts
looking = true;
await client.rget('/users/me');
const { result } = await session.post('Profiler.takePreciseCoverage');
await session.post('Profiler.stopPreciseCoverage');
http.Agent.prototype.addRequest = addRequest;
client.close();
server.close();

const frames = stack
  .split('\n')
  .filter((line) => line.includes(src))
  .map((line) => line.trim().replace(src, ''));
const fileOf = (frame) => frame.replace(/^.*\((.*?):\d+:\d+\)$|^at (?:async )?(.*?):\d+:\d+$/, '$1$2');
const ran = [];
const calls = [];
for (const script of result) {
  const file = script.url.startsWith('file://') ? new URL(script.url).pathname : script.url;
  if (!file.startsWith(src)) continue;
  // `__name` is tsx's helper, not the library's.
  for (const fn of script.functions)
    if (fn.functionName && fn.functionName !== '__name' && fn.ranges[0].count > 0) {
      ran.push(`${path.relative(src, file)} ${fn.functionName}`);
      calls.push(fn.ranges[0].count);
    }
}
console.log(frames.join('\n'));
console.log(`frames in src when the request leaves: ${frames.length} in ${new Set(frames.map(fileOf)).size} files`);
console.log(`named src functions run: ${ran.length} in ${new Set(ran.map((entry) => entry.split(' ')[0])).size} files`);
// With --list: each function and how many times it ran (`resolveUrl ×1`: the URL resolved once); V8 counts an
// async function once more for each `await` it resumes from.
if (process.argv.includes('--list')) console.log(ran.map((entry, i) => `${entry} ×${calls[i]}`).join('\n'));
