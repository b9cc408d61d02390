/** The documentation site shows every guide page, in the order the guide is read. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('typedoc projectDocuments', () => {
  const config = JSON.parse(readFileSync(path.join(root, 'typedoc.json'), 'utf8')) as { projectDocuments: string[] };

  it('lists every guide page once, and MIGRATION.md', () => {
    const pages = readdirSync(path.join(root, 'guide'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `guide/${name}`);
    const listed = config.projectDocuments.filter((entry) => entry.startsWith('guide/'));
    expect([...listed].sort()).toEqual(pages.sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(config.projectDocuments).toContain('MIGRATION.md');
  });

  it('starts with getting started', () => {
    expect(config.projectDocuments[0]).toBe('guide/getting-started.md');
  });

  it('makes the examples a page of the site, so that links to them open a page, not raw markdown', () => {
    expect(config.projectDocuments).toContain('examples/README.md');
  });

  it('gives every guide page (and the examples page) a title and the Guide group', () => {
    for (const entry of config.projectDocuments.filter((name) => name.startsWith('guide/') || name.startsWith('examples/'))) {
      const text = readFileSync(path.join(root, entry), 'utf8');
      expect(text).toMatch(/^---\ntitle: .+\ngroup: Guide\n---\n/);
    }
  });
});
