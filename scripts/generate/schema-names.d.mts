// Types of schema-names.mjs (for the TypeScript tests; the generator is plain JavaScript).

export declare function schemaExportNames(
  schemaNames: readonly string[],
  options?: { prefix?: string; renames?: Readonly<Record<string, string>> },
): Map<string, string>;
export declare function schemaNamesSource(options: {
  title: string;
  openapiModule: string;
  names: Map<string, string>;
}): string;
