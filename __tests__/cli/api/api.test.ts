import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../cli-harness.js';
import { API_KEY, ENV, FROM_MISSING, RECORDS, USERS, useApiCommand } from './fake-rest-api.js';

const cli = useApiCommand();
const { api } = cli;

describe('pagerduty api --paginate', () => {
  it('prints every item of every classic page once, one JSON object per line', async () => {
    const result = await api(['/users', '--paginate']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(USERS);
    expect(cli.requests.map((r) => r.query.get('offset'))).toEqual(['0', '3', '6']);
  });

  it('follows next_cursor on a cursor-based index', async () => {
    const result = await api(['/audit/records', '--paginate']);
    expect(result.status).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(RECORDS);
    expect(cli.requests).toHaveLength(3);
  });

  it('sends fields as query parameters, lists as key[]', async () => {
    await api(['/users', '--paginate', '-F', 'team_ids=PT1', '-F', 'team_ids=PT2', '-F', 'query=ann']);
    expect(cli.requests[0]?.query.getAll('team_ids[]')).toEqual(['PT1', 'PT2']);
    expect(cli.requests[0]?.query.get('query')).toBe('ann');
  });

  it('sends a list parameter the description declares (statuses[]) with [] for one value as for many', async () => {
    await api(['/incidents', '-F', 'statuses=triggered', '-F', 'incident_key=abc']);
    expect(cli.requests[0]?.query.getAll('statuses[]')).toEqual(['triggered']);
    expect(cli.requests[0]?.query.has('statuses')).toBe(false);
    expect(cli.requests[0]?.query.get('incident_key')).toBe('abc');
    await api(['/oncalls', '-F', 'escalation_policy_ids=PEP1', '-F', 'escalation_policy_ids=PEP2']);
    expect(cli.requests[1]?.query.getAll('escalation_policy_ids[]')).toEqual(['PEP1', 'PEP2']);
  });

  it('is a usage error with a method other than GET', async () => {
    const result = await api(['/users', '--paginate', '-X', 'POST']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--paginate works only with GET');
    expect(cli.requests).toEqual([]);
  });

  it('is a usage error on a path that is not an index', async () => {
    const result = await api(['/users/PABC', '--paginate']);
    expect(result.status).toBe(2);
    expect(cli.requests).toEqual([]);
  });
});

describe('pagerduty api', () => {
  it('sends an OAuth token as a bearer token with --auth-type oauth2', async () => {
    const result = await api(['/abilities', '--auth-type', 'oauth2']);
    expect(result.status).toBe(0);
    expect(cli.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('sends to the EU cli.base URL with --region eu', async () => {
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
    expect(cli.requests).toHaveLength(0);
  });

  it('GETs a path with the REST headers and prints the JSON body', async () => {
    const result = await api(['/abilities']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ echo: true });
    const [request] = cli.requests;
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
    const [request] = cli.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.from).toBe('ann@example.com');
    expect(request?.headers['x-test']).toBe('yes');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      incident: { type: 'incident', title: 'Disk full', service: { id: 'PSVC' }, urgency_high: true, number: '42' },
    });
  });

  it('sends the --input file as the body, and fields in the query string', async () => {
    const file = path.join(cli.tmp, 'body.json');
    await writeFile(file, JSON.stringify({ incident: { type: 'incident_reference', status: 'resolved' } }));
    const result = await api(['/incidents/PABC', '-X', 'PUT', '--input', file, '-F', 'dry=true']);
    expect(result.status).toBe(0);
    expect(cli.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(cli.requests[0]?.body ?? '')).toEqual({
      incident: { type: 'incident_reference', status: 'resolved' },
    });
    expect(cli.requests[0]?.query.get('dry')).toBe('true');
  });

  it('reads the body from standard input with --input -', async () => {
    const result = await api(
      ['/incidents', '-X', 'POST', '--input', '-'],
      ENV,
      Readable.from(['{"incident":', '{"title":"x"}}']),
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(cli.requests[0]?.body ?? '')).toEqual({ incident: { title: 'x' } });
  });

  it('is a usage error when --input is not JSON or cannot be read', async () => {
    const file = path.join(cli.tmp, 'bad.json');
    await writeFile(file, '{not json');
    expect((await api(['/x', '-X', 'POST', '--input', file])).status).toBe(2);
    const missing = await api(['/x', '-X', 'POST', '--input', path.join(cli.tmp, 'missing.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read --input');
    expect(cli.requests).toEqual([]);
  });

  it('prints nothing for a 204', async () => {
    const result = await api(['/incidents/PDEL', '-X', 'DELETE']);
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(cli.requests[0]?.method).toBe('DELETE');
  });

  it("exits 1 for a 404 with the API's message and code, without the key", async () => {
    const result = await api(['/users/PGONE']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `pagerduty: GET ${cli.base}/users/PGONE: API responded with client error (status 404)\n` +
        'pagerduty: Not Found (code 2100)\n',
    );
    expect(result.stderr).not.toContain(API_KEY);
  });

  it("prints the API's message and every line of its errors list whole, one per line", async () => {
    const result = await api(['/incidents/PFROM', '-X', 'PUT', '-F', 'incident[type]=incident_reference']);
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `pagerduty: PUT ${cli.base}/incidents/PFROM: API responded with client error (status 400)`,
      'pagerduty: Invalid Input Provided (code 2001)',
      `pagerduty:   ${FROM_MISSING.error.errors[0]}`,
      `pagerduty:   ${FROM_MISSING.error.errors[1]}`,
    ]);
  });

  it('shows each retry on stderr as it happens, then the result', async () => {
    const result = await api(['/limited']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true });
    expect(result.stderr).toMatch(
      new RegExp(
        `^pagerduty: warning: GET ${cli.base}/limited: ` +
          `attempt 1 failed \\(status 429, x-request-id \\S+\\); retrying in [\\d.]+ s\n$`,
      ),
    );
  });

  it('exits 2 without PAGERDUTY_API_KEY', async () => {
    const result = await api(['/users'], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no API key: set PAGERDUTY_API_KEY');
    expect(cli.requests).toEqual([]);
  });

  it('exits 2 for an unknown method or a malformed field', async () => {
    expect((await api(['/users', '-X', 'TRACE'])).status).toBe(2);
    expect((await api(['/users', '-F', 'novalue'])).status).toBe(2);
    expect((await api(['/users', '-H', 'nocolon'])).status).toBe(2);
    expect(cli.requests).toEqual([]);
  });

  it('refuses a full URL on another host before any request', async () => {
    const result = await api(['https://evil.example.com/users']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not under the client');
    expect(cli.requests).toEqual([]);
  });
});

describe('pagerduty api --paginate on what is not an index', () => {
  it.each([['/users/PABC'], ['/incidents/PABC/notes/PNOTE']])(
    '%s: says to drop --paginate, in command-line terms',
    async (target) => {
      const result = await api([target, '--paginate']);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--paginate');
      expect(result.stderr).toContain('drop --paginate');
      expect(result.stderr).not.toMatch(/\b(?:iterAll|iterCursor|iterHistory|listAll|rget|jget)\b/);
      expect(cli.requests).toEqual([]);
    },
  );
});
