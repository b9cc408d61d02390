// The error of a credential file refused by the rules of ./file-trust.ts: alone in its file, because it is the
// one part of them on the public surface.
import { PagerDutyError } from '../errors/error-classes.js';

/** Why a file is refused. */
export type UntrustedReason =
  | 'link'
  | 'not-a-file'
  | 'owner'
  | 'mode'
  | 'folder-owner'
  | 'folder-mode'
  | 'lock-link'
  | 'lock-owner';

/** A problem, and what the user does about it. @internal */
export interface TrustProblem {
  readonly reason: UntrustedReason;
  /** What is wrong, in a sentence without the path. */
  readonly problem: string;
  /** How to fix it. */
  readonly fix: string;
}

/**
 * A credential file (or its folder, or its lock) that is not this process's user's alone: never used.
 *
 * @example
 * ```ts
 * try { await client.rget('/users/me'); }
 * catch (error) { if (error instanceof UntrustedFileError) console.error(error.fix); }
 * ```
 */
export class UntrustedFileError extends PagerDutyError {
  /** The file or folder refused. */
  readonly path: string;
  /** What is wrong with it. */
  readonly reason: UntrustedReason;
  /** How to fix it. */
  readonly fix: string;

  /**
   * @internal
   * @param path - the file or folder refused
   * @param found - what is wrong and how to fix it
   */
  constructor(path: string, found: TrustProblem) {
    super(`${path} ${found.problem}; refused: ${found.fix}`);
    this.path = path;
    this.reason = found.reason;
    this.fix = found.fix;
  }
}
