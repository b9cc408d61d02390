// Bundles the package's JavaScript (`npm run build` runs it after tsc, which emits only the
// declarations). Importing ~100 small ES modules cost more than the code itself: Node pays
// for each module (read, compile, link), so `import('pagerduty-client')` took 1.9x a bare
// `node -e 0`. One bundle per entry point, split so that the code two entry points share
// lives in one chunk: a class is one class whatever entry point it came from (`instanceof`
// holds between the core and the legacy layer). Dynamic imports stay dynamic (the CLI's
// commands, node-fetch, the proxy agent), and every dependency stays an external import.
// node-fetch and the proxy agent are not dependencies of the package but parts of it: they
// are CommonJS, and their `require()`s of Node built-ins break a consumer's ES module
// bundle (`esbuild --bundle --format=esm`, the usual Lambda setup) at the first request.
// Each is bundled (node-fetch from its ES module build) into a chunk of its own, still
// loaded on first use, with the built-in `require()`s of CommonJS code turned into imports
// (`builtin-requires-plugin.mjs`).
// node-fetch's `whatwg-url` is left out: node-fetch takes `URL` from node:url whenever Node
// has it (every Node this package supports), and the unused polyfill, with tr46's Unicode
// table, was 340 kB to load at the first request.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinRequires } from './builtin-requires-plugin.mjs';
import { dropDocComments } from './drop-doc-comments.ts';
import { minifyTools } from './minify-tools.ts';
import { bundledPackages, writeThirdPartyLicenses } from './third-party-licenses.ts';

/** node-fetch reads `whatwgUrl.URL` only where node:url has no `URL`. */
const noWhatwgUrl = {
  name: 'no-whatwg-url',
  setup(build) {
    build.onResolve({ filter: /^whatwg-url$/ }, (args) =>
      args.importer.includes(`${path.sep}node-fetch${path.sep}`)
        ? { path: args.path, namespace: 'no-whatwg-url' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-whatwg-url' }, () => ({
      contents: 'export default {};',
      loader: 'js',
    }));
  },
};

/**
 * The transport's runtime side is the package's `#platform` import (package.json `imports`), which Node resolves
 * to platform/node.js (node-fetch, agents, proxies) under the `node` condition and every other runtime, or a
 * bundler for one, to platform/web.js (the global fetch): so no browser or worker bundle ever sees node-fetch.
 * The sources import the Node module; here that import becomes `#platform`.
 */
const PLATFORM = '#platform';
const platformImport = {
  name: 'platform-import',
  setup(build) {
    build.onResolve({ filter: /\/platform\/node-platform\.js$/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: PLATFORM, external: true },
    );
  },
};

/**
 * The proxy agent logs through `debug` (with `ms`, `supports-color` and `has-flag`) when `DEBUG=https-proxy-agent`
 * is set: the library's own logger reports its requests, so the bundled agent gets a `debug` that prints nothing.
 */
const silentDebug = {
  name: 'silent-debug',
  setup(build) {
    build.onResolve({ filter: /^debug$/ }, (args) => ({ path: args.path, namespace: 'silent-debug' }));
    build.onLoad({ filter: /.*/, namespace: 'silent-debug' }, () => ({
      contents: 'module.exports = () => Object.assign(() => {}, { enabled: false });',
      loader: 'js',
    }));
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const ENTRY_POINTS = {
  index: 'src/index.ts',
  types: 'src/types.ts',
  tables: 'src/tables.ts',
  'legacy/index': 'src/legacy/index.ts',
  'emulator/index': 'src/emulator/index.ts',
  'rate-limit-redis/index': 'src/rate-limit-redis/index.ts',
  webhooks: 'src/webhooks.ts',
  'cli/main': 'src/cli/main.ts',
};
// Built apart, each whole in one file (node-fetch and the proxy agent still in chunks loaded on first use): a
// chunk shared with index.js would be one more file for `import('pagerduty-client')` to load. The Node platform is
// built apart from the others too, for the same reason: it shares the node:crypto hashing with the web platform.
const PLATFORM_BUILDS = [
  { 'platform/node': 'src/core/platform/node-platform.ts' },
  {
    'platform/web': 'src/core/platform/web-platform.ts',
    // What the Node-only entry points are under the other export conditions: errors that say so.
    'elsewhere/emulator': 'src/elsewhere/emulator.ts',
    'elsewhere/rate-limit-redis': 'src/elsewhere/rate-limit-redis.ts',
  },
];
const COMMON = {
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: `node${pkg.engines.node.replace(/^>=\s*/, '')}`,
  // Dependencies (yargs, eventsource-parser) are installed beside the package; a package
  // name also covers its subpaths; the optional peers (ioredis) stay imports too.
  external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {}), PLATFORM],
  // Class and function names show in messages (`... is not permitted on RestApiV2Client`).
  keepNames: false,
  // Marked in the output (`/* @__PURE__ */`): a consumer's bundler drops the frozen tables its page never reads.
  pure: ['Object.freeze'],
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
};

// Stage 1: the sources, split exactly (a module lives in one chunk per set of entry points that load it).
const stage = mkdtempSync(path.join(tmpdir(), 'pagerduty-bundle-'));
let result;
/** The stage-1 files that hold the package's own code, not only node-fetch's or the proxy agent's. */
let ownFiles;
try {
  const exact = await build({
    ...COMMON,
    entryPoints: ENTRY_POINTS,
    outdir: stage,
    plugins: [platformImport],
  });
  // Stage 2: the same split, coarser. Exact splitting left `import('pagerduty-client')` 16 files to load, and
  // Node pays for each (resolve, open, read, compile, link): 1.37x a bare start against 1.10x for one file.
  // Every entry point that loads the core client (the legacy layer, the CLI's client commands) now loads the
  // whole of index.js too, so that the modules index.js needs fall into a few large chunks.
  const outputs = Object.fromEntries(
    Object.entries(exact.metafile.outputs).map(([name, output]) => [path.resolve(root, name), output]),
  );
  ownFiles = new Set(
    Object.keys(outputs).filter((file) => Object.keys(outputs[file].inputs).some((input) => input.startsWith('src/'))),
  );
  const indexFile = path.join(stage, 'index.js');
  const runtimeChunk = helpersChunk(outputs);
  const imported = (file, kind) =>
    outputs[file].imports
      .filter((link) => link.kind === kind && !link.external)
      .map((link) => path.resolve(root, link.path));
  const loadedWith = (start) => {
    const seen = new Set([start]);
    for (const file of seen) for (const next of imported(file, 'import-statement')) seen.add(next);
    return [...seen];
  };
  const [coreChunk] = Object.keys(outputs).filter((file) =>
    Object.keys(outputs[file].inputs).includes('src/core/client/api-client.ts'),
  );
  const loadsCore = (file) => loadedWith(file).includes(coreChunk);
  // The CLI's command runner imports the clients on demand: it too is loaded for nothing but a client call.
  const withIndex = new Set(
    Object.keys(outputs).filter(
      (file) =>
        outputs[file].entryPoint !== undefined &&
        file !== indexFile &&
        file !== path.join(stage, 'cli', 'main.js') &&
        (loadsCore(file) || loadedWith(file).some((part) => imported(part, 'dynamic-import').some(loadsCore))),
    ),
  );
  // The rarer methods' modules that index.js loads on demand (concurrent pagination, find) import index.js too: a
  // module they share with it then stays in its chunks rather than in one more file that import() must load.
  for (const file of loadedWith(indexFile))
    for (const lazy of imported(file, 'dynamic-import'))
      if (ownFiles.has(lazy) && lazy !== coreChunk) withIndex.add(lazy);
  result = await build({
    ...COMMON,
    // Output paths and the comments naming stage-1 files are then relative to the stage, as in a repeated build.
    absWorkingDir: stage,
    entryPoints: Object.fromEntries(Object.keys(ENTRY_POINTS).map((name) => [name, `${name}.js`])),
    outdir: path.join(root, 'dist'),
    // Stage 1 dropped the unused code; here a module is kept whole, so that `import "./index.js"` loads it all.
    treeShaking: false,
    // Only the source markers are legal comments by then (below): they stay, each above its module's code.
    legalComments: 'inline',
    plugins: [restaged(withIndex, indexFile, runtimeChunk)],
  });
  // Stage 2 has helpers of its own (its `__require`), imported likewise by every entry point.
  const stage2Outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([name, output]) => [path.resolve(stage, name), output]),
  );
  dropBareHelperImports(stage2Outputs);
  plainSourceMarkers(stage2Outputs);
  const bundledInputs = [];
  for (const entryPoints of PLATFORM_BUILDS) {
    const platform = await build({
      ...COMMON,
      entryPoints,
      outdir: path.join(root, 'dist'),
      // node-fetch's ES module build (`module`) imports Node's built-ins rather than requiring them.
      mainFields: ['module', 'main'],
      plugins: [noWhatwgUrl, silentDebug, builtinRequires],
    });
    dropBareHelperImports(
      Object.fromEntries(
        Object.entries(platform.metafile.outputs).map(([name, output]) => [path.resolve(root, name), output]),
      ),
    );
    bundledInputs.push(...Object.keys(platform.metafile.inputs));
  }
  writeThirdPartyLicenses(root, bundledPackages(bundledInputs), path.join(root, 'dist', 'third-party-licenses.txt'));
} finally {
  rmSync(stage, { recursive: true, force: true });
}

/**
 * The chunk of esbuild's helpers (`__commonJS`, `__require`), which every entry point imports for its side
 * effects, though it has none: most import nothing from it.
 */
function helpersChunk(outputs) {
  return Object.keys(outputs).find(
    (file) =>
      Object.keys(outputs[file].inputs).length === 0 &&
      outputs[file].exports.length > 0 &&
      outputs[file].exports.every((name) => name.startsWith('__')),
  );
}

/** Drops every `import` of the helpers chunk for its side effects only (it has none) from `outputs`' files. */
function dropBareHelperImports(outputs) {
  const helpers = helpersChunk(outputs);
  if (helpers === undefined) return;
  for (const file of Object.keys(outputs).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    const kept = text.replace(bareImportOf(helpers), '');
    if (kept !== text) writeFileSync(file, kept);
  }
}

/**
 * The source markers (`//! src/...`) back to plain comments in `outputs`' files: a consumer's minifier keeps every
 * legal comment (at the end of its bundle: 6 kB of a page's REST client) but drops a plain one.
 */
function plainSourceMarkers(outputs) {
  for (const file of Object.keys(outputs).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    const plain = text.replace(/^\/\/! ((?:src|node_modules)\/\S+)$/gm, '// $1');
    if (plain !== text) writeFileSync(file, plain);
  }
}

/** `import "./chunks/<file>";` lines (an import for side effects only) of `file`. */
function bareImportOf(file) {
  const name = path.basename(file).replace('.', '\\.');
  return new RegExp(`^import "(?:\\.{1,2}/)+(?:chunks/)?${name}";\\n`, 'gm');
}

/**
 * Stage 2's reading of a stage-1 file: each of `withIndex` imports `indexFile` first (for its side effects only),
 * an import of the helpers for their side effects only is dropped (one file less to load), and the comments
 * naming the source of each module (`// src/core/...`) become legal comments, which a second bundling keeps.
 */
function restaged(withIndex, indexFile, helpers) {
  return {
    name: 'restaged',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        let text = readFileSync(args.path, 'utf8').replace(/^\/\/ ((?:src|node_modules)\/\S+)$/gm, '//! $1');
        if (helpers !== undefined) text = text.replace(bareImportOf(helpers), '');
        return {
          contents: withIndex.has(args.path) ? `import ${JSON.stringify(indexFile)};\n${text}` : text,
          loader: 'js',
        };
      });
    },
  };
}

// Bundling renames a top-level name that two modules both use (`isObject2`). That is
// harmless for a helper, not for a class: its name shows in messages and logs
// (`this.constructor.name`). Fail the build rather than ship a renamed class.
const CLASS_NAMES = /\bclass ([A-Za-z_$][\w$]*)|\b([A-Za-z_$][\w$]*) = class\b/g;
const classNames = (text) => [...text.matchAll(CLASS_NAMES)].map(([, declared, assigned]) => declared ?? assigned);
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walk(path.join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
const sourceClasses = new Set(walk(path.join(root, 'src')).flatMap((file) => classNames(readFileSync(file, 'utf8'))));
// The bundled node-fetch chunk holds node-fetch's classes, not the package's own.
const ownCode = (output) =>
  Object.keys(result.metafile.outputs[output].inputs).some((input) => ownFiles.has(path.resolve(stage, input)));
const renamed = Object.keys(result.metafile.outputs)
  .filter((output) => output.endsWith('.js') && ownCode(output))
  .flatMap((output) =>
    classNames(readFileSync(path.resolve(stage, output), 'utf8'))
      .filter((name) => !sourceClasses.has(name))
      .map((name) => `${path.relative(root, path.resolve(stage, output))}: ${name}`),
  );
if (renamed.length > 0) {
  console.error(
    `bundling renamed these classes (give them distinct names in src):\n  ${[...new Set(renamed)].join('\n  ')}`,
  );
  process.exit(1);
}

dropDocComments(path.join(root, 'dist'));
if (!minifyTools(path.join(root, 'dist'), COMMON.target).includes(path.join('cli', 'main.js'))) {
  console.error('scripts/minify-tools.ts no longer finds the source markers it reads (the CLI was not minified)');
  process.exit(1);
}

// Each file costs Node a resolve, a read, a compile and a link: a new entry point that shares a few modules with
// index.js would split its chunks again and slow `import('pagerduty-client')` unseen. Fail the build instead.
const MAX_INDEX_FILES = 8;
// Read from the files: the metafile still lists the imports of the helpers dropped above.
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm;
const indexFiles = new Set([path.join(root, 'dist', 'index.js')]);
for (const file of indexFiles) {
  for (const [, named, bare] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    indexFiles.add(path.resolve(path.dirname(file), named ?? bare));
  }
}
if (indexFiles.size > MAX_INDEX_FILES) {
  console.error(
    `import('pagerduty-client') would load ${indexFiles.size} files (at most ${MAX_INDEX_FILES}): ` +
      'make the entry points that share its modules import index.js (withIndex above)',
  );
  process.exit(1);
}
