// `npm run generate`: runs every generator stage and writes what they produce; with
// `--check`, writes nothing and fails when a committed file differs (or is missing, or a
// stale file lingers in a generated folder).
//
// A stage is a module exporting { name, directories, generate(context) }: `directories`
// are the folders it owns (every file in them is its output), `generate` returns the files
// (or a promise of them: openapi-typescript, behind the endpoint types, is asynchronous)
// as { path, content } from the description extracts it reads through the context. Stages
// are pure apart from that read, so a test can run them in memory. To add one, write its
// module and add it to STAGES.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliListParametersStage } from './cli-list-parameters-stage.js';
import { emulatorOperationsStage } from './emulator-operations-stage.js';
import { endpointTypesStage } from './endpoint-types-stage.js';
import { integrationTablesStage } from './integration-tables-stage.js';
import type { JsonNode } from './openapi-schema.js';
import { restTablesStage } from './rest-tables-stage.js';

/** A file a stage produces; `path` is relative to the project's root, with `/`. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/**
 * What identifies an extract: its file, the upstream description's `info.title` and
 * `info.version`, and the first 12 hex digits of the extract's SHA-256.
 */
export interface DescriptionSource {
  file: string;
  title: string | undefined;
  version: string | undefined;
  sha256: string;
}

/**
 * What a stage may read: `readDescription('rest')` is the parsed descriptions/rest.json,
 * `descriptionSource('rest')` what identifies it (for the generated files' headers).
 */
export interface StageContext {
  readDescription(name: string): JsonNode;
  descriptionSource(name: string): DescriptionSource;
}

export interface Stage {
  name: string;
  directories: string[];
  generate(context: StageContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** The stages, in order. */
export const STAGES: readonly Stage[] = Object.freeze<Stage[]>([
  restTablesStage,
  integrationTablesStage,
  endpointTypesStage,
  emulatorOperationsStage,
  cliListParametersStage,
]);

/** The project's root (the folder with package.json). */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The context that reads extracts from `<root>/descriptions`, each parsed once.
 */
export function descriptionContext(root: string): StageContext {
  const texts = new Map();
  const parsed = new Map();
  const text = (name: string) => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad description name ${JSON.stringify(name)}`);
    if (!texts.has(name)) texts.set(name, readFileSync(join(root, 'descriptions', `${name}.json`), 'utf8'));
    return texts.get(name);
  };
  const readDescription = (name: string) => {
    if (!parsed.has(name)) parsed.set(name, JSON.parse(text(name)));
    return parsed.get(name);
  };
  return {
    readDescription,
    descriptionSource(name) {
      const { info } = readDescription(name);
      const sha256 = createHash('sha256').update(text(name)).digest('hex').slice(0, 12);
      return { file: `descriptions/${name}.json`, title: info?.title, version: info?.version, sha256 };
    },
  };
}

/**
 * Every file the stages produce, in memory.
 *
 * @throws Error when two stages produce the same file, or a file outside its stage's folders
 */
export async function generateAll(
  root: string = PROJECT_ROOT,
  stages: readonly Stage[] = STAGES,
): Promise<GeneratedFile[]> {
  const context = descriptionContext(root);
  const files = [];
  const seen = new Set();
  for (const stage of stages) {
    for (const file of await stage.generate(context)) {
      if (!stage.directories.some((directory) => file.path.startsWith(`${directory}/`))) {
        throw new Error(`stage ${stage.name} produced ${file.path} outside its folders`);
      }
      if (seen.has(file.path)) throw new Error(`${file.path} is produced twice`);
      seen.add(file.path);
      files.push(file);
    }
  }
  return files;
}

/**
 * How the files on disk differ from the generated ones: files whose content differs or
 * that are missing, and files in a stage's folders that no stage produces.
 */
export async function compareWithDisk(
  root: string = PROJECT_ROOT,
  stages: readonly Stage[] = STAGES,
): Promise<{ changed: string[]; stale: string[]; files: GeneratedFile[] }> {
  const files = await generateAll(root, stages);
  const expected = new Set(files.map((file) => file.path));
  const changed = files
    .filter((file) => {
      const target = join(root, file.path);
      return !existsSync(target) || readFileSync(target, 'utf8') !== file.content;
    })
    .map((file) => file.path);
  const stale = stages
    .flatMap((stage) => stage.directories)
    .flatMap((directory) => listFiles(root, directory))
    .filter((path) => !expected.has(path));
  return { changed, stale, files };
}

function listFiles(root: string, directory: string) {
  const full = join(root, directory);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split('\\')
        .join('/'),
    );
}

async function main(argv: string[]) {
  const check = argv.includes('--check');
  const { changed, stale, files } = await compareWithDisk();
  if (check) {
    for (const path of [...changed, ...stale]) process.stderr.write(`out of date: ${path}\n`);
    if (changed.length + stale.length > 0) {
      process.stderr.write('run `npm run generate` and commit the result\n');
      process.exit(1);
    }
    process.stdout.write(`${files.length} generated files are up to date\n`);
    return;
  }
  for (const file of files.filter((candidate) => changed.includes(candidate.path))) {
    mkdirSync(dirname(join(PROJECT_ROOT, file.path)), { recursive: true });
    writeFileSync(join(PROJECT_ROOT, file.path), file.content);
  }
  for (const path of stale) rmSync(join(PROJECT_ROOT, path));
  process.stdout.write(`${files.length} generated files: ${changed.length} written, ${stale.length} removed\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
