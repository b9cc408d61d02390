/**
 * Every tool the emulator serves, in both of PagerDuty's sets, against its input schema: a call that fits the
 * schema is not refused, an unknown argument and a wrong type are refused with pydantic's report, as
 * PagerDuty's MCP server (FastMCP) words it, before anything is read or changed.
 */
import { describe, expect, it } from '@jest/globals';
import { hostedTools, repositoryTools } from '../../../src/core/mcp/pagerduty-tools.js';
import { enabledTools } from '../../../src/emulator/mcp/mcp-tool-catalogue.js';
import type { EmulatorTool, ToolContext, ToolResult } from '../../../src/emulator/mcp/mcp-tool.js';
import type { Schema } from '../../../src/emulator/mcp/tool-arguments.js';
import { seededStore } from '../seeded-store.js';

type Defs = Record<string, Schema>;

/** The least value that fits `schema`: required fields only, the first of a choice. */
function sample(schema: Schema, defs: Defs): unknown {
  if (schema.$ref) return sample(defs[schema.$ref.replace('#/$defs/', '')], defs);
  if (schema.anyOf) return sample(schema.anyOf.find((member) => member.type !== 'null') ?? schema.anyOf[0], defs);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? '2025-06-01T00:00:00Z' : 'PXXXXXX'.padEnd(schema.minLength ?? 0, 'X');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items ?? {}, defs)];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sample(schema.properties![name], defs)] as const),
      );
    default:
      return 'anything';
  }
}

/** A value of a type `schema` refuses, or `undefined` when it takes anything. */
function misfit(schema: Schema): unknown {
  const members = schema.anyOf ?? [schema];
  const accepts = (type: string) =>
    members.some((member) => member.type === type || (type === 'object' && member.$ref !== undefined));
  if (members.some((member) => Object.keys(member).length === 0)) return undefined;
  if (members.some((member) => member.enum || 'const' in member)) return 'not-one-of-them';
  if (accepts('string')) return 12345;
  if (accepts('integer') || accepts('number')) return 'twelve';
  if (accepts('boolean')) return 'maybe';
  return 'a string';
}

function context(args: Record<string, unknown>): ToolContext {
  const { store, keys } = seededStore({ seedIncidents: 2 });
  return {
    store,
    identity: store.identify(keys.users[0].key)!,
    from: undefined,
    args,
    now: store.now(),
    progress: () => {},
    wait: async () => {},
  };
}

const text = (result: ToolResult) => result.content[0].text;

const repository = enabledTools({ writeTools: true });
const hosted = enabledTools({ writeTools: true, toolSet: 'hosted' });

describe('the repository set’s arguments', () => {
  const cases = repositoryTools().map(
    (fact) => [fact.name, fact, repository.find((tool) => tool.name === fact.name)!] as const,
  );

  it.each(cases)('%s takes arguments that fit its schema', async (name, fact, tool) => {
    const defs = (fact.inputSchema.$defs ?? {}) as Defs;
    const result = await tool.run(context(sample(fact.inputSchema as Schema, defs) as Record<string, unknown>));
    expect(text(result)).not.toContain('validation error');
  });

  it.each(cases)('%s refuses an unknown argument with pydantic’s extra_forbidden', async (name, fact, tool) => {
    const defs = (fact.inputSchema.$defs ?? {}) as Defs;
    const args = { ...(sample(fact.inputSchema as Schema, defs) as object), not_an_argument: 1 };
    const result = await tool.run(context(args));
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `Error executing tool ${name}: 1 validation error for ${name}Arguments\nnot_an_argument\n` +
        '  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]',
    );
  });

  const typed = cases.filter(([, fact]) =>
    Object.values(fact.inputSchema.properties).some((property) => misfit(property as Schema) !== undefined),
  );
  it.each(typed)('%s refuses a wrong type, naming the argument', async (name, fact, tool) => {
    const defs = (fact.inputSchema.$defs ?? {}) as Defs;
    const [argument, schema] = Object.entries(fact.inputSchema.properties).find(
      ([, property]) => misfit(property as Schema) !== undefined,
    )!;
    const args = {
      ...(sample(fact.inputSchema as Schema, defs) as object),
      [argument]: misfit(schema as Schema),
    };
    const result = await tool.run(context(args));
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      new RegExp(
        `^Error executing tool ${name}: 1 validation error for ${name}Arguments\\n` +
          `${argument}\\n  Input should be .* \\[type=\\w+, `,
      ),
    );
  });

  it('checks every tool: 103, of which 63 read', () => {
    expect(cases).toHaveLength(103);
    expect(repository.filter((tool) => tool.kind === 'read')).toHaveLength(63);
    expect(typed.length).toBeGreaterThan(90);
  });

  it('takes lax values as pydantic does: a numeric string for an integer, a JSON string for a model', async () => {
    const list = repository.find((tool) => tool.name === 'list_incidents')!;
    expect((await list.run(context({ limit: '1' }))).isError).toBeUndefined();
    const get = repository.find((tool) => tool.name === 'get_incident')!;
    const result = await get.run(context({ incident_id: 'PNOPE', query_model: '{"bogus": 1}' }));
    expect(text(result)).toContain('query_model.bogus\n  Extra inputs are not permitted [type=extra_forbidden');
  });

  it('reports a missing required argument as pydantic’s Field required', async () => {
    const tool = repository.find((candidate) => candidate.name === 'get_incident')!;
    const result = await tool.run(context({}));
    expect(text(result)).toBe(
      'Error executing tool get_incident: 1 validation error for get_incidentArguments\nincident_id\n' +
        '  Field required [type=missing, input_value={}, input_type=dict]',
    );
  });
});

describe('the hosted set’s arguments', () => {
  const byName = new Map(repositoryTools().map((fact) => [fact.name, fact]));
  const cases = hostedTools().flatMap((fact) =>
    Object.keys(fact.actions).map(
      (action) => [fact.name, action, hosted.find((tool) => tool.name === fact.name) as EmulatorTool] as const,
    ),
  );

  it.each(cases)('%s action %s takes that tool’s arguments and refuses unknown ones', async (name, action, tool) => {
    const inner = byName.get(action)!;
    const defs = (inner.inputSchema.$defs ?? {}) as Defs;
    const args = { action, ...(sample(inner.inputSchema as Schema, defs) as object) };
    expect(text(await tool.run(context(args)))).not.toContain('validation error');
    const refused = await tool.run(context({ ...args, not_an_argument: true }));
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(
      `Error executing tool ${name}: 1 validation error for ${name}Arguments\nnot_an_argument\n` +
        '  Extra inputs are not permitted [type=extra_forbidden, input_value=True, input_type=bool]',
    );
  });

  it('refuses a missing or unknown action, and a wrong type under an action', async () => {
    const browse = hosted.find((tool) => tool.name === 'browse_incidents')!;
    expect(text(await browse.run(context({})))).toContain('action\n  Field required [type=missing');
    expect(text(await browse.run(context({ action: 'drop_tables' })))).toContain(
      "action\n  Input should be 'list_incidents', 'get_incident',",
    );
    expect(text(await browse.run(context({ action: 'list_incidents', limit: 'many' })))).toContain(
      'for browse_incidentsArguments\nlimit\n  Input should be a valid integer, unable to parse string as an integer',
    );
  });

  it('serves only browse_* and manage_* tools, every repository tool under one action', () => {
    expect(hosted.every((tool) => /^(browse|manage)_/.test(tool.name))).toBe(true);
    expect(cases).toHaveLength(103);
    expect(hosted.map((tool) => tool.name)).toContain('browse_incidents');
    expect(hosted.map((tool) => tool.name)).not.toContain('list_incidents');
  });
});
