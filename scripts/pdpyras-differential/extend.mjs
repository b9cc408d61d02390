// Adds this project's scenarios to a COPY of the shared pdpyras differential tool, which is
// read-only from the project (../shared/tools/pdpyras-differential/). Run by hand, never by
// the build or the tests:
//
//   cp -r ../shared/tools/pdpyras-differential /tmp/pdiff
//   node scripts/pdpyras-differential/extend.mjs /tmp/pdiff
//   PD_CHECKOUT=$PWD /tmp/pdiff/run.sh
//
// The scenarios (added-scenarios.json, beside this script) cover what the legacy sessions do
// that the shared scenarios did not: call metrics, credential attributes, proxies without a
// scheme, a bad retry entry, non-string cursors, events with null and odd arguments. Their
// drivers need one more placeholder, {host} (the server's host:port), which this adds too.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const copy = process.argv[2];
if (!copy) {
  console.error('usage: node scripts/pdpyras-differential/extend.mjs <copy of the differential tool>');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const added = JSON.parse(readFileSync(path.join(here, 'added-scenarios.json'), 'utf8')).scenarios;
const specFile = path.join(copy, 'scenarios.json');
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const known = new Set(spec.scenarios.map((scenario) => scenario.id));
const fresh = added.filter((scenario) => !known.has(scenario.id));
spec.scenarios.push(...fresh);
writeFileSync(specFile, `${JSON.stringify(spec, null, 1)}\n`);

/** Makes a driver's fill() replace {host}; a driver that already does is left alone. */
function addHostPlaceholder(file, from, to) {
  const text = readFileSync(file, 'utf8');
  if (text.includes('{host}')) return;
  if (!text.includes(from)) throw new Error(`${file}: its fill() is not the one this script knows; add {host} by hand`);
  writeFileSync(file, text.replace(from, to));
}
addHostPlaceholder(
  path.join(copy, 'driver_node.mjs'),
  ".replaceAll('{dead}', DEAD);",
  ".replaceAll('{dead}', DEAD).replaceAll('{host}', BASE.replace('http://', ''));",
);
addHostPlaceholder(
  path.join(copy, 'driver_py.py'),
  ".replace('{dead}', DEAD)\n",
  ".replace('{dead}', DEAD).replace('{host}', BASE.replace('http://', ''))\n",
);
console.log(`${fresh.length} scenario(s) added to ${specFile}; drivers know {host}`);
