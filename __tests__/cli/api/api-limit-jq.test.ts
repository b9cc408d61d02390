import { beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator } from '../../../src/emulator/index.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('pagerduty api --paginate --limit', () => {
  it('prints the first N items and asks for no more pages than they need', async () => {
    await using emulator = await startEmulator({ seedUsers: 30 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const all = await runCli(['api', '/users', '--paginate', '--base-url', emulator.url], env);
    emulator.clearRequests();
    const result = await runCli(['api', '/users', '--paginate', '--limit', '7', '--base-url', emulator.url], env);
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual(all.stdout.trimEnd().split('\n').slice(0, 7));
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.requests[0]?.query).toContain('limit=7');
  });

  it('stops reading once N items are out when pages are read at once', async () => {
    await using emulator = await startEmulator({ seedUsers: 450 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const result = await runCli(
      ['api', '/users', '--paginate', '--limit', '150', '--concurrency', '2', '--base-url', emulator.url],
      env,
    );
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150);
    // Two pages give the 150 items; at most the window of two more pages was started (and cancelled).
    const pages = emulator.requests.filter((request) => request.path === '/users');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(4);
  });

  it('is a usage error without --paginate, or when N is not a positive integer, before any request', async () => {
    await using emulator = await startEmulator();
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const alone = await runCli(['api', '/users', '--limit', '3', '--base-url', emulator.url], env);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--limit works only with --paginate');
    const zero = await runCli(['api', '/users', '--paginate', '--limit', '0', '--base-url', emulator.url], env);
    expect(zero.status).toBe(2);
    expect(zero.stderr).toContain('--limit must be a positive integer');
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('pagerduty api --jq', () => {
  it('filters each item of every page with jq, strings as text', async () => {
    await using emulator = await startEmulator({ seedUsers: 12 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const items = await runCli(['api', '/users', '--paginate', '--base-url', emulator.url], env);
    const emails = items.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { email: string }).email);
    const result = await runCli(['api', '/users', '--paginate', '--jq', '.email', '--base-url', emulator.url], env);
    expect(result).toEqual({ status: 0, stdout: `${emails.join('\n')}\n`, stderr: '' });
  });

  it('filters the whole body without --paginate, other values as one line of JSON', async () => {
    await using emulator = await startEmulator({ seedUsers: 4 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const result = await runCli(
      ['api', '/users', '--jq', '{count: (.users | length), more}', '--base-url', emulator.url],
      env,
    );
    expect(result).toEqual({ status: 0, stdout: '{"count":4,"more":false}\n', stderr: '' });
  });

  it('combines with --limit: the first N items, filtered', async () => {
    await using emulator = await startEmulator({ seedUsers: 9 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const result = await runCli(
      ['api', '/users', '--paginate', '--limit', '2', '--jq', '.id', '--base-url', emulator.url],
      env,
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^P\w+\nP\w+\n$/);
  });

  it('is a usage error for a filter jq cannot compile, before any request', async () => {
    await using emulator = await startEmulator();
    const result = await runCli(['api', '/users', '--jq', '.users[] |', '--base-url', emulator.url], {
      PAGERDUTY_API_KEY: emulator.keys.account,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^pagerduty: --jq: jq: error: syntax error/);
    // jq quotes the program as written, not the wrapper that compiles it without running it.
    expect(result.stderr).toContain('line 1: .users[] |');
    expect(result.stderr).not.toMatch(/if false|else empty end/);
    expect(emulator.requests).toHaveLength(0);
  });

  it("fails with status 1 and jq's message when the filter fails on the data", async () => {
    await using emulator = await startEmulator({ seedUsers: 2 });
    const result = await runCli(['api', '/users', '--jq', '.users | .[0] | .[0]', '--base-url', emulator.url], {
      PAGERDUTY_API_KEY: emulator.keys.account,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('pagerduty: --jq: jq: error');
    expect(result.stderr).toContain('Cannot index object with number');
  });
});
