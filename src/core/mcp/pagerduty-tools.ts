/**
 * PagerDuty's MCP tools as data, from the one extract of the server's source
 * (`src/generated/mcp/pagerduty-mcp-tools.ts`): the repository server's set (PagerDuty/pagerduty-mcp-server,
 * flat arguments) and the hosted server's `browse_*`/`manage_*` set with an `action`.
 *
 * The hosted set is DERIVED, not extracted: PagerDuty/api-schema#622 says the hosted server returns
 * `browse_incidents` instead of `list_incidents`, and no public source lists the hosted tools or their
 * `action` values. So each source module of the repository server (`incidents`, `services`, ...; `schedules_v3`
 * joins `schedules`) becomes `browse_<module>` (its read tools) and `manage_<module>` (its write tools), whose
 * `action` is the repository tool's name and whose other arguments are that tool's. Replace the derivation
 * when PagerDuty publishes the hosted set.
 *
 * @module
 */
import {
  PAGERDUTY_MCP_MODELS,
  PAGERDUTY_MCP_SERVER_VERSION,
  PAGERDUTY_MCP_TOOL_FACTS,
  type PagerDutyMcpToolArguments,
} from '../../generated/mcp/pagerduty-mcp-tools.js';

export { PAGERDUTY_MCP_SERVER_VERSION };
export type {
  PagerDutyMcpToolArguments,
  PagerDutyMcpToolResults,
  PagerDutyMcpModels,
} from '../../generated/mcp/pagerduty-mcp-tools.js';

/** A repository tool's name. */
export type PagerDutyMcpToolName = keyof PagerDutyMcpToolArguments;

/** Which of PagerDuty's tool sets: the repository server's, or the hosted server's `browse_*`/`manage_*`. */
export type PagerDutyToolSet = 'repository' | 'hosted';

/** A JSON Schema object as tools list it. */
export type ToolInputSchema = { type: 'object'; properties: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/** One of PagerDuty's tools as the server lists it. */
export interface PagerDutyToolFact {
  /** Its name. */
  readonly name: string;
  /** `read` tools change nothing (the server annotates them `readOnlyHint: true`); `write` tools may. */
  readonly kind: 'read' | 'write';
  /** The server's source module (`incidents`, `services`, ...). */
  readonly module: string;
  /** The first line of its description. */
  readonly description: string;
  /** Its input schema, with the models it uses under `$defs`. */
  readonly inputSchema: ToolInputSchema;
  /** Its result's schema (`structuredContent`), with `$defs`. */
  readonly resultSchema: Record<string, unknown>;
}

/** A hosted tool: a group of repository tools picked by `action`. */
export interface HostedToolFact extends PagerDutyToolFact {
  /** `action` value → the repository tool it runs. */
  readonly actions: Readonly<Record<string, string>>;
}

function referencedModels(schema: unknown, into: Record<string, unknown>): void {
  if (Array.isArray(schema)) for (const item of schema) referencedModels(item, into);
  else if (typeof schema === 'object' && schema !== null)
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/$defs/', '');
        if (!(name in into)) {
          into[name] = PAGERDUTY_MCP_MODELS[name];
          referencedModels(PAGERDUTY_MCP_MODELS[name], into);
        }
      } else referencedModels(value, into);
    }
}

/** `schema` with the models it refers to (transitively) under `$defs`, as pydantic writes it. */
function withDefs<T extends object>(schema: T): T & { $defs?: Record<string, unknown> } {
  const defs: Record<string, unknown> = {};
  referencedModels(schema, defs);
  if (Object.keys(defs).length === 0) return schema;
  const sorted = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  return { ...schema, $defs: sorted };
}

let repository: readonly PagerDutyToolFact[] | undefined;
let hosted: readonly HostedToolFact[] | undefined;

/** The repository server's tools (PagerDuty/pagerduty-mcp-server), read tools first. */
export function repositoryTools(): readonly PagerDutyToolFact[] {
  repository ??= PAGERDUTY_MCP_TOOL_FACTS.map((fact) => ({
    name: fact.name,
    kind: fact.kind,
    module: fact.module,
    description: fact.description,
    inputSchema: withDefs(fact.inputSchema as unknown as ToolInputSchema),
    resultSchema: withDefs(fact.resultSchema as object) as Record<string, unknown>,
  }));
  return repository;
}

const area = (module: string): string => module.replace(/_v3$/, '');

/** The hosted server's tools, derived as the module comment says. */
export function hostedTools(): readonly HostedToolFact[] {
  if (hosted) return hosted;
  const groups = new Map<string, PagerDutyToolFact[]>();
  for (const tool of repositoryTools()) {
    const name = `${tool.kind === 'read' ? 'browse' : 'manage'}_${area(tool.module)}`;
    groups.set(name, [...(groups.get(name) ?? []), tool]);
  }
  hosted = [...groups.entries()].map(([name, tools]) => {
    const words = area(tools[0].module).replace(/_/g, ' ');
    const properties: Record<string, unknown> = { action: { type: 'string', enum: tools.map((tool) => tool.name) } };
    for (const tool of tools)
      for (const [key, value] of Object.entries(tool.inputSchema.properties))
        if (!(key in properties)) properties[key] = value;
    return {
      name,
      kind: tools[0].kind,
      module: area(tools[0].module),
      description: `${tools[0].kind === 'read' ? 'Read' : 'Change'} ${words}: pick the operation with action.`,
      inputSchema: withDefs({ type: 'object', properties, required: ['action'] } as ToolInputSchema),
      resultSchema: {},
      actions: Object.fromEntries(tools.map((tool) => [tool.name, tool.name])),
    };
  });
  return hosted;
}

/** The tools of one set. */
export function pagerDutyTools(set: PagerDutyToolSet): readonly PagerDutyToolFact[] {
  return set === 'hosted' ? hostedTools() : repositoryTools();
}

/** The names of both sets, to notice a server whose list differs. */
export function knownToolNames(set: PagerDutyToolSet): ReadonlySet<string> {
  return new Set(pagerDutyTools(set).map((tool) => tool.name));
}
