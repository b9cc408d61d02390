// Types of minify-tools.mjs (for the TypeScript tests; the script is plain JavaScript).
export declare function holdsOnlyTools(text: string): boolean;
export declare function minifyTools(dist: string, target: string): string[];
