// Types of comment-density.mjs (for the TypeScript tests; the script is plain JavaScript).
export interface LineCounts {
  code: number;
  public: number;
  internal: number;
}
export interface FileCounts extends LineCounts {
  file: string;
  lines: { code: boolean; comment: 'public' | 'internal' | null }[];
}
export declare const ENTRY_POINTS: readonly string[];
export declare const TARGETS: { internal: number; overall: number };
export declare function measure(options: {
  root: string;
  scope?: string;
  entryPoints?: readonly string[];
}): FileCounts[];
export declare function byFolder(counts: readonly FileCounts[]): Map<string, LineCounts>;
export declare function total(counts: readonly LineCounts[]): LineCounts;
export declare function ratios(count: LineCounts): { internal: number; overall: number };
export declare function withinTargets(count: LineCounts): boolean;
