// The rules for a credential file, its folder and its lock, as pure checks of what stat says.
import { describe, expect, it } from '@jest/globals';
import { fileProblem, folderProblem, lockProblem, type FileFacts } from '../../../src/core/files/file-trust.js';
import { UntrustedFileError } from '../../../src/core/files/untrusted-file-error.js';

const ME = 1000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

function facts(uid: number | bigint, mode: number): FileFacts {
  const type = mode & 0o170000;
  return {
    uid,
    mode,
    isFile: () => type === S_IFREG,
    isSymbolicLink: () => type === S_IFLNK,
  };
}

describe('fileProblem', () => {
  it('accepts a regular file of the user with no permission for group or others', () => {
    expect(fileProblem(facts(ME, S_IFREG | 0o600), ME, '/f')).toBeUndefined();
    expect(fileProblem(facts(ME, S_IFREG | 0o400), ME, '/f')).toBeUndefined();
    expect(fileProblem(facts(BigInt(ME), S_IFREG | 0o600), ME, '/f')).toBeUndefined(); // stat(..., { bigint })
  });

  it('refuses any permission for group or others (0644 leaks the token, 0620 lets it be planted)', () => {
    for (const mode of [0o644, 0o640, 0o604, 0o620, 0o602, 0o666]) {
      expect(fileProblem(facts(ME, S_IFREG | mode), ME, '/f')).toMatchObject({
        reason: 'mode',
        fix: 'make it private (chmod 600 /f)',
      });
    }
  });

  it("refuses another user's file, root's included, whatever its mode", () => {
    expect(fileProblem(facts(65534, S_IFREG | 0o600), ME, '/f')?.reason).toBe('owner');
    expect(fileProblem(facts(0, S_IFREG | 0o600), ME, '/f')?.reason).toBe('owner');
    expect(fileProblem(facts(65534, S_IFREG | 0o600), 0, '/f')?.problem).toContain('uid 65534');
  });

  it('refuses a link and anything not a regular file', () => {
    expect(fileProblem(facts(ME, S_IFLNK | 0o777), ME, '/f')?.reason).toBe('link');
    expect(fileProblem(facts(ME, S_IFDIR | 0o700), ME, '/f')?.reason).toBe('not-a-file');
  });

  it('skips owner and mode where there is no uid (Windows), not the link check', () => {
    expect(fileProblem(facts(0, S_IFREG | 0o666), undefined, 'C:\\f')).toBeUndefined();
    expect(fileProblem(facts(0, S_IFLNK | 0o666), undefined, 'C:\\f')?.reason).toBe('link');
  });
});

describe('folderProblem', () => {
  it("accepts the user's or root's folder that no one else can write", () => {
    expect(folderProblem(facts(ME, S_IFDIR | 0o700), ME, '/d')).toBeUndefined();
    expect(folderProblem(facts(ME, S_IFDIR | 0o755), ME, '/d')).toBeUndefined();
    expect(folderProblem(facts(0, S_IFDIR | 0o755), ME, '/d')).toBeUndefined();
  });

  it('accepts a sticky folder writable by all, as the system temp folder is (the file check decides)', () => {
    expect(folderProblem(facts(0, S_IFDIR | 0o1777), ME, '/tmp')).toBeUndefined();
  });

  it('refuses a folder group or others may write without the sticky bit, or owned by another user', () => {
    expect(folderProblem(facts(ME, S_IFDIR | 0o775), ME, '/d')).toMatchObject({
      reason: 'folder-mode',
      fix: 'make it writable by you only (chmod go-w /d), or choose another folder',
    });
    expect(folderProblem(facts(ME, S_IFDIR | 0o777), ME, '/d')?.reason).toBe('folder-mode');
    // The owner of a sticky folder may still rename and remove what is in it.
    expect(folderProblem(facts(65534, S_IFDIR | 0o1777), ME, '/d')?.reason).toBe('folder-owner');
  });
});

describe('lockProblem', () => {
  it("accepts the user's regular file whatever its mode (it holds no secret)", () => {
    expect(lockProblem(facts(ME, S_IFREG | 0o644), ME, '/f.lock')).toBeUndefined();
  });

  it("refuses a link, a folder and another user's lock", () => {
    expect(lockProblem(facts(ME, S_IFLNK | 0o777), ME, '/f.lock')).toMatchObject({
      reason: 'lock-link',
      fix: 'remove it (rm /f.lock)',
    });
    expect(lockProblem(facts(ME, S_IFDIR | 0o700), ME, '/f.lock')?.reason).toBe('lock-link');
    expect(lockProblem(facts(65534, S_IFREG | 0o600), ME, '/f.lock')?.reason).toBe('lock-owner');
  });
});

describe('UntrustedFileError', () => {
  it('names the file, what is wrong and the fix', () => {
    const error = new UntrustedFileError('/f', fileProblem(facts(ME, S_IFREG | 0o644), ME, '/f')!);
    expect(error).toMatchObject({ name: 'UntrustedFileError', path: '/f', reason: 'mode' });
    expect(error.message).toBe(
      '/f has mode 0644: group or others may read or write it; refused: make it private (chmod 600 /f)',
    );
  });
});
