// The readable names of an API's schemas: one exported alias per schema of the
// description (`export type User = components['schemas']['User'] & Record<never, never>`),
// named for the schema with the API's prefix (none for the REST API v2), and a reviewed
// rename where a name would collide with one the package already exports for something else.
//
// `& Record<never, never>` changes nothing about the type (an intersection with the empty
// object type) but makes it a type of its own that carries the alias: without it, an alias
// of an indexed access is the property's anonymous type, which editors and the API
// documentation then show spelled out in full wherever it is used, instead of its name.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The exported name of each schema: `prefix + name` (the prefix is not doubled when the
 * name already starts with it), or the reviewed rename.
 *
 * @returns Map from schema name to exported name
 * @throws Error for a name that is not an identifier or two schemas given one name
 */
export function schemaExportNames(
  schemaNames: readonly string[],
  { prefix = '', renames = {} }: { prefix?: string; renames?: Readonly<Record<string, string>> } = {},
): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const schema of schemaNames) {
    const base = schema.replace(/[^\w$]/g, '_');
    const name = renames[schema] ?? (base.startsWith(prefix) ? base : `${prefix}${base}`);
    if (!IDENTIFIER.test(name)) throw new Error(`schema ${schema}: ${name} is not an identifier`);
    if (taken.has(name)) throw new Error(`schemas ${taken.get(name)} and ${schema} would both be exported as ${name}`);
    taken.set(name, schema);
    out.set(schema, name);
  }
  return out;
}

/**
 * The source of the module of readable names.
 *
 * @param options.title - the API's name in the TSDoc (`REST API v2`)
 * @param options.openapiModule - the module with the openapi-typescript `components`
 * @param options.names - from {@link schemaExportNames}
 */
export function schemaNamesSource({
  title,
  openapiModule,
  names,
}: {
  title: string;
  openapiModule: string;
  names: Map<string, string>;
}): string {
  const aliases = [...names]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([schema, name]) =>
        `/** The \`${schema}\` schema of the ${title} description. */\n` +
        `export type ${name} = components['schemas'][${JSON.stringify(schema)}] & Record<never, never>;`,
    );
  return `import type { components } from '${openapiModule}';\n\n${aliases.join('\n\n')}\n`;
}
