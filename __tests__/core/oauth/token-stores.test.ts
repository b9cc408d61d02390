// The in-memory and file token stores: what they keep, their renewal lock, and the file's mode and atomic write.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryTokenStore, isStoredToken, type TokenStore } from '../../../src/core/oauth/token-store.js';
import { FileTokenStore } from '../../../src/core/oauth/file-token-store.js';

const TOKEN = { accessToken: 'access-1', expiresAt: 5_000, lifetime: 2, refreshToken: 'refresh-1' };
let dir: string;
let clock = 1_000;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pd-token-store-'));
  clock = 1_000;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const stores: Record<string, () => TokenStore> = {
  InMemoryTokenStore: () => new InMemoryTokenStore(() => clock),
  FileTokenStore: () => new FileTokenStore(path.join(dir, 'tokens.json'), () => clock),
};

describe.each(Object.keys(stores))('%s', (name) => {
  it('reads back what it wrote, by key', async () => {
    const store = stores[name]();
    expect(await store.read('a')).toBeUndefined();
    await store.write('a', TOKEN);
    await store.write('b', { ...TOKEN, accessToken: 'access-2' });
    expect(await store.read('a')).toEqual(TOKEN);
    expect((await store.read('b'))?.accessToken).toBe('access-2');
  });

  it('gives its lock to one holder at a time, until released or expired', async () => {
    const store = stores[name]();
    const release = await store.lock('a', 30);
    expect(release).toBeDefined();
    expect(await store.lock('a', 30)).toBeUndefined();
    await release!();
    const again = await store.lock('a', 30);
    expect(again).toBeDefined();
    clock += 30_001; // its holder died: the lock expires
    expect(await store.lock('a', 30)).toBeDefined();
  });
});

describe('FileTokenStore', () => {
  it('writes the file with mode 0600 and leaves no temporary file', async () => {
    const file = path.join(dir, 'tokens.json');
    await new FileTokenStore(file).write('a', TOKEN);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['tokens.json']);
  });

  it('treats a damaged or foreign file as holding no token', async () => {
    const file = path.join(dir, 'tokens.json');
    writeFileSync(file, 'not json', { mode: 0o600 });
    const store = new FileTokenStore(file);
    expect(await store.read('a')).toBeUndefined();
    writeFileSync(file, JSON.stringify({ a: { accessToken: 1 } }));
    expect(await store.read('a')).toBeUndefined();
    await store.write('a', TOKEN);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ a: TOKEN });
  });

  it('releases only its own lock: after it went stale and was taken over, the new holder keeps it', async () => {
    const file = path.join(dir, 'tokens.json');
    const store = new FileTokenStore(file, () => clock);
    const release = await store.lock('a', 30);
    clock += 30_000;
    const other = await store.lock('a', 30);
    expect(other).toBeDefined();
    await release!();
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(await store.lock('a', 30)).toBeUndefined();
    await other!();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('judges a lock by its file, stale 30 s after it was made whatever it holds (a year ahead, empty)', async () => {
    const file = path.join(dir, 'tokens.json');
    const store = new FileTokenStore(file, () => clock);
    for (const content of [String(clock + 365 * 86_400_000), '']) {
      writeFileSync(`${file}.lock`, content, { mode: 0o600 });
      utimesSync(`${file}.lock`, clock / 1000, clock / 1000);
      clock += 29_999;
      expect(await store.lock('a', 30)).toBeUndefined();
      clock += 1;
      const release = await store.lock('a', 30);
      expect(release).toBeDefined();
      await release!();
    }
  });

  it('refuses an empty path', () => {
    expect(() => new FileTokenStore('')).toThrow(TypeError);
  });
});

describe('isStoredToken', () => {
  it('accepts a token with its expiry and life, and nothing else', () => {
    expect(isStoredToken(TOKEN)).toBe(true);
    expect(isStoredToken({ accessToken: 'a', expiresAt: 1, lifetime: 0 })).toBe(false);
    expect(isStoredToken({ accessToken: '', expiresAt: 1, lifetime: 1 })).toBe(false);
    expect(isStoredToken(null)).toBe(false);
  });
});
