// Types of wrapper-convention.mjs (for the TypeScript tests; the generator is plain JavaScript).

export declare function singularName(name: string): string;
export declare function inferEntityWrapper(method: string, path: string): string;
export declare function isPlaceholder(segment: string): boolean;
