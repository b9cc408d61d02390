// Path completions in an editor: asks TypeScript's language service (what editors run) for
// the completions inside a path argument, in a consumer project that installs the packed
// package, and checks that the description's paths are offered.
//
//   npm run bench:completions                      (builds first)
//   node bench/path-completions.mjs [tarball]      (packs this checkout's build when none is given)
//
// Prints, for each probe, how long the request took and the first entries offered; exits 1
// when an expected path is missing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import { consumerProject, packBuilt } from './consumer-project.mjs';

/** Each probe: the text before the cursor, the text after it, what must be offered and what must not. */
const PROBES = [
  { call: "client.rget('/us", rest: "');", expect: ['/users', '/users/me', '/users/{id}'], refuse: [] },
  {
    call: "client.iterAll('/inc",
    rest: "');",
    expect: ['/incidents', '/incidents/{id}/alerts'],
    refuse: ['/incidents/{id}'],
  },
  { call: "client.rput('/incidents/", rest: "');", expect: ['/incidents/{id}', '/incidents'], refuse: ['/users/me'] },
  { call: "scim.jget('/Us", rest: "');", expect: ['/Users', '/Users/{id}'], refuse: [] },
];

const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-completions-'));
let failed = false;
try {
  const tarball = process.argv[2] ? path.resolve(process.argv[2]) : packBuilt(work, 'current').tarball;
  const header =
    "import { RestApiV2Client, ScimApiClient } from 'pagerduty-client';\n" +
    'declare const client: RestApiV2Client;\ndeclare const scim: ScimApiClient;\n';
  const body = PROBES.map((probe) => `${probe.call}${probe.rest}`).join('\n');
  const dir = consumerProject(path.join(work, 'editor'), tarball, { 'editor.ts': `${header}${body}\n` });
  const fileName = path.join(dir, 'editor.ts');
  const text = readFileSync(fileName, 'utf8');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const host = {
    getScriptFileNames: () => [fileName],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)) : undefined,
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const start = performance.now();
  service.getProgram();
  console.log(`language service ready in ${((performance.now() - start) / 1000).toFixed(2)} s`);
  for (const probe of PROBES) {
    const position = text.indexOf(probe.call) + probe.call.length;
    const before = performance.now();
    const completions = service.getCompletionsAtPosition(fileName, position, {});
    const ms = performance.now() - before;
    const names = (completions?.entries ?? []).map((entry) => entry.name);
    const missing = probe.expect.filter((name) => !names.includes(name));
    const wrong = probe.refuse.filter((name) => names.includes(name));
    const typed = probe.call.slice(probe.call.lastIndexOf("'") + 1);
    const shown = names.filter((name) => name.startsWith(typed)).slice(0, 6);
    console.log(
      `${probe.call}|  ${ms.toFixed(0)} ms, ${names.length} offered; ` +
        `matching: ${shown.join(', ')}${shown.length === 6 ? ', ...' : ''}`,
    );
    if (missing.length > 0 || wrong.length > 0) {
      failed = true;
      console.log(`  missing: ${missing.join(', ') || '-'}; offered but should not be: ${wrong.join(', ') || '-'}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
