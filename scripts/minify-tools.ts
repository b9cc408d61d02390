// The code no user steps through, minified (`scripts/bundle.mjs` calls it after the bundles are written): the
// emulator (two thirds of its chunk are the REST description's operations and schemas), the `pagerduty` command,
// and the third-party code the package bundles (node-fetch, the proxy agent; their licenses are in
// dist/third-party-licenses.txt). Together they were a quarter of the packed package. The library's own code, which
// a user reads in a stack trace or a debugger, stays as written. Names are kept (`keepNames`): a class or function
// still shows under its own name in a message or a stack trace.
import { transformSync } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The modules a file holds, from the markers the bundle leaves above each (`// src/emulator/...`). */
const SOURCE_MARKER = /^\/\/ ((?:src|node_modules)\/\S+)$/gm;
const TOOL_SOURCE = /^(?:src\/(?:emulator|generated\/emulator|cli)\/|node_modules\/)/;

/** Whether a bundled file's text holds tool or third-party modules, and nothing else. */
export function holdsOnlyTools(text: string): boolean {
  const sources = [...text.matchAll(SOURCE_MARKER)].map(([, source]) => source);
  return sources.length > 0 && sources.every((source) => TOOL_SOURCE.test(source));
}

const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });

/** Minifies every file under `dist` that {@link holdsOnlyTools}; returns those files. */
export function minifyTools(dist: string, target: string): string[] {
  const minified: string[] = [];
  for (const file of scripts(dist)) {
    const text = readFileSync(file, 'utf8');
    if (!holdsOnlyTools(text)) continue;
    const { code } = transformSync(text, { loader: 'js', format: 'esm', target, minify: true, keepNames: true });
    writeFileSync(file, code);
    minified.push(path.relative(dist, file));
  }
  return minified;
}
