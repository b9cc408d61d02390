/**
 * The committed generated modules are exactly what `npm run generate` produces from the
 * committed extracts (run in memory here): a change to a description extract, an override
 * or the generator fails this test until the modules are regenerated and committed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { compareWithDisk, generateAll, PROJECT_ROOT, STAGES } from '../../../scripts/generate/index.js';
import { CANONICAL_PATHS } from '../../../src/tables.js';

describe('the generated modules', () => {
  // One full generation serves every check below but the determinism one (it takes seconds).
  let fromDisk: Promise<Awaited<ReturnType<typeof compareWithDisk>>> | undefined;
  const compared = () => (fromDisk ??= compareWithDisk());
  const generated = async () => (await compared()).files;

  it('are up to date with the generator and the extracts (run `npm run generate` when this fails)', async () => {
    const { changed, stale, files } = await compared();
    expect({ changed, stale }).toEqual({ changed: [], stale: [] });
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        'src/generated/rest-tables/entity-wrapper-config.ts',
        'src/generated/integrations/slack-integration-api.ts',
        'src/generated/types/rest-api-v2-endpoints.ts',
      ]),
    );
  });

  it('say they are generated and by which command', async () => {
    for (const file of await generated()) {
      expect(file.content.startsWith('// GENERATED FILE: do not edit by hand.\n')).toBe(true);
      expect(file.content).toContain('`npm run generate`');
    }
  });

  it("record their description: its extract, upstream name and version, and the extract's hash", async () => {
    const sources = new Set<string>();
    for (const file of await generated()) {
      const [, extract, title, version, hash] =
        /from (descriptions\/[a-z0-9-]+\.json):\n\/\/ (.+) (\S+), extract sha256 ([0-9a-f]{12})\.\n/.exec(
          file.content,
        ) ?? [];
      expect({ path: file.path, found: extract !== undefined }).toEqual({ path: file.path, found: true });
      const text = readFileSync(join(PROJECT_ROOT, extract ?? ''), 'utf8');
      const { info } = JSON.parse(text) as { info: { title: string; version: string } };
      expect([title, version, hash]).toEqual([
        info.title,
        info.version,
        createHash('sha256').update(text).digest('hex').slice(0, 12),
      ]);
      sources.add(extract ?? '');
    }
    expect(sources).toEqual(
      new Set([
        'descriptions/rest.json',
        'descriptions/scim.json',
        'descriptions/events-v2.json',
        'descriptions/integration-jira-cloud.json',
        'descriptions/integration-jira-service.json',
        'descriptions/integration-ms-teams-service.json',
        'descriptions/integration-slack-service.json',
      ]),
    );
  });

  it('are produced the same way twice (no time stamps, no ordering by chance)', async () => {
    expect(await generateAll()).toEqual(await generated());
  });

  it('are written one entry per line (the large REST tables packed, a row a line)', () => {
    const wrappers = readFileSync(join(PROJECT_ROOT, 'src/generated/rest-tables/entity-wrapper-config.ts'), 'utf8');
    const number = CANONICAL_PATHS.indexOf('/status_pages/{id}/statuses/{status_id}');
    expect(number).toBeGreaterThan(0);
    expect(wrappers).toContain(`\nG${number.toString(36)} status\n`);
    const headers = readFileSync(join(PROJECT_ROOT, 'src/generated/rest-tables/early-access-headers.ts'), 'utf8');
    expect(headers.split('\n').filter((line) => line.startsWith("  '")).length).toBeGreaterThan(1);
  });

  it('come from stages that each own their folders, so another stage is one more entry', () => {
    expect(STAGES.map((stage) => stage.name)).toEqual([
      'rest-tables',
      'integration-tables',
      'endpoint-types',
      'emulator-operations',
      'cli-list-parameters',
    ]);
    const folders = STAGES.flatMap((stage) => stage.directories);
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('are read from the project only: the generator refuses a description name leaving descriptions/', async () => {
    const sneaky = {
      name: 'sneaky',
      directories: ['src/core/rest/generated'],
      generate: (context: { readDescription(name: string): object }) => [
        {
          path: 'src/generated/rest-tables/x.ts',
          content: JSON.stringify(context.readDescription('../../shared/data/openapi/REST.openapiv3')),
        },
      ],
    };
    await expect(generateAll(PROJECT_ROOT, [sneaky])).rejects.toThrow('bad description name');
  });
});

describe('compareWithDisk', () => {
  it('reports a changed file, a missing one and a stale one in a stage folder', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'pd-generate-'));
    try {
      mkdirSync(join(root, 'out'), { recursive: true });
      writeFileSync(join(root, 'out', 'a.ts'), 'old\n');
      writeFileSync(join(root, 'out', 'stale.ts'), 'left over\n');
      const stage = {
        name: 'test',
        directories: ['out'],
        generate: () => [
          { path: 'out/a.ts', content: 'new\n' },
          { path: 'out/b.ts', content: 'b\n' },
        ],
      };
      const { changed, stale } = await compareWithDisk(root, [stage]);
      expect(changed).toEqual(['out/a.ts', 'out/b.ts']);
      expect(stale).toEqual(['out/stale.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a stage that writes outside its folders', async () => {
    const stage = { name: 'test', directories: ['out'], generate: () => [{ path: 'src/x.ts', content: '' }] };
    await expect(generateAll(PROJECT_ROOT, [stage])).rejects.toThrow('outside its folders');
  });
});

describe('the CLI list parameters', () => {
  it('name every query parameter a GET operation declares as name[], by path', async () => {
    const { listParameters } = await import('../../../scripts/generate/cli-list-parameters-stage.js');
    const table = listParameters({
      components: { parameters: { statuses: { in: 'query', name: 'statuses[]' } } },
      paths: {
        '/incidents': {
          get: { parameters: [{ $ref: '#/components/parameters/statuses' }, { in: 'query', name: 'limit' }] },
        },
        '/users/{id}': { get: { parameters: [{ in: 'path', name: 'id' }] } },
      },
    });
    expect(table).toEqual({ '/incidents': ['statuses'] });
  });
});
