// The legacy layer adapts the core classes; it must not carry a transport of its own.
// These checks read the source files of src/legacy and the specifiers they import.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LEGACY_DIR = path.join(process.cwd(), 'src', 'legacy');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mts|cts)$/.test(entry.name) ? [full] : [];
  });
}

const DECLARATION_KEYWORDS = 'interface|class|abstract|const|let|function|async|enum|default|declare';

/** Every module specifier a source text imports or re-exports, statically or dynamically. */
function importedSpecifiers(source: string): string[] {
  // Comments may mention modules; only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const patterns = [
    new RegExp(
      String.raw`^\s*(?:import|export)(?!\s+(?:${DECLARATION_KEYWORDS})\b)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]`,
      'gm',
    ),
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

const TRANSPORT_MODULES = [
  'node-fetch',
  'https-proxy-agent',
  'node:http',
  'node:https',
  'node:net',
  'http',
  'https',
  'net',
  'undici',
];

describe('the legacy layer', () => {
  const files = sourceFiles(LEGACY_DIR);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.map((file) => path.basename(file))).toContain('index.ts');
  });

  it('finds imports of every form (the checker itself works)', () => {
    const sample = [
      "import nodeFetch from 'node-fetch';",
      "import type { Response } from 'node-fetch';",
      "import {\n  a,\n  b,\n} from './x.js';",
      "export { y } from './y.js';",
      "export interface Z {\n  /** Use the client from 'pagerduty-client'. */\n  z: string;\n}",
      "const m = await import('node:http');",
      "import 'https-proxy-agent';",
    ].join('\n');
    expect(importedSpecifiers(sample)).toEqual([
      'node-fetch',
      'node-fetch',
      './x.js',
      './y.js',
      'https-proxy-agent',
      'node:http',
    ]);
  });

  it.each(TRANSPORT_MODULES)('never imports %s, not even for a type', (module) => {
    const offenders = files.filter((file) =>
      importedSpecifiers(readFileSync(file, 'utf8')).some((spec) => spec === module || spec.startsWith(`${module}/`)),
    );
    expect(offenders).toEqual([]);
  });

  it('reaches the core only through its modules, never through a copy of the engine', () => {
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const spec of importedSpecifiers(source)) {
        // Beside the core, only the facts extracted from pdpyras (data, no engine).
        const allowed =
          spec.startsWith('./') || spec.startsWith('../core/') || spec.startsWith('../generated/pdpyras-tables/');
        expect([spec, allowed]).toEqual([spec, true]);
      }
      // The attempt loop and the paginators live in the core; the legacy layer never sleeps or pages.
      expect(source).not.toMatch(/\bsetTimeout\s*\(|\bsleep\s*\(|\boffset\s*\+=|next_cursor/);
    }
  });
});
