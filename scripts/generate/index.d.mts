// Types of index.mjs (for the TypeScript tests; the generator is plain JavaScript).

export interface GeneratedFile {
  path: string;
  content: string;
}

/** What identifies an extract: its file, the upstream `info.title`/`info.version`, 12 hex digits of its SHA-256. */
export interface DescriptionSource {
  file: string;
  title: string | undefined;
  version: string | undefined;
  sha256: string;
}

export interface StageContext {
  readDescription(name: string): object;
  descriptionSource(name: string): DescriptionSource;
}

export interface Stage {
  name: string;
  directories: string[];
  generate(context: StageContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

export declare const STAGES: readonly Stage[];
export declare const PROJECT_ROOT: string;
export declare function descriptionContext(root: string): StageContext;
export declare function generateAll(root?: string, stages?: readonly Stage[]): Promise<GeneratedFile[]>;
export declare function compareWithDisk(
  root?: string,
  stages?: readonly Stage[],
): Promise<{ changed: string[]; stale: string[]; files: GeneratedFile[] }>;
