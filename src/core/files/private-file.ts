// Reading and replacing a private file (a token store, the CLI's profiles) by the rules of ./file-trust.ts. A file
// is opened without following a link and judged on the open handle, so that nothing can be swapped in between
// the check and the read; a new content is written whole to a temporary file beside it (created exclusively,
// never through a link, mode 0600), flushed, and renamed over the old one: a reader sees the old content or the
// new, never half. Node's modules are read at call time: importing this costs nothing on other runtimes.
import { currentUid, fileProblem, folderProblem } from './file-trust.js';
import { UntrustedFileError } from './untrusted-file-error.js';

type FsPromises = typeof import('node:fs/promises');
type FsConstants = (typeof import('node:fs'))['constants'];

interface NodeFiles {
  readonly files: FsPromises;
  readonly constants: FsConstants;
}

function builtin<T>(name: string): T | undefined {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  return node?.getBuiltinModule?.(name) as T | undefined;
}

/** Node's file system, for `feature` (named in the error where there is none). */
export function nodeFiles(feature: string): NodeFiles {
  const files = builtin<FsPromises>('node:fs/promises');
  const fs = builtin<typeof import('node:fs')>('node:fs');
  if (!files || !fs) throw new Error(`${feature} needs Node.js (node:fs); use another store on this runtime`);
  return { files, constants: fs.constants };
}

/** The system error code of `error`, if any. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Flags that create a file only where nothing is, a link included (O_NOFOLLOW is 0 where unknown: Windows). */
export function exclusiveCreate({ O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW }: FsConstants): number {
  return O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0);
}

/** The folder of `path` (both separators, for Windows). */
export function folderOf(path: string): string {
  const end = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (end < 0) return '.';
  return end === 0 ? path.slice(0, 1) : path.slice(0, end);
}

/** A fresh name beside `path`, hidden, that no one can guess: `.<name>.<12 hex>.tmp`. */
export function temporaryPath(path: string): string {
  const end = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return `${path.slice(0, end + 1)}.${path.slice(end + 1)}.${randomHex()}.tmp`;
}

/** 12 random hex digits. */
export function randomHex(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks the folder that holds `path`; resolves to `false` when it does not exist.
 *
 * @throws UntrustedFileError when someone else may replace the files in it
 */
export async function checkFolder(path: string, { files }: NodeFiles): Promise<boolean> {
  const folder = folderOf(path);
  const info = await files.stat(folder).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  });
  if (info === undefined) return false;
  const problem = folderProblem(info, currentUid(), folder);
  if (problem) throw new UntrustedFileError(folder, problem);
  return true;
}

/**
 * The text of a private file, or `undefined` when there is none.
 *
 * @throws UntrustedFileError when the file or its folder is not the user's own alone
 */
export async function readPrivateFile(path: string, feature: string): Promise<string | undefined> {
  const node = nodeFiles(feature);
  if (!(await checkFolder(path, node))) return undefined;
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = node.constants;
  let handle: Awaited<ReturnType<FsPromises['open']>>;
  try {
    // Non-blocking: a FIFO planted in its place is refused below instead of hanging the open.
    handle = await node.files.open(path, O_RDONLY | (O_NOFOLLOW ?? 0) | (O_NONBLOCK ?? 0));
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return undefined;
    // O_NOFOLLOW on a link fails with ELOOP (EMLINK on FreeBSD): say what it is.
    const link =
      code === 'ELOOP' || code === 'EMLINK' ? await node.files.lstat(path).catch(() => undefined) : undefined;
    const problem = link && fileProblem(link, currentUid(), path);
    if (problem) throw new UntrustedFileError(path, problem);
    throw error;
  }
  try {
    const problem = fileProblem(await handle.stat(), currentUid(), path);
    if (problem) throw new UntrustedFileError(path, problem);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a private file with `text`, mode 0600, atomically. Its folder must exist.
 *
 * @param temporary - the temporary file's path @default a fresh hidden name beside `path`
 * @throws UntrustedFileError when the folder is not the user's own alone
 */
export async function replacePrivateFile(
  path: string,
  text: string,
  feature: string,
  temporary: string = temporaryPath(path),
): Promise<void> {
  const node = nodeFiles(feature);
  await checkFolder(path, node);
  // Exclusive and no link followed: a file or link planted at the temporary path fails the write (EEXIST).
  const handle = await node.files.open(temporary, exclusiveCreate(node.constants), 0o600);
  try {
    try {
      // The mode given to open() is reduced by the umask; the file must be exactly 0600.
      await handle.chmod(0o600);
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await node.files.rename(temporary, path);
  } catch (error) {
    await node.files.rm(temporary, { force: true });
    throw error;
  }
}
