// Types of drop-doc-comments.mjs (for the TypeScript tests; the script is plain JavaScript).
export declare function dropDocComments(dir: string): void;
