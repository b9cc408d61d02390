import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { buildCli, runChild, type BuiltCli } from './build-cli.js';

const KEY = 'R0UT1NGKEY000000000000000000abcd';

interface Recorded {
  method?: string;
  url?: string;
  body: Record<string, unknown>;
}

const FROM_MISSING = {
  message: 'Invalid Input Provided',
  code: 2001,
  errors: [
    'You must specify a user\'s email address in the "From" header to perform this action ' +
      'with an account-level API key',
  ],
};

/** The modules `file` imports statically (compiled JS: one import per line), followed recursively. */
async function staticImports(file: string, seen = new Set<string>()): Promise<Set<string>> {
  const text = await readFile(file, 'utf8');
  for (const [, specifier] of text.matchAll(/^(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"];?$/gm)) {
    if (!specifier) continue;
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier;
    if (seen.has(target)) continue;
    seen.add(target);
    if (specifier.startsWith('.')) await staticImports(target, seen);
  }
  return seen;
}

let cli: BuiltCli;
let server: Server;
let base: string;
const requests: Recorded[] = [];
/** What the loopback Events API answers next: status and body. */
let nextReply: [number, object] = [202, {}];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/incidents/PFROM') {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: FROM_MISSING }));
      return;
    }
    if (request.url?.startsWith('/users')) {
      // An index that never ends, to see the program stop when its reader goes away.
      const offset = Number(new URL(request.url, base).searchParams.get('offset') ?? 0);
      const users = Array.from({ length: 100 }, (_, i) => ({ id: `PU${offset + i}`, type: 'user' }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ users, more: true }));
      return;
    }
    void readBody(request).then((text) => {
      requests.push({ method: request.method, url: request.url, body: JSON.parse(text || '{}') });
      const [status, body] = nextReply;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  cli = await buildCli();
}, 120000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cli?.remove();
});

describe('the pagerduty executable (a real child process)', () => {
  it('starts with a node shebang', async () => {
    expect((await readFile(cli.main, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('trigger prints the dedup key and exits 0', async () => {
    requests.length = 0;
    nextReply = [202, { status: 'success', message: 'Event processed', dedup_key: 'srv01/HTTP' }];
    const result = await runChild(cli.main, [
      'trigger',
      '-k',
      KEY,
      '--description',
      'Disk full',
      '--source',
      'db01',
      '--base-url',
      base,
    ]);
    expect(result).toEqual({ status: 0, stdout: 'srv01/HTTP\n', stderr: '' });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/v2/enqueue',
        body: {
          routing_key: KEY,
          event_action: 'trigger',
          dedup_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
          payload: { summary: 'Disk full', source: 'db01', severity: 'critical' },
        },
      },
    ]);
  });

  it('reads the routing key from PAGERDUTY_ROUTING_KEY', async () => {
    requests.length = 0;
    nextReply = [202, { status: 'success', dedup_key: 'k2' }];
    const result = await runChild(cli.main, ['resolve', '-i', 'k2', '--base-url', base], {
      PAGERDUTY_ROUTING_KEY: KEY,
    });
    expect(result).toEqual({ status: 0, stdout: 'k2\n', stderr: '' });
    expect(requests[0]?.body).toEqual({ routing_key: KEY, event_action: 'resolve', dedup_key: 'k2' });
  });

  it("a 400 exits 1 with the API's message on one line, no stack trace and no key", async () => {
    nextReply = [
      400,
      { status: 'invalid event', message: 'Event object is invalid', errors: ["'payload.source' is missing or blank"] },
    ];
    const result = await runChild(cli.main, ['trigger', '-k', KEY, '--description', 'x', '--base-url', base]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("Event object is invalid; 'payload.source' is missing or blank");
    // The detail is on the first line whole, so it is not repeated below it.
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr).not.toContain(KEY);
  });

  it("api prints the API's message and each of its errors whole, reaching the host of PAGERDUTY_BASE_URL", async () => {
    const result = await runChild(
      cli.main,
      ['api', '/incidents/PFROM', '-X', 'PUT', '-F', 'incident[type]=incident_reference'],
      {
        PAGERDUTY_API_KEY: 'u+apikey00000000wxyz',
        PAGERDUTY_BASE_URL: base,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `pagerduty: PUT ${base}/incidents/PFROM: API responded with client error (status 400)`,
      'pagerduty: Invalid Input Provided (code 2001)',
      `pagerduty:   ${FROM_MISSING.errors[0]}`,
    ]);
  });

  it('calls an unknown word an unknown command and lists the commands', async () => {
    const result = await runChild(cli.main, ['bogus']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'unknown command "bogus"; the commands are: incident, oncall, schedule, service, user, team, ep, ' +
        'trigger, acknowledge, resolve, submit, api, emulator',
    );
  });

  it('loads no package (not even yargs), client, transport or emulator module for --help', async () => {
    const loaded = [...(await staticImports(cli.main))];
    const root = path.dirname(path.dirname(cli.main));
    const packages = loaded.filter((entry) => !entry.startsWith(root));
    expect(packages.filter((entry) => !entry.startsWith('node:'))).toEqual([]);
    const modules = loaded.filter((entry) => entry.startsWith(root)).map((entry) => path.relative(root, entry));
    expect(modules).toContain('cli/run.js');
    expect(
      modules.filter((entry) =>
        /^(emulator\/|core\/(api-client|transport|proxy|rest\/client|events\/events-api-v2-client)\.js)/.test(entry),
      ),
    ).toEqual([]);
  });

  it('a missing routing key exits 2 without a request', async () => {
    requests.length = 0;
    const result = await runChild(cli.main, ['trigger', '--description', 'x', '--base-url', base]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no routing key: pass -k KEY or set PAGERDUTY_ROUTING_KEY');
    expect(requests).toEqual([]);
  });

  it('-h prints usage listing every subcommand', async () => {
    const result = await runChild(cli.main, ['-h']);
    expect(result.status).toBe(0);
    for (const name of ['trigger', 'acknowledge', 'resolve', 'submit', 'api']) {
      expect(result.stdout).toMatch(new RegExp(`pagerduty ${name}\\b`));
    }
    expect(result.stdout).toContain('--help');
    expect(result.stdout).toContain('--version');
  });

  it.each([
    [
      'trigger',
      [
        '-k, --routing-key',
        '--description',
        '-i, --dedup-key',
        '--source',
        '--severity',
        '--base-url',
        '--json',
        '-h, --help',
      ],
    ],
    ['acknowledge', ['-k, --routing-key', '-i, --dedup-key', '--base-url', '--json', '-h, --help']],
    ['resolve', ['-k, --routing-key', '-i, --dedup-key', '--base-url', '--json', '-h, --help']],
    ['submit', ['-k, --routing-key', '--description', '--source', '--base-url', '--json', '-h, --help']],
    [
      'api',
      [
        '-X, --method',
        '-F, --field',
        '-f, --raw-field',
        '-H, --header',
        '--input',
        '--paginate',
        '--from',
        '--base-url',
        '-h, --help',
      ],
    ],
  ])('%s -h lists every option', async (name, options) => {
    const result = await runChild(cli.main, [name, '-h']);
    expect(result.status).toBe(0);
    for (const option of options) expect(result.stdout).toContain(option);
  });

  it('stops quietly with status 0 when the reader of its output goes away (| head -1)', async () => {
    const outcome = await new Promise<{ code: number | null; stderr: string; firstLine: string }>((resolve) => {
      const child = execFile(process.execPath, [cli.main, 'api', '/users', '--paginate', '--base-url', base], {
        env: { PATH: process.env.PATH ?? '', PAGERDUTY_API_KEY: 'u+apikey00000000wxyz' },
        timeout: 15000,
      });
      let stderr = '';
      let firstLine = '';
      child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
      child.stdout?.once('data', (chunk) => {
        firstLine = String(chunk).split('\n')[0] ?? '';
        child.stdout?.destroy();
      });
      child.on('exit', (code) => resolve({ code, stderr, firstLine }));
    });
    expect(JSON.parse(outcome.firstLine)).toEqual({ id: 'PU0', type: 'user' });
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toBe('');
  });
});
