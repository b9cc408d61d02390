// When a credential file (a token store, the CLI's profiles) may be used: the rules as data and pure checks of
// what `stat` says, after OpenSSH's StrictModes. A file someone else could have written is refused, never read
// as a credential: its tokens would be theirs (sent to PagerDuty as ours), or ours readable by them.
import type { TrustProblem } from './untrusted-file-error.js';

/** What a check needs of a `stat` result (Node's `Stats`, or a test's literal). */
export interface FileFacts {
  /** The owner's uid (a bigint from `stat(path, { bigint: true })`). */
  readonly uid: number | bigint;
  /** Type and permission bits. */
  readonly mode: number | bigint;
  isFile(): boolean;
  isSymbolicLink(): boolean;
}

// The rules, in one place:
// - the file itself: a regular file (not a link: a link is followed nowhere, read or written), owned by this
//   process's user, with no permission for group or others (0600: a token readable by others is leaked, one
//   writable by others is planted);
// - its folder: owned by the user or root, writable by nobody else, unless sticky (as the system temp folder
//   is, 1777: others may add entries there but not replace, rename or remove ours, so the file's own check
//   decides). The folder is followed when it is a link (macOS's /tmp is one);
// - a lock file: a regular file of the user's own (a link or another user's lock is neither followed, waited
//   for nor removed).
// Where there is no uid (Windows) the owner and mode checks are skipped: Windows guards files by ACLs, which
// Node does not report; the link and type checks still hold.
const FILE_MODE_FORBIDDEN = 0o077;
const FOLDER_MODE_FORBIDDEN = 0o022;
const STICKY = 0o1000;
const ROOT = 0;

const octal = (mode: number): string => `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;

const facts = (info: FileFacts): { owner: number; mode: number } => ({
  owner: Number(info.uid),
  mode: Number(info.mode),
});

/** The problem of a credential file (`lstat`/`fstat` of it), or `undefined` when it may be used. */
export function fileProblem(info: FileFacts, uid: number | undefined, path: string): TrustProblem | undefined {
  if (info.isSymbolicLink()) {
    return {
      reason: 'link',
      problem: 'is a symbolic link, which a credential file never is',
      fix: `replace the link with the file itself, or remove it (rm ${path})`,
    };
  }
  if (!info.isFile()) {
    return { reason: 'not-a-file', problem: 'is not a regular file', fix: `remove it, or choose another path` };
  }
  if (uid === undefined) return undefined;
  const { owner, mode } = facts(info);
  if (owner !== uid) {
    return {
      reason: 'owner',
      problem: `is owned by uid ${owner}, not by this process's user (uid ${uid}), so its tokens are not yours`,
      fix: `remove it (rm ${path}) if you did not make it, or choose a path in a folder of your own`,
    };
  }
  if ((mode & FILE_MODE_FORBIDDEN) !== 0) {
    return {
      reason: 'mode',
      problem: `has mode ${octal(mode)}: group or others may read or write it`,
      fix: `make it private (chmod 600 ${path})`,
    };
  }
  return undefined;
}

/** The problem of the folder holding a credential file (`stat` of it), or `undefined`. */
export function folderProblem(info: FileFacts, uid: number | undefined, folder: string): TrustProblem | undefined {
  if (uid === undefined) return undefined;
  const { owner, mode } = facts(info);
  if (owner !== uid && owner !== ROOT) {
    return {
      reason: 'folder-owner',
      problem: `is owned by uid ${owner}, who can replace the files in it`,
      fix: 'choose a path in a folder of your own',
    };
  }
  if ((mode & FOLDER_MODE_FORBIDDEN) !== 0 && (mode & STICKY) === 0) {
    return {
      reason: 'folder-mode',
      problem: `has mode ${octal(mode)}: group or others may replace the files in it`,
      fix: `make it writable by you only (chmod go-w ${folder}), or choose another folder`,
    };
  }
  return undefined;
}

/** The problem of a lock file found in place (`lstat` of it), or `undefined` when it is a lock of ours. */
export function lockProblem(info: FileFacts, uid: number | undefined, path: string): TrustProblem | undefined {
  if (!info.isFile()) {
    return {
      reason: 'lock-link',
      problem: `is ${info.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}, which no lock of ours is`,
      fix: `remove it (rm ${path})`,
    };
  }
  if (uid !== undefined && facts(info).owner !== uid) {
    return {
      reason: 'lock-owner',
      problem: `belongs to uid ${facts(info).owner}: another user's lock is never waited for nor removed`,
      fix: `remove it (rm ${path}) if you can, or choose a path in a folder of your own`,
    };
  }
  return undefined;
}

/** This process's uid, or `undefined` where there is none (Windows). */
export function currentUid(): number | undefined {
  const node = (globalThis as { process?: { getuid?: () => number } }).process;
  return typeof node?.getuid === 'function' ? node.getuid() : undefined;
}
