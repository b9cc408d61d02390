/**
 * The generated types are committed; this test regenerates them in memory from the
 * facts-only extracts (as `npm run generate` does) and fails when a committed file differs,
 * is missing, or is left over from an earlier generation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

interface GeneratedFile {
  readonly path: string;
  readonly text: string;
}
interface TypesStage {
  OUTPUT_DIR: string;
  generateTypeFiles(): Promise<GeneratedFile[]>;
}

const root = process.cwd();
const stagePath = path.join(root, 'scripts/generate/types-stage.mjs');

describe('the generated types', () => {
  it('are up to date with the extracts in descriptions/ (run `npm run generate` when not)', async () => {
    const stage = (await import(stagePath)) as TypesStage;
    const files = await stage.generateTypeFiles();
    expect(files.length).toBeGreaterThan(10);
    const stale = files.filter((file) => {
      try {
        return readFileSync(path.join(root, file.path), 'utf8') !== file.text;
      } catch {
        return true;
      }
    });
    expect(stale.map((file) => file.path)).toEqual([]);
    const committed = readdirSync(path.join(root, stage.OUTPUT_DIR)).map((name) => `${stage.OUTPUT_DIR}/${name}`);
    expect(committed.sort()).toEqual(files.map((file) => file.path).sort());
  }, 60_000);
});
