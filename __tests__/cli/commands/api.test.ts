import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../cli-harness.js';

const API_KEY = 'u+apikey00000000wxyz';
const ENV = { PAGERDUTY_API_KEY: API_KEY };

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

const USERS = Array.from({ length: 8 }, (_, i) => ({ id: `PU${i}`, type: 'user', name: `User ${i}` }));
const RECORDS = Array.from({ length: 5 }, (_, i) => ({ id: `R${i}` }));
/** Pages are short on purpose, whatever `limit` asks: the client must page by what it got. */
const PAGE = 3;

let server: Server;
let base: string;
let tmp: string;
const requests: Recorded[] = [];

function send(response: ServerResponse, status: number, body?: unknown): void {
  response
    .writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-42', 'ratelimit-remaining': '959' })
    .end(body === undefined ? '' : JSON.stringify(body));
}

/** The REST API's answer to a write without `From`: its detail is longer than 99 characters. */
const FROM_MISSING = {
  error: {
    message: 'Invalid Input Provided',
    code: 2001,
    errors: [
      'You must specify a user\'s email address in the "From" header to perform this action on behalf of an account-level key',
      'A second detail that must not be lost either',
    ],
  },
};

let limitedCalls = 0;

function route(request: Recorded, response: ServerResponse): void {
  if (request.path === '/users' && request.method === 'GET') {
    const offset = Number(request.query.get('offset') ?? 0);
    const users = USERS.slice(offset, offset + PAGE);
    return send(response, 200, { users, limit: Number(request.query.get('limit')), offset, more: offset + PAGE < USERS.length });
  }
  if (request.path === '/audit/records') {
    const start = Number(request.query.get('cursor') ?? 0);
    const next = start + 2 < RECORDS.length ? String(start + 2) : null;
    return send(response, 200, { records: RECORDS.slice(start, start + 2), next_cursor: next, limit: 2 });
  }
  if (request.path === '/users/PGONE') return send(response, 404, { error: { message: 'Not Found', code: 2100 } });
  if (request.path === '/incidents/PDEL') return send(response, 204);
  if (request.path === '/incidents/PFROM') return send(response, 400, FROM_MISSING);
  if (request.path === '/limited') {
    limitedCalls += 1;
    return limitedCalls === 1 ? send(response, 429, { error: { message: 'Rate Limit Exceeded', code: 2020 } }) : send(response, 200, { ok: true });
  }
  return send(response, 200, { echo: true });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded = { method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body };
      requests.push(recorded);
      route(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  tmp = await mkdtemp(path.join(tmpdir(), 'pagerduty-api-test-'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  requests.length = 0;
});

const api = (args: string[], env: Record<string, string> = ENV, stdin?: Readable) =>
  runCli(['api', ...args, '--base-url', base], env, stdin ? { stdin } : {});

describe('pagerduty api --paginate', () => {
  it('prints every item of every classic page once, one JSON object per line', async () => {
    const result = await api(['/users', '--paginate']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(USERS);
    expect(requests.map((r) => r.query.get('offset'))).toEqual(['0', '3', '6']);
  });

  it('follows next_cursor on a cursor-based index', async () => {
    const result = await api(['/audit/records', '--paginate']);
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(RECORDS);
    expect(requests).toHaveLength(3);
  });

  it('sends fields as query parameters, lists as key[]', async () => {
    await api(['/users', '--paginate', '-F', 'team_ids=PT1', '-F', 'team_ids=PT2', '-F', 'query=ann']);
    expect(requests[0]?.query.getAll('team_ids[]')).toEqual(['PT1', 'PT2']);
    expect(requests[0]?.query.get('query')).toBe('ann');
  });

  it('is a usage error with a method other than GET', async () => {
    const result = await api(['/users', '--paginate', '-X', 'POST']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--paginate works only with GET');
    expect(requests).toEqual([]);
  });

  it('is a usage error on a path that is not an index', async () => {
    const result = await api(['/users/PABC', '--paginate']);
    expect(result.status).toBe(2);
    expect(requests).toEqual([]);
  });
});

describe('pagerduty api', () => {
  it('sends an OAuth token as a bearer token with --auth-type oauth2', async () => {
    const result = await api(['/abilities', '--auth-type', 'oauth2']);
    expect(result.status).toBe(0);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('sends to the EU base URL with --region eu', async () => {
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new (await import('node-fetch')).Response('{"ok":true}', { status: 200 });
    };
    const result = await runCli(['api', '/abilities', '--region', 'eu'], ENV, { fetch });
    expect(result.status).toBe(0);
    expect(urls).toEqual(['https://api.eu.pagerduty.com/abilities']);
  });

  it('is a usage error for an unknown --auth-type or --region', async () => {
    expect((await api(['/abilities', '--auth-type', 'basic'])).status).toBe(2);
    expect((await api(['/abilities', '--region', 'mars'])).status).toBe(2);
    expect(requests).toHaveLength(0);
  });

  it('GETs a path with the REST headers and prints the JSON body', async () => {
    const result = await api(['/abilities']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ echo: true });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.headers.authorization).toBe(`Token token=${API_KEY}`);
    expect(request?.headers.accept).toBe('application/vnd.pagerduty+json;version=2');
  });

  it('sends typed fields as a nested JSON body for POST, with --from and -H', async () => {
    const result = await api([
      '/incidents',
      '-X',
      'post',
      '--from',
      'ann@example.com',
      '-H',
      'X-Test: yes',
      '-F',
      'incident[type]=incident',
      '-F',
      'incident[title]=Disk full',
      '-F',
      'incident[service][id]=PSVC',
      '-F',
      'incident[urgency_high]=true',
      '-f',
      'incident[number]=42',
    ]);
    expect(result.status).toBe(0);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.from).toBe('ann@example.com');
    expect(request?.headers['x-test']).toBe('yes');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      incident: { type: 'incident', title: 'Disk full', service: { id: 'PSVC' }, urgency_high: true, number: '42' },
    });
  });

  it('sends the --input file as the body, and fields in the query string', async () => {
    const file = path.join(tmp, 'body.json');
    await writeFile(file, JSON.stringify({ incident: { type: 'incident_reference', status: 'resolved' } }));
    const result = await api(['/incidents/PABC', '-X', 'PUT', '--input', file, '-F', 'dry=true']);
    expect(result.status).toBe(0);
    expect(requests[0]?.method).toBe('PUT');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ incident: { type: 'incident_reference', status: 'resolved' } });
    expect(requests[0]?.query.get('dry')).toBe('true');
  });

  it('reads the body from standard input with --input -', async () => {
    const result = await api(['/incidents', '-X', 'POST', '--input', '-'], ENV, Readable.from(['{"incident":', '{"title":"x"}}']));
    expect(result.status).toBe(0);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ incident: { title: 'x' } });
  });

  it('is a usage error when --input is not JSON or cannot be read', async () => {
    const file = path.join(tmp, 'bad.json');
    await writeFile(file, '{not json');
    expect((await api(['/x', '-X', 'POST', '--input', file])).status).toBe(2);
    const missing = await api(['/x', '-X', 'POST', '--input', path.join(tmp, 'missing.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read --input');
    expect(requests).toEqual([]);
  });

  it('prints nothing for a 204', async () => {
    const result = await api(['/incidents/PDEL', '-X', 'DELETE']);
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(requests[0]?.method).toBe('DELETE');
  });

  it("exits 1 for a 404 with the API's message and code, without the key", async () => {
    const result = await api(['/users/PGONE']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `pagerduty: GET ${base}/users/PGONE: API responded with client error (status 404)\npagerduty: Not Found (code 2100)\n`,
    );
    expect(result.stderr).not.toContain(API_KEY);
  });

  it("prints the API's message and every line of its errors list whole, one per line", async () => {
    const result = await api(['/incidents/PFROM', '-X', 'PUT', '-F', 'incident[type]=incident_reference']);
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `pagerduty: PUT ${base}/incidents/PFROM: API responded with client error (status 400)`,
      'pagerduty: Invalid Input Provided (code 2001)',
      `pagerduty:   ${FROM_MISSING.error.errors[0]}`,
      `pagerduty:   ${FROM_MISSING.error.errors[1]}`,
    ]);
  });

  it('shows each retry on stderr as it happens, then the result', async () => {
    limitedCalls = 0;
    const result = await api(['/limited']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true });
    expect(result.stderr).toMatch(new RegExp(`^pagerduty: warning: GET ${base}/limited: attempt 1 failed \\(status 429\\); retrying in [\\d.]+ s\n$`));
  });

  it('exits 2 without PAGERDUTY_API_KEY', async () => {
    const result = await api(['/users'], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no API key: set PAGERDUTY_API_KEY');
    expect(requests).toEqual([]);
  });

  it('exits 2 for an unknown method or a malformed field', async () => {
    expect((await api(['/users', '-X', 'TRACE'])).status).toBe(2);
    expect((await api(['/users', '-F', 'novalue'])).status).toBe(2);
    expect((await api(['/users', '-H', 'nocolon'])).status).toBe(2);
    expect(requests).toEqual([]);
  });

  it('refuses a full URL on another host before any request', async () => {
    const result = await api(['https://evil.example.com/users']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not under the client');
    expect(requests).toEqual([]);
  });
});

describe('pagerduty api --include and --silent', () => {
  it('prints the status line and the headers (x-request-id, rate limits), a blank line, then the body', async () => {
    const result = await api(['/abilities', '-i']);
    expect(result.status).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    const lines = (head ?? '').split('\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('x-request-id: req-42');
    expect(lines).toContain('ratelimit-remaining: 959');
    expect(lines).toContain('content-type: application/json');
    expect(JSON.parse(body ?? '')).toEqual({ echo: true });
  });

  it('--silent prints no body; with -i only the head', async () => {
    expect(await api(['/abilities', '--silent'])).toEqual({ status: 0, stdout: '', stderr: '' });
    const result = await api(['/abilities', '-i', '--silent']);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n(?:[a-z-]+: .*\n)+\n$/);
  });

  it('--silent with --paginate fetches every page and prints nothing', async () => {
    const result = await api(['/users', '--paginate', '--silent']);
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(requests).toHaveLength(3);
  });

  it('with -i, a failed exchange is printed whole on stdout and explained on stderr', async () => {
    const result = await api(['/users/PGONE', '-i']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(result.stdout).toContain('x-request-id: req-42');
    expect(result.stdout.endsWith('{"error":{"message":"Not Found","code":2100}}\n')).toBe(true);
    expect(result.stderr).toContain('Not Found (code 2100)');
  });

  it('refuses --include with --paginate before any request', async () => {
    const result = await api(['/users', '--paginate', '-i']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--include cannot be combined with --paginate');
    expect(requests).toEqual([]);
  });
});

describe('pagerduty api -F key=@file', () => {
  it("sends a file's text as the value, in the JSON body", async () => {
    const file = path.join(tmp, 'note.txt');
    await writeFile(file, 'Line one\n"quoted" line two\n');
    const result = await api(['/incidents/PABC/notes', '-X', 'POST', '-F', `note[content]=@${file}`]);
    expect(result.status).toBe(0);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ note: { content: 'Line one\n"quoted" line two\n' } });
  });

  it('reads @- from standard input, and a query value for GET', async () => {
    const result = await api(['/users', '-F', 'query=@-'], ENV, Readable.from(['ann']));
    expect(result.status).toBe(0);
    expect(requests[0]?.query.get('query')).toBe('ann');
  });

  it('keeps a file value as text (no true/false/number conversion)', async () => {
    const file = path.join(tmp, 'flag.txt');
    await writeFile(file, 'true');
    await api(['/x', '-X', 'POST', '-F', `flag=@${file}`]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ flag: 'true' });
  });

  it('sends -f key=@text literally', async () => {
    await api(['/x', '-X', 'POST', '-f', 'handle=@ann']);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ handle: '@ann' });
  });

  it('is a usage error, before any request, for a missing file, a bare @, or standard input read twice', async () => {
    const missing = await api(['/x', '-X', 'POST', '-F', `a=@${path.join(tmp, 'absent.txt')}`]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read the field value from');
    expect((await api(['/x', '-X', 'POST', '-F', 'a=@'])).status).toBe(2);
    const twice = await api(['/x', '-X', 'POST', '-F', 'a=@-', '--input', '-'], ENV, Readable.from(['{}']));
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('standard input can be read once');
    expect(requests).toEqual([]);
  });
});

describe('pagerduty api and the environment', () => {
  it('sends to PAGERDUTY_BASE_URL when --base-url is absent', async () => {
    const result = await runCli(['api', '/abilities'], { ...ENV, PAGERDUTY_BASE_URL: base });
    expect(result.status).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('lets --base-url and an explicit --region win over PAGERDUTY_BASE_URL', async () => {
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new (await import('node-fetch')).Response('{}', { status: 200 });
    };
    const env = { ...ENV, PAGERDUTY_BASE_URL: 'https://elsewhere.example.com' };
    await runCli(['api', '/abilities', '--region', 'eu'], env, { fetch });
    await runCli(['api', '/abilities', '--base-url', 'https://api.pagerduty.com'], env, { fetch });
    expect(urls).toEqual(['https://api.eu.pagerduty.com/abilities', 'https://api.pagerduty.com/abilities']);
  });

  it('sends PAGERDUTY_FROM as the From header unless --from is given', async () => {
    await runCli(['api', '/abilities'], { ...ENV, PAGERDUTY_BASE_URL: base, PAGERDUTY_FROM: 'env@example.com' });
    await runCli(['api', '/abilities', '--from', 'flag@example.com'], { ...ENV, PAGERDUTY_BASE_URL: base, PAGERDUTY_FROM: 'env@example.com' });
    expect(requests.map((request) => request.headers.from)).toEqual(['env@example.com', 'flag@example.com']);
  });

  it('documents every environment default in --help, and how fields differ from gh api', async () => {
    const help = (await runCli(['api', '--help'])).stdout;
    expect(help).toContain('$PAGERDUTY_BASE_URL, else https://api.pagerduty.com');
    expect(help).toContain('$PAGERDUTY_FROM');
    expect(help).toContain('$PAGERDUTY_API_KEY');
    expect(help).toMatch(/unlike gh api/i);
    expect(help).toContain('@file');
  });
});

describe('pagerduty api --paginate on what is not an index', () => {
  it.each([['/users/PABC'], ['/incidents/PABC/notes/PNOTE']])('%s: says to drop --paginate, in command-line terms', async (target) => {
    const result = await api([target, '--paginate']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--paginate');
    expect(result.stderr).toContain('drop --paginate');
    expect(result.stderr).not.toMatch(/\b(?:iterAll|iterCursor|iterHistory|listAll|rget|jget)\b/);
    expect(requests).toEqual([]);
  });
});
