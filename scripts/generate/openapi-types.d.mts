// Types of openapi-types.mjs (for the TypeScript tests; the generator is plain JavaScript).

export declare function resolvePointer(document: object, ref: string): unknown;
export declare function prepareForOpenapiTypescript(extract: object): Record<string, unknown>;
export declare function assertFactsOnly(text: string, origin: string): void;
export declare function openapiTypesSource(extract: object, origin: string): Promise<string>;
