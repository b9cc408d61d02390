// `node --import ./scripts/conformance/node20.mjs`: registers the hooks only where `fs.globSync` is missing (Node 20).
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./node20-hooks.mjs', import.meta.url);
