// Issue 47, point 7: commands that edit the profile file at once, as real processes of the built command, never
// lose one another's change (each locks, reads afresh, changes, replaces the file, unlocks).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildCli, runChild, type BuiltCli } from '../build-cli.js';
import { temporaryHome } from './profile-home.js';

let cli: BuiltCli;
beforeAll(async () => {
  cli = await buildCli();
}, 120_000);
afterAll(() => cli?.remove());

describe('pagerduty profile add|use|remove and logout, run at once on one profile file', () => {
  it('keep every change: six adds with distinct names, a use, a remove and a logout', async () => {
    await using home = await temporaryHome();
    await mkdir(path.dirname(home.file), { recursive: true, mode: 0o700 });
    const key = { credential: { kind: 'api-key', key: 'u+concurrentkey000000' } };
    const before = { current: 'keep', profiles: { keep: {}, other: {}, gone: {}, leaving: key } };
    await writeFile(home.file, JSON.stringify(before), { mode: 0o600 });
    const adds = Array.from({ length: 6 }, (_, index) => `p${index + 1}`);
    const runs = [
      ...adds.map((name) => ['profile', 'add', name, '--region', 'eu']),
      ['profile', 'use', 'other'],
      ['profile', 'remove', 'gone'],
      // An API key is only forgotten: no request is made.
      ['logout', '--profile', 'leaving'],
    ];
    const results = await Promise.all(runs.map((args) => runChild(cli.main, args, home.env)));
    expect(results.map((result) => [result.status, result.stdout])).toEqual(runs.map(() => [0, '']));
    const after = JSON.parse(await readFile(home.file, 'utf8')) as { current: string; profiles: object };
    expect(after.current).toBe('other');
    expect(Object.keys(after.profiles).sort()).toEqual(['keep', 'other', ...adds]);
    // Each changed profile whole, and no lock or temporary file left behind.
    expect(after.profiles).toMatchObject({ p1: { region: 'eu' }, p6: { region: 'eu' } });
    expect(await readdir(path.dirname(home.file))).toEqual(['profiles.json']);
  }, 60_000);
});
