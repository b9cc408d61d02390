// Tokens shared by the processes of one machine through a file: written whole to a temporary file (mode 0600)
// and renamed over the old one, so that a reader sees the old tokens or the new, never half; renewals take
// turns through an exclusive lock file that expires.
import { isStoredToken, type ReleaseLock, type StoredToken, type TokenStore } from './token-store.js';

type FsPromises = typeof import('node:fs/promises');

// Read at call time from Node's registry: nothing is imported, so the entry point loads on every runtime.
function fs(): FsPromises {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  const found = node?.getBuiltinModule?.('node:fs/promises') as FsPromises | undefined;
  if (!found) throw new Error('FileTokenStore needs Node.js (node:fs); use another TokenStore on this runtime');
  return found;
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

/**
 * A {@link TokenStore} in one JSON file, for the processes of one machine (a CLI run many times, a service
 * with several workers). The file holds live tokens: it is created with mode 0600 (owner only); put it where
 * only its owner can read (a config or state folder, never a repository).
 *
 * @example
 * ```ts
 * const store = new FileTokenStore(join(homedir(), '.config', 'my-app', 'pagerduty-tokens.json'));
 * const provider = clientCredentialsTokenProvider({ clientId, clientSecret, scope, store });
 * ```
 */
export class FileTokenStore implements TokenStore {
  /** The file's path. */
  readonly path: string;
  readonly #now: () => number;

  /**
   * @param path - the file (created when first written; its folder must exist)
   * @param now - the clock of the lock's expiry (milliseconds since the epoch) @default Date.now
   */
  constructor(path: string, now: () => number = Date.now) {
    if (typeof path !== 'string' || path === '') throw new TypeError('FileTokenStore needs a file path');
    this.path = path;
    this.#now = now;
  }

  async read(key: string): Promise<StoredToken | undefined> {
    const token = (await this.#readAll())[key];
    return isStoredToken(token) ? token : undefined;
  }

  async write(key: string, token: StoredToken): Promise<void> {
    const all = { ...(await this.#readAll()), [key]: token };
    const temporary = `${this.path}.${this.#now()}.${Math.random().toString(36).slice(2)}.tmp`;
    const files = fs();
    try {
      await files.writeFile(temporary, JSON.stringify(all), { mode: 0o600, flag: 'wx' });
      await files.rename(temporary, this.path);
    } catch (error) {
      await files.rm(temporary, { force: true });
      throw error;
    }
  }

  /** One lock file for the whole store (`<path>.lock`), holding its expiry. */
  async lock(_key: string, seconds: number): Promise<ReleaseLock | undefined> {
    const lockPath = `${this.path}.lock`;
    const files = fs();
    const until = this.#now() + seconds * 1000;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await files.writeFile(lockPath, String(until), { mode: 0o600, flag: 'wx' });
        return async () => {
          // Only our own lock: after its expiry another process may hold a new one.
          const held = await files.readFile(lockPath, 'utf8').catch(() => '');
          if (held === String(until)) await files.rm(lockPath, { force: true });
        };
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
        const held = await files.readFile(lockPath, 'utf8').catch(() => undefined);
        if (held === undefined) continue; // released meanwhile: take it
        // An empty lock is one another process is writing this instant (`wx` creates, then writes).
        if (held === '' && !(await olderThan(lockPath, seconds))) return undefined;
        if (held !== '' && Number(held) > this.#now()) return undefined;
        // A holder that died leaves its lock behind: once expired, it is removed (if still the same) and taken.
        const still = await files.readFile(lockPath, 'utf8').catch(() => undefined);
        if (still === held) await files.rm(lockPath, { force: true });
      }
    }
    return undefined;
  }

  async #readAll(): Promise<Record<string, unknown>> {
    let text: string;
    try {
      text = await fs().readFile(this.path, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return {};
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      // A file that is not ours (or damaged) holds no token: the next renewal replaces it.
      return {};
    }
  }
}

// The file system's clock, not the store's: a file's modification time is on it.
async function olderThan(path: string, seconds: number): Promise<boolean> {
  const info = await fs()
    .stat(path)
    .catch(() => undefined);
  return info === undefined || Date.now() - info.mtimeMs > seconds * 1000;
}
