// Bundle size: what a page pays for the REST client, and what `npm install` downloads.
//
//   npm run bench:bundle-size                 (builds first)
//   node bench/bundle-size.mjs [--strict]     (after a build)
//
// The package is packed and installed as a user installs it, and a page holding only `RestApiV2Client` is
// bundled from it with esbuild as a user's bundler would: `platform: 'browser'` (the `browser` condition), minified,
// with no stub for any Node built-in (a build that reached one fails). Prints the bundle's minified and gzipped
// size and the packed package's size. Targets: at most 30 KB gzipped, a package of at most 400 kB; `--strict` exits
// 1 when one is missed.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { consumerProject, packBuilt } from './consumer-project.mjs';

const BUNDLE_TARGET_GZIP = 30 * 1024;
const PACKAGE_TARGET = 400 * 1000;
const { values: options } = parseArgs({ options: { strict: { type: 'boolean', default: false } } });

const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-bundle-size-'));
try {
  const { tarball, packedSize, unpackedSize } = packBuilt(work, 'current');
  const project = path.join(work, 'page');
  consumerProject(project, tarball, { 'page.mjs': "export { RestApiV2Client } from 'pagerduty-client';\n" });
  const result = await build({
    absWorkingDir: project,
    entryPoints: ['page.mjs'],
    bundle: true,
    // Split as a user's bundler splits dynamic imports (Vite, webpack): the page loads its entry; the code only
    // hooks and telemetry run is a chunk loaded at a client's first observed call.
    splitting: true,
    outdir: path.join(project, 'out'),
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'error',
    metafile: true,
  });
  // What the page loads at once: page.js and the chunks it imports statically (a module it shares with a lazy
  // chunk is a chunk of its own); each file gzipped apart, as a server sends it.
  const outputs = result.metafile.outputs;
  const entryOutput = Object.keys(outputs).find((name) => name.endsWith('page.js'));
  const initial = new Set([entryOutput]);
  for (const name of initial)
    for (const link of outputs[name].imports)
      if (link.kind === 'import-statement' && !link.external) initial.add(link.path);
  const fileOf = (name) => result.outputFiles.find((file) => file.path === path.join(project, name));
  const loaded = [...initial].map(fileOf);
  const bytes = { length: loaded.reduce((sum, file) => sum + file.contents.length, 0) };
  const lazy = result.outputFiles.filter((file) => !loaded.includes(file)).map((file) => file.contents.length);
  const gzipped = loaded.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
  const largest = [...initial]
    .flatMap((name) => Object.entries(outputs[name].inputs))
    .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
    .slice(0, 5)
    .map(([input, { bytesInOutput }]) => `${input.replace(/^node_modules\//, '')} ${bytesInOutput} B`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const misses = [];
  console.log(
    `browser bundle of RestApiV2Client (${loaded.length} files loaded at once): ${bytes.length} B minified ` +
      `(${kb(bytes.length)}), ${gzipped} B gzipped (${kb(gzipped)}); target <= ${BUNDLE_TARGET_GZIP} B gzipped`,
  );
  console.log(`  largest parts: ${largest.join(', ')}`);
  console.log(`  loaded later (chunks of dynamic imports): ${lazy.map((n) => `${n} B`).join(', ') || 'none'}`);
  if (gzipped > BUNDLE_TARGET_GZIP) misses.push('bundle');
  console.log(
    `packed package: ${packedSize} B (${(packedSize / 1000).toFixed(1)} kB), ${unpackedSize} B unpacked; ` +
      `target <= ${PACKAGE_TARGET} B packed`,
  );
  if (packedSize > PACKAGE_TARGET) misses.push('package');
  if (misses.length > 0) {
    console.log(`MISSED: ${misses.join(', ')}`);
    if (options.strict) process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
