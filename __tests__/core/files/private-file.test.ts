// Reading and replacing a credential file: only the user's own, private file is read; no link is followed.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UntrustedFileError } from '../../../src/core/files/untrusted-file-error.js';
import { readPrivateFile, replacePrivateFile, temporaryPath } from '../../../src/core/files/private-file.js';
import { canGiveAway, giveToNobody, otherUserSkipReason } from '../../helpers/other-user.js';

const FEATURE = 'test';
const skipOtherUser = otherUserSkipReason();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pd-private-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(pending: Promise<unknown>): Promise<UntrustedFileError> {
  const error = await pending.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UntrustedFileError);
  return error as UntrustedFileError;
}

describe('replacePrivateFile and readPrivateFile', () => {
  it('write a file of mode 0600 (under umask 0 too), read it back, and leave no temporary file', async () => {
    const file = path.join(dir, 'secret.json');
    const umask = process.umask(0);
    try {
      await replacePrivateFile(file, 'one', FEATURE);
      await replacePrivateFile(file, 'two', FEATURE);
    } finally {
      process.umask(umask);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await readPrivateFile(file, FEATURE)).toBe('two');
    expect(readdirSync(dir)).toEqual(['secret.json']);
  });

  it('read no file where there is none, nor a folder', async () => {
    expect(await readPrivateFile(path.join(dir, 'none.json'), FEATURE)).toBeUndefined();
    expect(await readPrivateFile(path.join(dir, 'no-folder', 'none.json'), FEATURE)).toBeUndefined();
  });

  it('temporary names are hidden, beside the file, and never the same', () => {
    const first = temporaryPath('/a/b/tokens.json');
    expect(first).toMatch(/^\/a\/b\/\.tokens\.json\.[0-9a-f]{12}\.tmp$/);
    expect(temporaryPath('/a/b/tokens.json')).not.toBe(first);
    expect(temporaryPath('tokens.json')).toMatch(/^\.tokens\.json\.[0-9a-f]{12}\.tmp$/);
  });
});

describe('readPrivateFile refuses, with the fix, and never returns the content of', () => {
  it('a file group or others may read (0644) or write', async () => {
    const file = path.join(dir, 'secret.json');
    for (const mode of [0o644, 0o620]) {
      writeFileSync(file, 'planted');
      chmodSync(file, mode);
      const error = await refusal(readPrivateFile(file, FEATURE));
      expect(error).toMatchObject({ reason: 'mode', path: file, fix: `make it private (chmod 600 ${file})` });
    }
  });

  (canGiveAway ? it : it.skip)(`a file owned by another user, mode 0600 or 0644${skipOtherUser}`, async () => {
    const file = path.join(dir, 'secret.json');
    for (const mode of [0o600, 0o644]) {
      writeFileSync(file, 'planted');
      chmodSync(file, mode);
      giveToNobody(file);
      const error = await refusal(readPrivateFile(file, FEATURE));
      expect(error.reason).toBe('owner');
      expect(error.message).toContain('is owned by uid 65534, not by this process');
    }
  });

  (canGiveAway ? it : it.skip)(
    `another user's file in a sticky folder writable by all (/tmp)${skipOtherUser}`,
    async () => {
      const shared = path.join(dir, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      const file = path.join(shared, 'tokens.json');
      writeFileSync(file, '{"planted":true}');
      chmodSync(file, 0o644);
      giveToNobody(file);
      expect((await refusal(readPrivateFile(file, FEATURE))).reason).toBe('owner');
      // The user's own file there is used: others may add to a sticky folder, not replace what is ours.
      const own = path.join(shared, 'own.json');
      await replacePrivateFile(own, 'mine', FEATURE);
      expect(await readPrivateFile(own, FEATURE)).toBe('mine');
    },
  );

  (canGiveAway ? it : it.skip)(`a file in a folder another user owns${skipOtherUser}`, async () => {
    const theirs = path.join(dir, 'theirs');
    mkdirSync(theirs, { mode: 0o755 });
    const file = path.join(theirs, 'tokens.json');
    writeFileSync(file, 'x', { mode: 0o600 });
    giveToNobody(theirs);
    const error = await refusal(readPrivateFile(file, FEATURE));
    expect(error).toMatchObject({ reason: 'folder-owner', path: theirs });
    await expect(replacePrivateFile(file, 'y', FEATURE)).rejects.toBeInstanceOf(UntrustedFileError);
  });

  it('a file in a folder group or others may write (not sticky)', async () => {
    const open = path.join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const file = path.join(open, 'tokens.json');
    writeFileSync(file, 'x', { mode: 0o600 });
    expect(await refusal(readPrivateFile(file, FEATURE))).toMatchObject({ reason: 'folder-mode', path: open });
    await expect(replacePrivateFile(file, 'y', FEATURE)).rejects.toBeInstanceOf(UntrustedFileError);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it("a link, even to the user's own private file", async () => {
    const target = path.join(dir, 'real.json');
    writeFileSync(target, 'real', { mode: 0o600 });
    const file = path.join(dir, 'tokens.json');
    symlinkSync(target, file);
    expect((await refusal(readPrivateFile(file, FEATURE))).reason).toBe('link');
  });

  it('a FIFO planted in its place, without hanging on it', async () => {
    const file = path.join(dir, 'tokens.json');
    execFileSync('mkfifo', ['-m', '600', file]);
    expect((await refusal(readPrivateFile(file, FEATURE))).reason).toBe('not-a-file');
  });
});

describe('replacePrivateFile', () => {
  it('does not follow a link planted at the temporary path: the write fails, the target is untouched', async () => {
    const file = path.join(dir, 'tokens.json');
    await replacePrivateFile(file, 'old', FEATURE);
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, 'victim', { mode: 0o600 });
    const temporary = path.join(dir, '.tokens.json.planted.tmp');
    symlinkSync(victim, temporary);
    await expect(replacePrivateFile(file, 'new', FEATURE, temporary)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(victim, 'utf8')).toBe('victim');
    expect(readFileSync(file, 'utf8')).toBe('old');
    // A dangling link is not followed either (the file it names is not created).
    const dangling = path.join(dir, '.tokens.json.dangling.tmp');
    symlinkSync(path.join(dir, 'created-through-link'), dangling);
    await expect(replacePrivateFile(file, 'new', FEATURE, dangling)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readdirSync(dir)).not.toContain('created-through-link');
  });
});
