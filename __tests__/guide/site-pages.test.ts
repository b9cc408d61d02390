/** The documentation site shows every guide page, in the order the guide is read. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('typedoc projectDocuments', () => {
  const config = JSON.parse(readFileSync(path.join(root, 'typedoc.json'), 'utf8')) as {
    projectDocuments: string[];
    readme: string;
    searchInComments: boolean;
    searchInDocuments: boolean;
  };

  it('lists every guide page once, and MIGRATION.md', () => {
    const pages = readdirSync(path.join(root, 'guide'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `guide/${name}`)
      .filter((name) => name !== config.readme);
    const listed = config.projectDocuments.filter((entry) => entry.startsWith('guide/'));
    expect([...listed].sort()).toEqual(pages.sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(config.projectDocuments).toContain('MIGRATION.md');
  });

  it("opens with the user's home page (install, a first call, the guide), not the contributors' README", () => {
    expect(config.readme).toBe('guide/home.md');
    const home = readFileSync(path.join(root, config.readme), 'utf8');
    expect(home).not.toMatch(/^# /m); // the site shows the project's name as the page title once
    expect(home).not.toContain('npm ci');
    expect(home.indexOf('npm install pagerduty-client')).toBeLessThan(home.indexOf('./getting-started.md'));
  });

  it('indexes the text of documents and comments for the search box', () => {
    expect([config.searchInDocuments, config.searchInComments]).toEqual([true, true]);
  });

  it('gives MIGRATION.md and CHANGELOG.md a title of their own (not their file names) and makes them pages', () => {
    expect(readFileSync(path.join(root, 'MIGRATION.md'), 'utf8')).toMatch(
      /^---\ntitle: Migrating from the session API\ngroup: Guide\n---\n/,
    );
    expect(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8')).toMatch(/^---\ntitle: Changelog\n---\n/);
    expect(config.projectDocuments).toContain('CHANGELOG.md');
  });

  it('starts with getting started', () => {
    expect(config.projectDocuments[0]).toBe('guide/getting-started.md');
  });

  it('makes the examples a page of the site, so that links to them open a page, not raw markdown', () => {
    expect(config.projectDocuments).toContain('examples/README.md');
  });

  it('gives every guide page (and the examples page) a title and the Guide group', () => {
    for (const entry of config.projectDocuments.filter(
      (name) => name.startsWith('guide/') || name.startsWith('examples/'),
    )) {
      const text = readFileSync(path.join(root, entry), 'utf8');
      expect(text).toMatch(/^---\ntitle: .+\ngroup: Guide\n---\n/);
    }
  });
});
