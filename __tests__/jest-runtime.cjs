// jest's runtime with one change: a CommonJS file that never calls `import()` is compiled without jest's
// `importModuleDynamically` hook. On Node 20 a script compiled with that hook misses V8's compilation cache, so
// every test file compiled jest's own modules (expect, jest-snapshot, semver, ...) and nock afresh: `npm test`
// took 57 s on two cores, 40 s without. A file that calls `import()` keeps the hook, and jest's behaviour.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

const DYNAMIC_IMPORT = /\bimport\s*\(/;

class CompileCachedRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    // jest's internals read below are those of the pinned jest 29.7; another jest gets its own behaviour back.
    const internals = typeof this.wrapCodeInModuleWrapper === 'function' && this._fileTransforms && this._resolver;
    if (!internals || DYNAMIC_IMPORT.test(scriptSource)) return super.createScriptFromCode(scriptSource, filename);
    return new vm.Script(this.wrapCodeInModuleWrapper(scriptSource), {
      columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
      displayErrors: true,
      filename: this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename,
    });
  }
}

module.exports = CompileCachedRuntime;
