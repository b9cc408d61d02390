/**
 * The import graph between the folders of `src/core` (issue 48: folders import downward only,
 * types included), and its cycles. Every `import`, `import type`, `export … from` and `import()`
 * of a relative path counts; a folder is the first segment below `src/core` (`rest/endpoints` is
 * `rest`), and the files at the top of `src/core` are the folder `.`.
 *
 * ```sh
 * npx tsx scripts/import-cycles.ts [--files]   # --files: the files behind each edge of a cycle
 * ```
 *
 * Exits with 1 when there is a cycle. `__tests__/scripts/import-cycles.test.ts` holds the list of
 * known cycles.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** One import of a file in one folder from a file in another. */
export interface FolderImport {
  /** The importing file, relative to the root it was read from. */
  readonly file: string;
  /** The imported file, relative to the same root. */
  readonly imported: string;
}

/** Folder to folder to the imports behind that edge. */
export type FolderGraph = ReadonlyMap<string, ReadonlyMap<string, readonly FolderImport[]>>;

/** The `.ts` files under a directory, sorted, relative to it. */
function sourceFiles(directory: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(directory, prefix), { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(directory, relative));
    else if (entry.name.endsWith('.ts')) found.push(relative);
  }
  return found.sort();
}

/** The folder of a file relative to `src/core`: its first segment, or `.` at the top. */
export function folderOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? '.' : file.slice(0, slash);
}

/** The relative imports of one module's text, as paths relative to the core root (`.js` read as `.ts`). */
export function importsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'))
    .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)).replace(/\.js$/, '.ts'));
}

/** The folder graph of the modules under `coreRoot` (`src/core`); imports leaving it are not edges. */
export function folderGraph(coreRoot: string): FolderGraph {
  const graph = new Map<string, Map<string, FolderImport[]>>();
  for (const file of sourceFiles(coreRoot)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const imported of importsOf(file, readFileSync(path.join(coreRoot, file), 'utf8'))) {
      if (imported.startsWith('../')) continue;
      const to = folderOf(imported);
      if (to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), { file, imported }]);
    }
  }
  return graph;
}

/**
 * Every elementary cycle of the graph, each written from its smallest folder name
 * (`['client', 'request', 'client']`), sorted. A depth-first search from each folder that only
 * visits folders after it in name order finds each cycle exactly once.
 */
export function findCycles(graph: FolderGraph): string[][] {
  const folders = [...graph.keys()].sort();
  const cycles: string[][] = [];
  for (const start of folders) {
    const walk = (folder: string, trail: string[]): void => {
      for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push([...trail, start]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles.sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

/** The text the command prints: each folder's imports, then the cycles. */
export function report(graph: FolderGraph, showFiles: boolean): string {
  const lines = ['Folder imports in src/core (folder -> the folders it imports, with the number of imports):'];
  for (const [from, edges] of [...graph.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const targets = [...edges.entries()].sort(([a], [b]) => a.localeCompare(b));
    lines.push(`  ${from} -> ${targets.map(([to, imports]) => `${to} (${imports.length})`).join(', ') || '(none)'}`);
  }
  const cycles = findCycles(graph);
  lines.push('', cycles.length === 0 ? 'No cycles.' : `${cycles.length} cycle(s):`);
  for (const cycle of cycles) {
    lines.push(`  ${cycle.join(' -> ')}`);
    if (!showFiles) continue;
    for (let i = 0; i < cycle.length - 1; i++) {
      for (const { file, imported } of graph.get(cycle[i])?.get(cycle[i + 1]) ?? []) {
        lines.push(`      ${file} imports ${imported}`);
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const graph = folderGraph(path.resolve('src/core'));
  console.log(report(graph, process.argv.includes('--files')));
  if (findCycles(graph).length > 0) process.exitCode = 1;
}
