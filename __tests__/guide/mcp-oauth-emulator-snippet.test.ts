/**
 * guide/mcp.md, "Authorization against the emulator": the snippet runs as written (its own emulator in
 * `mcpAuth: 'oauth'`, McpOAuth through discovery) and prints what the session saw.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import * as emulator from '../../src/emulator/index.js';
import { realSockets } from '../helpers/test-kit.js';
import { runSnippet, sectionSnippets } from '../legacy/snippet-runner.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(path.join(root, 'guide/mcp.md'), 'utf8');
const heading = '### Authorization against the emulator';
// sectionSnippets ends a section at a heading of its own level: cut the page at the next `## ` first.
const section = page.slice(0, page.indexOf('\n## ', page.indexOf(heading)));
const snippets = sectionSnippets(section, heading);

describe('guide/mcp.md: authorization against the emulator', () => {
  beforeAll(realSockets);

  it('has one named snippet', () => {
    expect(snippets.map((snippet) => snippet.name)).toEqual(['mcp-oauth-emulator']);
  });

  it('runs it: tools listed after discovery, the call after a revocation answered', async () => {
    const printed = await runSnippet(snippets[0], {
      'pagerduty-client': core,
      'pagerduty-client/emulator': emulator,
    });
    expect(printed).toEqual(['true', 'listed']);
  });
});
