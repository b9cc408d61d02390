/**
 * guide/emulator.md, "Arranging state with known ids": the snippet runs as written (its
 * own emulator, its own asserts) and prints what the fixtures made.
 */
import { describe, expect, it } from '@jest/globals';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import * as emulator from '../../src/emulator/index.js';
import { runSnippet, sectionSnippets } from '../legacy/snippet-runner.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(path.join(root, 'guide/emulator.md'), 'utf8');
// sectionSnippets ends a section at a heading of its own level: cut the page at the next `## ` first.
const upToNextSection = page.slice(0, page.indexOf('\n## ', page.indexOf('### Arranging state with known ids')));
const snippets = sectionSnippets(upToNextSection, '### Arranging state with known ids');

describe('guide/emulator.md: arranging state with known ids', () => {
  it('has one named snippet', () => {
    expect(snippets.map((snippet) => snippet.name)).toEqual(['fixtures']);
  });

  it('runs it against the emulator', async () => {
    const printed = await runSnippet(snippets[0], {
      'pagerduty-client': core,
      'pagerduty-client/emulator': emulator,
      'node:assert/strict': { deepEqual: assert.deepEqual },
    });
    expect(printed).toEqual(['resolved']);
  });
});
