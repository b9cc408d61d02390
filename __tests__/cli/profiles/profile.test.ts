import { describe, expect, it } from '@jest/globals';
import { checkProfileName, parseProfileFile, selectProfile } from '../../../src/cli/profiles/profile.js';
import {
  credentialSummary,
  listLines,
  showLines,
  withCurrent,
  withoutCredential,
  withoutProfile,
  withProfile,
} from '../../../src/cli/profiles/profile-edits.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

const OAUTH = {
  kind: 'oauth' as const,
  clientId: 'app',
  identityUrl: 'https://identity.pagerduty.com',
  accessToken: 'pdus+access-secret',
  refreshToken: 'pdus+refresh-secret',
  expiresAt: '2026-12-01T00:00:00Z',
};

describe('parseProfileFile', () => {
  it('reads profiles with their credential, region, URLs and From', () => {
    const text = JSON.stringify({
      current: 'work',
      profiles: { work: { region: 'eu', from: 'me@example.com', credential: { kind: 'api-key', key: 'k' } } },
    });
    expect(parseProfileFile(text, 'f')).toEqual({
      current: 'work',
      profiles: { work: { region: 'eu', from: 'me@example.com', credential: { kind: 'api-key', key: 'k' } } },
    });
  });

  it('refuses what a profile cannot hold, naming the file and the profile', () => {
    expect(() => parseProfileFile('{', 'f.json')).toThrow('f.json is not JSON');
    expect(() => parseProfileFile('{"profiles":{"w":{"region":"mars"}}}', 'f.json')).toThrow(
      'f.json: profile "w": unknown region "mars"',
    );
    expect(() => parseProfileFile('{"profiles":{"w":{"credential":{"kind":"api-key"}}}}', 'f.json')).toThrow(
      '"key" is missing',
    );
    expect(() => parseProfileFile('{"profiles":{"../x":{}}}', 'f.json')).toThrow(UsageError);
  });
});

describe('checkProfileName', () => {
  it('takes letters, digits, dots, underscores and dashes, and refuses a path', () => {
    expect(checkProfileName('work-eu_2.b')).toBe('work-eu_2.b');
    expect(() => checkProfileName('../etc')).toThrow(UsageError);
    expect(() => checkProfileName('-x')).toThrow(UsageError);
  });
});

describe('selectProfile', () => {
  const file = { current: 'a', profiles: { a: {}, b: { region: 'eu' as const } } };

  it('takes the named profile, else the current one, else none', () => {
    expect(selectProfile(file, 'b')).toEqual({ name: 'b', profile: { region: 'eu' } });
    expect(selectProfile(file, undefined)).toEqual({ name: 'a', profile: {} });
    expect(selectProfile({ profiles: {} }, undefined)).toBeUndefined();
    expect(selectProfile(undefined, undefined)).toBeUndefined();
  });

  it('refuses a named profile that does not exist', () => {
    expect(() => selectProfile(file, 'c')).toThrow('no profile "c"; the profiles are: a, b');
    expect(() => selectProfile(undefined, 'c')).toThrow('"pagerduty login" or "pagerduty profile add" makes one');
  });
});

describe('profile edits', () => {
  it('create, update, switch and remove without changing the given content', () => {
    const empty = { profiles: {} };
    const one = withProfile(empty, 'a', { region: 'eu', from: undefined });
    expect(empty).toEqual({ profiles: {} });
    expect(one).toEqual({ profiles: { a: { region: 'eu' } } });
    const updated = withProfile(one, 'a', { from: 'me@example.com' });
    expect(updated.profiles.a).toEqual({ region: 'eu', from: 'me@example.com' });
    const current = withCurrent(updated, 'a');
    expect(withoutProfile(current, 'a')).toEqual({ profiles: {} });
    expect(withoutCredential(withProfile(current, 'a', { credential: OAUTH }), 'a').profiles.a).toEqual({
      region: 'eu',
      from: 'me@example.com',
    });
  });

  it('print no secret in list and show lines', () => {
    const file = { current: 'a', profiles: { a: { credential: OAUTH }, bb: { baseUrl: 'http://127.0.0.1:9' } } };
    const lines = [...listLines(file, 'a'), ...showLines('a', file.profiles.a, true)];
    expect(lines).toEqual([
      '* a  oauth   us',
      '  bb none    http://127.0.0.1:9',
      'profile: a (current)',
      'region: us',
      'credential: oauth (access token expires 2026-12-01T00:00:00Z, renewable)',
    ]);
    for (const line of lines) expect(line).not.toMatch(/secret/);
    expect(credentialSummary({ kind: 'api-key', key: 'secret' })).toBe('api-key');
  });
});
