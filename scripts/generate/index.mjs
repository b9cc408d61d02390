// PROVISIONAL (issue 13), minimal: issue 12 owns this runner. Runs the generation stages
// and writes their files; with --check, writes nothing and exits 1 when a file differs.
//
//   npm run generate            regenerate
//   npm run generate -- --check  compare only
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as types from './types-stage.mjs';

const STAGES = [{ name: types.name, files: () => types.generateTypeFiles() }];
const root = fileURLToPath(new URL('../../', import.meta.url));
const check = process.argv.includes('--check');
let stale = 0;
for (const stage of STAGES) {
  for (const file of await stage.files()) {
    const target = `${root}${file.path}`;
    let current;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === file.text) continue;
    stale += 1;
    if (check) {
      console.error(`out of date: ${file.path}`);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
    console.log(`wrote ${file.path} (${stage.name})`);
  }
}
if (check && stale > 0) process.exit(1);
