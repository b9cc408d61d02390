// The conformance CLI imports `globSync` from `fs` (Node 22) for its `tier-check` command alone.
// On Node 20 this module stands in for `fs` inside that CLI: all of `node:fs`, and a `globSync`
// that says what is missing when `tier-check` is asked for.
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error(
    'conformance tier-check needs Node 22 (fs.globSync); every client and server scenario runs on Node 20',
  );
}
