import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { VERSION } from '../../src/generated/version.js';
import { userAgent } from '../../src/core/request/user-agent.js';

describe('VERSION', () => {
  it('is the version in package.json (written at build time, never by hand)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    expect(userAgent()).toBe(`pagerduty-client/${pkg.version} node/${process.versions.node}`);
  });

  it('has a CHANGELOG entry for the current version', () => {
    const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    expect(changelog).toContain(`## [${VERSION}] - `);
  });
});
