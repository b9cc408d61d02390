// An esbuild plugin for the CommonJS code bundled into the package (node-fetch 2's
// dependencies): each `require()` of a Node built-in becomes an ES import. esbuild would
// otherwise keep it as a `require()` call, which an ES module output has not got: a
// consumer's `esbuild --bundle --format=esm` then fails at the first request with
// `Dynamic require of "punycode" is not supported`. The built-in's own value (its
// `module.exports`) is what the `require()` returns, as before.
import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);
const REQUIRED = 'builtin-require';
const IMPORTED = 'builtin-import';

/** @type {import('esbuild').Plugin} */
export const builtinRequires = {
  name: 'builtin-requires',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (args.kind !== 'require-call' || !BUILTINS.has(name)) return undefined;
      return { path: name, namespace: REQUIRED };
    });
    // A CommonJS module that exports the built-in's value, taken from an ES module that imports it.
    build.onLoad({ filter: /.*/, namespace: REQUIRED }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`${IMPORTED}:${args.path}`)}).default;`,
      loader: 'js',
    }));
    build.onResolve({ filter: new RegExp(`^${IMPORTED}:`) }, (args) => ({
      path: args.path.slice(IMPORTED.length + 1),
      namespace: IMPORTED,
    }));
    build.onLoad({ filter: /.*/, namespace: IMPORTED }, (args) => ({
      contents: `import value from ${JSON.stringify(`node:${args.path}`)};\nexport default value;`,
      loader: 'js',
    }));
  },
};
