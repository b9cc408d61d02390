// Tokens shared by the processes of one machine through a file: written whole to a temporary file (mode 0600)
// and renamed over the old one, so that a reader sees the old tokens or the new, never half; renewals take
// turns through a lock file (`<path>.lock`) that is stale after its lifetime. The file is used only while it is
// the user's own alone (../files/file-trust.ts): anything else is refused with an UntrustedFileError.
import { tryLock } from '../files/file-lock.js';
import { readPrivateFile, replacePrivateFile } from '../files/private-file.js';
import { isStoredToken, type ReleaseLock, type StoredToken, type TokenStore } from './token-store.js';

const FEATURE = 'FileTokenStore';

/**
 * A {@link TokenStore} in one JSON file, for the processes of one machine (a CLI run many times, a service
 * with several workers). The file holds live tokens: it is created with mode 0600 (owner only); put it where
 * only its owner can write (a config or state folder, never a repository).
 *
 * A file (or folder, or lock) someone else could have written or read is refused with an `UntrustedFileError`
 * that says how to fix it, and so are the calls of a token provider on the store.
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
   * @param now - the clock that stamps the lock and judges its age (milliseconds since the epoch) @default Date.now
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
    await replacePrivateFile(this.path, JSON.stringify(all), FEATURE);
  }

  /** One lock file for the whole store (`<path>.lock`), stale `seconds` after it was made, whatever it holds. */
  async lock(_key: string, seconds: number): Promise<ReleaseLock | undefined> {
    return tryLock(`${this.path}.lock`, { lifetimeMs: seconds * 1000, now: this.#now });
  }

  async #readAll(): Promise<Record<string, unknown>> {
    const text = await readPrivateFile(this.path, FEATURE);
    if (text === undefined) return {};
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      // A damaged file of the user's own holds no token: the next renewal replaces it.
      return {};
    }
  }
}
