// Removes the declaration files that no entry point's declarations reach (`npm run build` runs it after the
// bundle). tsc writes one `.d.ts` per source module, but a user's type checker only ever opens those the `exports`
// map's `types` lead to and what they import: the CLI's, and the engine's internals, were a sixth of the package.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const entries = Object.values(pkg.exports)
  .filter((target) => typeof target === 'object' && typeof target.types === 'string')
  .map((target) => path.resolve(root, target.types));
// `from './x.js'`, `import('./x.js')`, `import './x.js'` (a module that merges types into another) and
// `/// <reference path="./x.d.ts" />`.
const REFERENCE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|<reference\s+path=)["'](\.{1,2}\/[^"']+)["']/g;

const reached = new Set(entries);
for (const file of reached) {
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(REFERENCE)) {
    const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.d.ts'));
    reached.add(target.endsWith('.d.ts') ? target : `${target}.d.ts`);
  }
}

const declarations = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return declarations(full);
    return full.endsWith('.d.ts') ? [full] : [];
  });
for (const file of declarations(dist)) if (!reached.has(file)) rmSync(file);
// Folders left with nothing in them (the CLI's commands) go too.
const prune = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) prune(full);
  }
  if (dir !== dist && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
};
prune(dist);
