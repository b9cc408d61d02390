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
// Each is bundled (node-fetch from its ES module
// build) into a chunk of its own, still loaded on first use, with the built-in
// `require()`s of CommonJS code turned into imports (`builtin-requires-plugin.mjs`).
// node-fetch's `whatwg-url` is left out: node-fetch takes `URL` from node:url whenever Node
// has it (every Node this package supports), and the unused polyfill, with tr46's Unicode
// table, was 340 kB to load at the first request.
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinRequires } from './builtin-requires-plugin.mjs';

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

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const result = await build({
  absWorkingDir: root,
  entryPoints: {
    index: 'src/index.ts',
    types: 'src/types.ts',
    tables: 'src/tables.ts',
    'legacy/index': 'src/legacy/index.ts',
    'emulator/index': 'src/emulator/index.ts',
    'rate-limit-redis/index': 'src/rate-limit-redis/index.ts',
    webhooks: 'src/webhooks.ts',
    'cli/main': 'src/cli/main.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: `node${pkg.engines.node.replace(/^>=\s*/, '')}`,
  // Dependencies (yargs, eventsource-parser) are installed beside the package; a package
  // name also covers its subpaths; the optional peers (ioredis) stay imports too. node-fetch and the proxy agent are devDependencies, bundled.
  external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})],
  // node-fetch's ES module build (`module`) imports Node's built-ins rather than requiring them.
  mainFields: ['module', 'main'],
  plugins: [noWhatwgUrl, builtinRequires],
  // Class and function names show in messages (`... is not permitted on RestApiV2Client`).
  keepNames: false,
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
});

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
  Object.keys(result.metafile.outputs[output].inputs).some((input) => input.startsWith('src/'));
const renamed = Object.keys(result.metafile.outputs)
  .filter((output) => output.endsWith('.js') && ownCode(output))
  .flatMap((output) =>
    classNames(readFileSync(path.join(root, output), 'utf8'))
      .filter((name) => !sourceClasses.has(name))
      .map((name) => `${output}: ${name}`),
  );
if (renamed.length > 0) {
  console.error(
    `bundling renamed these classes (give them distinct names in src):\n  ${[...new Set(renamed)].join('\n  ')}`,
  );
  process.exit(1);
}
