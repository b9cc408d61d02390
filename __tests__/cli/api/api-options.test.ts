import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../cli-harness.js';
import { ENV, useApiCommand } from './fake-rest-api.js';

const cli = useApiCommand();
const { api } = cli;

describe('pagerduty api --include and --silent', () => {
  it('prints the status line and the headers (x-request-id, rate limits), a blank line, then the body', async () => {
    const result = await api(['/abilities', '--include']);
    expect(result.status).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    const lines = (head ?? '').split('\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('x-request-id: req-42');
    expect(lines).toContain('ratelimit-remaining: 959');
    expect(lines).toContain('content-type: application/json');
    expect(JSON.parse(body ?? '')).toEqual({ echo: true });
  });

  it('--silent prints no body; with --include only the head', async () => {
    expect(await api(['/abilities', '--silent'])).toEqual({ status: 0, stdout: '', stderr: '' });
    const result = await api(['/abilities', '--include', '--silent']);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n(?:[a-z-]+: .*\n)+\n$/);
  });

  it('--silent with --paginate fetches every page and prints nothing', async () => {
    const result = await api(['/users', '--paginate', '--silent']);
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(cli.requests).toHaveLength(3);
  });

  it('with --include, a failed exchange is printed whole on stdout and explained on stderr', async () => {
    const result = await api(['/users/PGONE', '--include']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(result.stdout).toContain('x-request-id: req-42');
    expect(result.stdout.endsWith('{"error":{"message":"Not Found","code":2100}}\n')).toBe(true);
    expect(result.stderr).toContain('Not Found (code 2100)');
  });

  it('refuses --include with --paginate before any request', async () => {
    const result = await api(['/users', '--paginate', '--include']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--include cannot be combined with --paginate');
    expect(cli.requests).toEqual([]);
  });
});

describe('pagerduty api -F key=@file', () => {
  it("sends a file's text as the value, in the JSON body", async () => {
    const file = path.join(cli.tmp, 'note.txt');
    await writeFile(file, 'Line one\n"quoted" line two\n');
    const result = await api(['/incidents/PABC/notes', '-X', 'POST', '-F', `note[content]=@${file}`]);
    expect(result.status).toBe(0);
    expect(JSON.parse(cli.requests[0]?.body ?? '')).toEqual({ note: { content: 'Line one\n"quoted" line two\n' } });
  });

  it('reads @- from standard input, and a query value for GET', async () => {
    const result = await api(['/users', '-F', 'query=@-'], ENV, Readable.from(['ann']));
    expect(result.status).toBe(0);
    expect(cli.requests[0]?.query.get('query')).toBe('ann');
  });

  it('keeps a file value as text (no true/false/number conversion)', async () => {
    const file = path.join(cli.tmp, 'flag.txt');
    await writeFile(file, 'true');
    await api(['/x', '-X', 'POST', '-F', `flag=@${file}`]);
    expect(JSON.parse(cli.requests[0]?.body ?? '')).toEqual({ flag: 'true' });
  });

  it('sends -f key=@text literally', async () => {
    await api(['/x', '-X', 'POST', '-f', 'handle=@ann']);
    expect(JSON.parse(cli.requests[0]?.body ?? '')).toEqual({ handle: '@ann' });
  });

  it('is a usage error, before any request, for a missing file, a bare @, or standard input read twice', async () => {
    const missing = await api(['/x', '-X', 'POST', '-F', `a=@${path.join(cli.tmp, 'absent.txt')}`]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read the field value from');
    expect((await api(['/x', '-X', 'POST', '-F', 'a=@'])).status).toBe(2);
    const twice = await api(['/x', '-X', 'POST', '-F', 'a=@-', '--input', '-'], ENV, Readable.from(['{}']));
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('standard input can be read once');
    expect(cli.requests).toEqual([]);
  });
});

describe('pagerduty api and the environment', () => {
  it('sends to PAGERDUTY_BASE_URL when --base-url is absent', async () => {
    const result = await runCli(['api', '/abilities'], { ...ENV, PAGERDUTY_BASE_URL: cli.base });
    expect(result.status).toBe(0);
    expect(cli.requests).toHaveLength(1);
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
    await runCli(['api', '/abilities'], { ...ENV, PAGERDUTY_BASE_URL: cli.base, PAGERDUTY_FROM: 'env@example.com' });
    await runCli(['api', '/abilities', '--from', 'flag@example.com'], {
      ...ENV,
      PAGERDUTY_BASE_URL: cli.base,
      PAGERDUTY_FROM: 'env@example.com',
    });
    expect(cli.requests.map((request) => request.headers.from)).toEqual(['env@example.com', 'flag@example.com']);
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
