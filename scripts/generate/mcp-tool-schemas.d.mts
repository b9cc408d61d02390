import type { PythonClass } from './mcp-python-source.mjs';
export class SchemaBuilder {
  constructor(world: {
    classes: Record<string, PythonClass>;
    aliases: Record<string, string>;
    constants: Record<string, number>;
  });
  type(annotation: string, defs: Record<string, unknown>): Record<string, unknown>;
  tool(
    parameters: { name: string; type: string; default?: unknown }[],
    defs: Record<string, unknown>,
  ): Record<string, unknown>;
  result(annotation: string, defs: Record<string, unknown>): Record<string, unknown>;
}
