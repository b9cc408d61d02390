// The declarations as a user's editor reads them, in fewer bytes (`npm run build` runs it last): each indentation
// step a tab rather than tsc's four spaces, and no overview (`/** ... @module */`) on the modules behind the entry
// points: the API site takes those from the sources, and no editor shows them from a `.d.ts`. An entry point's
// own overview stays. Together about 10 kB of the packed package.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE_OVERVIEW = /^\/\*\*(?:[^*]|\*(?!\/))*?@module\b(?:[^*]|\*(?!\/))*\*\/\n/gm;
const INDENT = /^(?: {4})+/gm;

/**
 * A declaration file's text, compacted: what it declares, and the documentation of each declaration, unchanged.
 * `entryPoint`: the file is an entry point's (its overview is kept).
 */
export function compactDeclaration(text: string, entryPoint: boolean): string {
  const kept = entryPoint ? text : text.replace(MODULE_OVERVIEW, '');
  return kept.replace(INDENT, (spaces) => '\t'.repeat(spaces.length / 4));
}

const declarations = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return declarations(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const entryPoints = new Set(
    Object.values(pkg.exports)
      .filter(
        (target): target is { types: string } =>
          typeof target === 'object' && target !== null && typeof (target as { types?: unknown }).types === 'string',
      )
      .map((target) => path.resolve(root, target.types)),
  );
  for (const file of declarations(path.join(root, 'dist'))) {
    const text = readFileSync(file, 'utf8');
    const compacted = compactDeclaration(text, entryPoints.has(file));
    if (compacted !== text) writeFileSync(file, compacted);
  }
}
