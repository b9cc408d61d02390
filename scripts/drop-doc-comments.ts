// The built JavaScript without its documentation comments (`/** ... */` blocks on lines of their own): the
// declarations (`.d.ts`) carry the public documentation, and in the code the blocks were about a tenth of the
// packed package (20 kB of 414 kB). The `//` comments (why a line is so, the source markers) stay. A file whose
// minified form changes is not written (a `/**` line inside a string would have been cut): the build fails.
import { transformSync } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DOC_BLOCK = /^[ \t]*\/\*\*(?:[^*]|\*(?!\/))*\*\/[ \t]*\n/gm;

/** Every `.js` file under `dir`. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? scripts(path.join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

const minified = (code: string): string => transformSync(code, { minify: true, format: 'esm', loader: 'js' }).code;

/** Drops the documentation blocks of every `.js` file under `dir`. @throws Error when one would change the code */
export function dropDocComments(dir: string): void {
  for (const file of scripts(dir)) {
    const text = readFileSync(file, 'utf8');
    const kept = text.replace(DOC_BLOCK, '');
    if (kept === text) continue;
    if (minified(kept) !== minified(text)) throw new Error(`dropping doc comments would change ${file}`);
    writeFileSync(file, kept);
  }
}
