// Types of index.mjs (for the TypeScript tests; the generator is plain JavaScript).

export interface GeneratedFile {
  path: string;
  content: string;
}

export interface StageContext {
  readDescription(name: string): object;
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
