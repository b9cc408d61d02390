#!/usr/bin/env node
/**
 * Regenerates `src/generated/mcp/pagerduty-mcp-tools.ts`, the facts-only extract of PagerDuty's MCP server's
 * tools (PagerDuty/pagerduty-mcp-server): per tool its name, read/write kind, source module, first docstring line,
 * input schema and the schema of its result's model. Reads the server's Python source from a git directory
 * (`git --git-dir=<dir> show <rev>:<file>`); runs none of it.
 *
 *   npx tsx scripts/generate/mcp-tools.ts --git-dir /path/to/pagerduty-mcp-server/.git [--rev HEAD]
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readModule, toolLists } from './mcp-python-source.js';
import { SchemaBuilder } from './mcp-tool-schemas.js';
import type { JsonNode } from './openapi-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUTPUT = join(ROOT, 'src', 'generated', 'mcp', 'pagerduty-mcp-tools.ts');

function argument(name: string, fallback?: string): string {
  const at = process.argv.indexOf(name);
  if (at >= 0 && process.argv[at + 1]) return process.argv[at + 1];
  if (fallback !== undefined) return fallback;
  throw new Error(`usage: mcp-tools.ts --git-dir <pagerduty-mcp-server git dir> [--rev HEAD]`);
}

/** Reads the server's source and builds the extract. */
export function extract(gitDir: string, rev = 'HEAD') {
  const git = (...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' });
  const files = git('ls-tree', '-r', '--name-only', rev, 'pagerduty_mcp').split('\n');
  const python = (folder: string) =>
    files.filter((file) => file.startsWith(`pagerduty_mcp/${folder}/`) && file.endsWith('.py'));
  const version = /^version\s*=\s*"([^"]+)"/m.exec(git('show', `${rev}:pyproject.toml`))?.[1];
  const world = { classes: {}, aliases: {}, constants: {} };
  // base.py first: the others use its constants (MAX_RESULTS).
  const modelFiles = python('models').sort((a, b) => Number(!a.endsWith('/base.py')) - Number(!b.endsWith('/base.py')));
  for (const file of modelFiles) {
    const module = readModule(git('show', `${rev}:${file}`), world.constants);
    Object.assign(world.classes, module.classes);
    Object.assign(world.aliases, module.aliases);
    Object.assign(world.constants, module.constants);
  }
  const functions: Record<string, JsonNode> = {};
  for (const file of python('tools')) {
    const module = readModule(git('show', `${rev}:${file}`), world.constants);
    Object.assign(world.aliases, module.aliases);
    const area = file.replace(/^.*\//, '').replace(/\.py$/, '');
    for (const fn of module.functions) functions[fn.name] = { ...fn, module: area };
  }
  const lists = toolLists(git('show', `${rev}:pagerduty_mcp/tools/__init__.py`));
  const builder = new SchemaBuilder(world);
  const models: Record<string, JsonNode> = {};
  const tool = (kind: string) => (name: string) => {
    const fn = functions[name];
    if (!fn) throw new Error(`tool ${name} is listed but not defined`);
    return {
      name,
      kind,
      module: fn.module,
      description: fn.description,
      inputSchema: builder.tool(fn.parameters, models),
      resultSchema: builder.result(fn.returns, models),
    };
  };
  const tools = [...lists.read.map(tool('read')), ...lists.write.map(tool('write'))];
  const sorted = Object.fromEntries(Object.entries(models).sort(([a], [b]) => a.localeCompare(b)));
  return { version, tools, models: sorted };
}

/** A JSON Schema (as the builder writes them) as a TypeScript type. */
export function tsType(schema: JsonNode): string {
  if (schema.$ref) return `PagerDutyMcpModels[${JSON.stringify(schema.$ref.replace('#/$defs/', ''))}]`;
  if (schema.anyOf) return [...new Set(schema.anyOf.map(tsType))].join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value: JsonNode) => JSON.stringify(value)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `(${tsType(schema.items ?? {})})[]`;
    case 'object': {
      if (!schema.properties)
        return schema.additionalProperties === true || !schema.additionalProperties
          ? 'Record<string, unknown>'
          : `Record<string, ${tsType(schema.additionalProperties)}>`;
      const required = new Set(schema.required ?? []);
      const fields = Object.entries<JsonNode>(schema.properties).map(
        ([name, value]) => `${JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${tsType(value)}`,
      );
      return `{ ${fields.join('; ')} }`;
    }
    default:
      return 'unknown';
  }
}

/** FastMCP's rule: a model's result is the object itself, anything else is wrapped as `{ result }`. */
export const wrapsResult = (schema: JsonNode) => !(schema.$ref || (schema.type === 'object' && schema.properties));

const resultType = (schema: JsonNode) => (wrapsResult(schema) ? `{ "result": ${tsType(schema)} }` : tsType(schema));

function typeDeclarations(facts: JsonNode) {
  const entries = (pick: (tool: JsonNode) => string) =>
    facts.tools.map((tool: JsonNode) => `  ${tool.name}: ${pick(tool)};`).join('\n');
  const models = Object.entries<JsonNode>(facts.models).map(
    ([name, schema]) => `  ${JSON.stringify(name)}: ${tsType(schema)};`,
  );
  return (
    `/** The server's models, by name. */\nexport interface PagerDutyMcpModels {\n${models.join('\n')}\n}\n\n` +
    `/** Each tool's arguments. */\nexport interface PagerDutyMcpToolArguments {\n` +
    `${entries((tool) => tsType(tool.inputSchema))}\n}\n\n` +
    `/** Each tool's \`structuredContent\`: a model's fields, or \`{ result }\` for any other type (as FastMCP). */\n` +
    `export interface PagerDutyMcpToolResults {\n${entries((tool) => resultType(tool.resultSchema))}\n}\n`
  );
}

const HEADER = `/**
 * PagerDuty's MCP server's tools (PagerDuty/pagerduty-mcp-server): names, read/write kind, short description,
 * input schema and result schema. Facts only, extracted from the server's source.
 * Generated by scripts/generate/mcp-tools.ts: do not edit.
 *
 * @module
 */
`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const facts = extract(argument('--git-dir'), argument('--rev', 'HEAD'));
  const body =
    `${HEADER}\n/** The server version the extract was taken from. */\n` +
    `export const PAGERDUTY_MCP_SERVER_VERSION = ${JSON.stringify(facts.version)};\n\n` +
    `/** Every tool, read tools first, in the server's order. */\n` +
    `export const PAGERDUTY_MCP_TOOL_FACTS = ${JSON.stringify(facts.tools)} as const;\n\n` +
    `/** The models the schemas refer to as \`#/$defs/<name>\`. */\n` +
    `export const PAGERDUTY_MCP_MODELS: Record<string, object> = ${JSON.stringify(facts.models)};\n\n` +
    typeDeclarations(facts);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, body);
  console.log(`${OUTPUT}: ${facts.tools.length} tools (${facts.tools.filter((t) => t.kind === 'read').length} read)`);
}
