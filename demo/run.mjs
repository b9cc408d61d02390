#!/usr/bin/env node
// The demo behind `npm run demo`: the library and the CLI against a local emulator of
// the service. It needs no account, no key and no network: everything runs on a loopback
// port, with fake keys that the emulator made up. Run `npm run build` first (the npm
// script does), since it uses the built package in dist/.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from '../dist/emulator/index.js';
import { EventsApiV2Client, McpApiClient, RestApiV2Client } from '../dist/index.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function step(number, text) {
  console.log(`\n${number}. ${text}`);
}

function check(condition, message) {
  if (!condition) throw new Error(`demo check failed: ${message}`);
}

const emulator = await startEmulator({ seedUsers: 230, seedIncidents: 12, mcpWriteTools: true, mcpDemoTools: true });
const rest = [];
const mcps = [];
try {
  const responder = emulator.keys.users[0];
  const routing = emulator.keys.routing[0];
  step(1, `Started the emulator on ${emulator.url}`);
  console.log(
    `   ${emulator.keys.users.length} users, ${emulator.keys.routing.length} services, ` +
      `${emulator.state.incidents.size} incidents seeded`,
  );

  step(2, `Trigger an alert with the CLI on the service "${routing.serviceName}"`);
  const description = 'Checkout latency above 2 s (demo)';
  // Asynchronous on purpose: the emulator serves from this process, so the CLI must not block it.
  const { stdout } = await run(process.execPath, [
    cli,
    'trigger',
    '-k',
    routing.routingKey,
    '--description',
    description,
    '--base-url',
    emulator.eventsUrl,
  ]);
  const dedupKey = stdout.trim();
  console.log(
    `   $ pagerduty trigger -k <routing key> --description "${description}" --base-url ${emulator.eventsUrl}`,
  );
  console.log(`   dedup key: ${dedupKey}`);
  check(/^[0-9a-f-]{36}$/.test(dedupKey), 'the CLI printed the dedup key it made (a UUID)');

  step(3, 'List the triggered incidents with the REST client');
  // The account-level key acts on incidents as the user named in From (defaultFrom).
  const client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url, defaultFrom: responder.email });
  rest.push(client);
  const triggered = await client.listAll('incidents', { statuses: ['triggered'] });
  for (const incident of triggered) console.log(`   ${incident.summary}  (${incident.service.summary})`);
  const mine = triggered.find((incident) => incident.incident_key === dedupKey);
  check(mine !== undefined, 'the CLI-triggered incident is listed');

  step(4, `Acknowledge all ${triggered.length} of them in one multi-update, as ${responder.email}`);
  const acknowledged = await client.rput('incidents', {
    json: triggered.map((incident) => ({ id: incident.id, type: 'incident_reference', status: 'acknowledged' })),
  });
  console.log(`   statuses now: ${[...new Set(acknowledged.map((incident) => incident.status))].join(', ')}`);
  check(
    acknowledged.length === triggered.length && acknowledged.every((incident) => incident.status === 'acknowledged'),
    'all acknowledged',
  );

  step(5, 'Resolve the CLI-triggered incident through the Events API');
  const events = new EventsApiV2Client(routing.routingKey, { baseUrl: emulator.eventsUrl });
  rest.push(events);
  const answer = await events.resolve(dedupKey);
  const resolved = await client.rget(`incidents/${mine.id}`);
  console.log(`   Events API: ${answer.status} (${answer.message}); ${resolved.summary} is now ${resolved.status}`);
  check(resolved.status === 'resolved', 'the incident is resolved');

  step(6, 'Page through all users with iterAll');
  emulator.clearRequests();
  let count = 0;
  for await (const user of client.iterAll('users', {}, { pageSize: 100 })) {
    count += 1;
    if (count <= 3) console.log(`   ${user.name} <${user.email}>`);
  }
  const pages = emulator.requests.filter((request) => request.path === '/users').length;
  console.log(`   ... ${count} users in ${pages} pages (requests the emulator served)`);
  check(count === emulator.keys.users.length, 'every user was read');

  step(7, `An agent's MCP session on the emulator (POST ${emulator.url}/mcp), as ${responder.email}`);
  const mcp = new McpApiClient(responder.key, { baseUrl: emulator.url });
  mcps.push(mcp);
  await mcp.connect(); // initialize + notifications/initialized; the session id rides on every later request
  const tools = (await mcp.listTools()).map((listed) => listed.name); // every page, by nextCursor
  console.log(`   protocol ${mcp.protocolVersion}, session ${mcp.sessionId}`);
  console.log(`   tools: ${tools.length} (${tools.slice(0, 4).join(', ')}, ...)`);
  const [target] = (await mcp.callTool('list_incidents', { statuses: ['acknowledged'], limit: 1 })).structuredContent
    .response;
  // A tool that acts is sent at most once: never retried once it may have reached the server.
  const resolvedByTool = await mcp.callTool('manage_incidents', {
    manage_request: { incident_ids: [target.id], status: 'resolved' },
  });
  const seen = await client.rget(`incidents/${target.id}`);
  console.log(`   manage_incidents ${target.id}: the REST API now shows ${seen.summary} as ${seen.status}`);
  check(!resolvedByTool.isError && seen.status === 'resolved', 'the MCP tool call changed what the REST API shows');
  const progress = [];
  const report = await mcp.callTool(
    'slow_report',
    { steps: 3, intervalMs: 100 },
    { onProgress: (p) => progress.push(`${p.progress}/${p.total ?? '?'}`) },
  );
  console.log(
    `   slow_report, progress ${progress.join(' ')}: ${JSON.stringify(report.structuredContent.report.incidents)}`,
  );
  check(
    tools.length === 104 && progress.length === 3 && report.structuredContent.report.steps === 3,
    'every tool page was read and the report streamed its progress',
  );
  await mcp.close(); // DELETE /mcp ends the session

  step(8, 'Done: closing the emulator');
} finally {
  for (const client of rest) client.close();
  for (const mcp of mcps) await mcp.close();
  await emulator.close();
}
