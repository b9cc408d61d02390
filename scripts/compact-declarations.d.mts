// Types of compact-declarations.mjs (for the TypeScript tests; the script is plain JavaScript).
export declare function compactDeclaration(text: string, entryPoint: boolean): string;
