/**
 * Test helpers: a file that belongs to another user. Only root can give one away (chown); as
 * anyone else the tests that need it are skipped, and say so.
 */
import { chownSync } from 'node:fs';

/** The uid of `nobody`, the other user. */
export const NOBODY = 65534;

/** Whether files can be given to another user here: the process runs as root. */
export const canGiveAway = process.getuid?.() === 0;

/** The suffix of a test's name: empty, or why it is skipped (printed once, loudly). */
export function otherUserSkipReason(): string {
  if (canGiveAway) return '';
  console.warn(`SKIPPED: the tests of files owned by another user need root (to chown a file to uid ${NOBODY})`);
  return ` (SKIPPED: not root, cannot chown to uid ${NOBODY})`;
}

/** Gives `path` (not following a link) to `nobody`. */
export function giveToNobody(path: string): void {
  chownSync(path, NOBODY, NOBODY);
}
