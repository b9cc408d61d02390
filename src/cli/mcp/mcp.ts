/**
 * `pagerduty mcp tools` and `pagerduty mcp call NAME --arg key=value`: PagerDuty's MCP
 * server (or the emulator's `/mcp`) from the shell. A call runs only a tool the server marks
 * read-only, unless `--allow-write`. The client's module is loaded only when the command runs.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { AUTH_TYPES, type AuthType } from '../../core/auth/auth-methods.js';
import type { McpCallToolResult, McpTool } from '../../core/mcp/mcp-types.js';
import type { CliIo } from '../cli-io.js';
import { clientOptions, writeJson, type ConnectionArgs } from '../common/cli-client-options.js';
import { parseField } from '../api/api-arguments.js';
import { API_KEY_ENV } from '../environment.js';
import { COMMANDS } from '../program.js';
import { nearest } from '../common/option-suggestions.js';
import { UsageError } from '../common/usage-error.js';
import { apiCredential } from '../common/api-credential.js';
import { REGIONS, REGION_NAMES, type ProfileConnection } from '../common/connection.js';
import { loadSelectedProfile } from '../profiles/selected-profile.js';
import { withProfileOption } from '../common/connection-options.js';
import { envDefault, fromEnv, MCP_URL_ENV } from '../environment.js';
import { keyToSend } from '../common/api-credential.js';

/** The options of `pagerduty mcp`. */
export interface McpArgs extends ConnectionArgs {
  /** `tools` or `call`. */
  readonly action: 'tools' | 'call';
  /** The tool `call` runs. */
  readonly name?: string;
  /** `--arg key=value`: the tool's arguments (true, false, null and integers typed, the rest text). */
  readonly arg?: readonly string[];
  /** `--allow-write`: call a tool the server does not mark read-only. */
  readonly allowWrite: boolean;
  /** `--json`: print JSON. */
  readonly json: boolean;
  /** `--auth-type`: how the key is sent. */
  readonly authType: AuthType;
}

/**
 * A tool's arguments from `--arg key=value` flags; a repeated key makes a list.
 *
 * @throws UsageError for a flag without `key=`
 */
export function toolArguments(flags: readonly string[]): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const flag of flags) {
    const { key, value } = parseField(flag, true);
    const before = args[key];
    args[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return args;
}

/** Whether a property's schema takes a list (`type: 'array'`, or one of `anyOf`), as PagerDuty's `statuses` does. */
function takesList(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, anyOf } = schema as { type?: unknown; anyOf?: unknown };
  return type === 'array' || (Array.isArray(anyOf) && anyOf.some(takesList));
}

/** One `--arg statuses=triggered` for a list the tool declares is sent as the list `["triggered"]`. */
export function withListArguments(args: Record<string, unknown>, inputSchema: unknown): Record<string, unknown> {
  const properties = (inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    sent[key] = !Array.isArray(value) && takesList(properties[key]) ? [value] : value;
  }
  return sent;
}

/** Whether the server marks the tool read-only: only then does `call` run it without `--allow-write`. */
export function isReadOnlyTool(tool: McpTool): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/** One line per tool: its name, `read-only` or `writes`, and the first line of its description. */
export function toolLines(tools: readonly McpTool[]): string[] {
  const width = Math.max(0, ...tools.map((tool) => tool.name.length));
  return tools.map((tool) => {
    const kind = isReadOnlyTool(tool) ? 'read-only' : 'writes   ';
    const about = (tool.title ?? tool.description ?? '').split('\n')[0];
    return `${tool.name.padEnd(width)}  ${kind}  ${about}`.trimEnd();
  });
}

/** A result as text: its text blocks, else its structured content as JSON. */
export function resultText(result: McpCallToolResult): string {
  const texts = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  if (texts.length > 0) return texts.join('\n');
  return JSON.stringify(result.structuredContent ?? result.content, null, 2);
}

/**
 * The MCP server's base URL: `--base-url`, else `--region`'s, else `PAGERDUTY_MCP_URL`, else the
 * profile's base URL (the emulator's serves `/mcp` too), else the profile's region's, else the
 * client's default.
 */
export function mcpBaseUrl(
  args: Pick<McpArgs, 'baseUrl' | 'region'>,
  env: Readonly<Record<string, string | undefined>>,
  profile: ProfileConnection = {},
): string | undefined {
  if (args.baseUrl !== undefined) return args.baseUrl;
  if (args.region !== undefined) return REGIONS[args.region].mcp;
  return fromEnv(env, MCP_URL_ENV) ?? profile.baseUrl ?? (profile.region && REGIONS[profile.region].mcp);
}

/**
 * The `mcp` command.
 *
 * @example
 * ```sh
 * pagerduty mcp tools
 * pagerduty mcp call list_incidents --arg statuses=triggered --json | jq .structuredContent
 * ```
 */
export function mcpCommand(io: CliIo): CommandModule<object, McpArgs> {
  return {
    command: COMMANDS.mcp.usage,
    describe: COMMANDS.mcp.describe,
    builder: (yargs: Argv) =>
      withProfileOption(yargs)
        .positional('action', { type: 'string', choices: ['tools', 'call'], describe: 'List the tools, or call one' })
        .positional('name', { type: 'string', describe: 'The tool to call' })
        .option('arg', {
          alias: 'a',
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'An argument key=value of the tool (true, false, null and integers typed); repeat a key for a list',
        })
        .option('allow-write', {
          type: 'boolean',
          default: false,
          describe: 'Call a tool the server does not mark read-only (it may change PagerDuty)',
        })
        .option('json', { type: 'boolean', default: false, describe: 'Print JSON' })
        .option('auth-type', {
          type: 'string',
          default: 'token',
          choices: AUTH_TYPES,
          describe: `How $${API_KEY_ENV} is sent: an API key (token), or an OAuth access token (oauth2 or bearer)`,
        })
        .option('base-url', {
          type: 'string',
          describe: "The MCP server's base URL (the endpoint is /mcp under it; the emulator's, say)",
          defaultDescription: envDefault(MCP_URL_ENV, 'https://mcp.pagerduty.com'),
        })
        .option('region', {
          type: 'string',
          choices: REGION_NAMES,
          describe: "The service region (its MCP server's host); --base-url wins over it",
          defaultDescription: "the profile's, else us",
        })
        .option('debug', { type: 'boolean', default: false, describe: 'Print each request attempt to standard error' })
        .example('$0 mcp tools', '')
        .example('$0 mcp call get_incident --arg incident_id=PABC123 --json', '') as unknown as Argv<McpArgs>,
    handler: async (args: ArgumentsCamelCase<McpArgs>) => {
      const selected = await loadSelectedProfile(args, io);
      const credential = apiCredential(io.env, args.authType, selected && { ...selected.profile, name: selected.name });
      if (args.action === 'call' && (args.name === undefined || args.name === ''))
        throw new UsageError('mcp call needs the name of a tool');
      const toolArgs = toolArguments(args.arg ?? []);
      const { McpApiClient, McpToolRefusedError } = await import('../../core/mcp/mcp-api-client.js');
      const baseUrl = mcpBaseUrl(args, io.env, selected?.profile);
      const key = await keyToSend(credential, selected, args, io);
      const authType = typeof key === 'string' ? credential.authType : undefined;
      // --allow-write is the client's tool policy: a tool not marked read-only is refused before any request.
      const toolPolicy = { allowWrites: args.allowWrite };
      const client = new McpApiClient(key, { ...clientOptions({ ...args, baseUrl }, io), authType, toolPolicy });
      try {
        const tools = await client.listTools();
        if (args.action === 'tools') {
          if (args.json) writeJson(io, tools);
          else for (const line of toolLines(tools)) io.stdout.write(`${line}\n`);
          return;
        }
        const tool = tools.find((candidate) => candidate.name === args.name);
        if (tool === undefined) {
          const suggestion = nearest(
            args.name ?? '',
            tools.map((candidate) => candidate.name),
          );
          const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
          throw new UsageError(`the server has no tool ${args.name}${hint}; see: pagerduty mcp tools`);
        }
        const sent = withListArguments(toolArgs, tool.inputSchema);
        const result = await client.callTool(tool.name, sent).catch((error: unknown) => {
          if (error instanceof McpToolRefusedError && error.rule === 'allowWrites')
            throw new UsageError(`${tool.name} is not marked read-only: pass --allow-write to call it`);
          throw error;
        });
        if (args.json) writeJson(io, result);
        else io.stdout.write(`${resultText(result)}\n`);
        if (result.isError === true) throw new Error(`tool ${tool.name} reported an error (printed above)`);
      } finally {
        await client.close();
      }
    },
  };
}
