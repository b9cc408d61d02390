import type { AuthMethod } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import { McpError } from './mcp-error.js';
import type { McpApiClientOptions, McpCallOptions } from './mcp-options.js';
import { McpSessionClient } from './mcp-session-client.js';
import type {
  McpCallToolResult,
  McpGetPromptResult,
  McpPrompt,
  McpReadResourceResult,
  McpResource,
  McpTool,
} from './mcp-types.js';

import type { PagerDutyMcpToolArguments, PagerDutyMcpToolName, PagerDutyMcpToolResults } from './pagerduty-tools.js';
import { McpToolRefusedError, needsToolKinds, policyRefusal, type McpToolPolicy } from './tool-policy.js';

export type { McpApiClientOptions, McpCallOptions } from './mcp-options.js';
export { McpToolRefusedError } from './tool-policy.js';

/** A PagerDuty tool's result, its `structuredContent` typed from the server's result model. */
export type PagerDutyToolResult<N extends PagerDutyMcpToolName> = Omit<McpCallToolResult, 'structuredContent'> & {
  /** The tool's result, as the server's result model for that tool describes it. */
  structuredContent?: PagerDutyMcpToolResults[N];
};
export { MCP_BASE_URL } from './mcp-client-settings.js';
export { MCP_PROTOCOL_VERSION, MCP_PROTOCOL_VERSIONS } from './protocol-versions.js';

/**
 * What is wrong with a tool's result by its output schema (JSON Schema 2020-12, the MCP default);
 * none when it matches or is a tool error. The validator is @cfworker/json-schema: an interpreter,
 * no code generated with `new Function`, so it runs where that is forbidden (Cloudflare Workers,
 * strict CSP) as on Node. Loaded with the first check.
 */
export async function structuredContentProblems(schema: object, result: McpCallToolResult): Promise<string[]> {
  if (result.isError === true) return [];
  if (result.structuredContent === undefined)
    return ['the tool declares an outputSchema but returned no structuredContent'];
  const { Validator } = await import('@cfworker/json-schema');
  const outcome = new Validator(schema as never, '2020-12', false).validate(result.structuredContent);
  return outcome.valid ? [] : outcome.errors.map((error) => `${error.instanceLocation}: ${error.error}`);
}

/** A list page's items (under `key`) and the cursor of the next page, `undefined` after the last. */
export function listPage<T>(
  method: string,
  key: string,
  result: unknown,
): { readonly items: readonly T[]; readonly cursor: string | undefined } {
  const page = result as Record<string, unknown> | null;
  const items = page?.[key];
  if (!Array.isArray(items)) throw new TypeError(`${method}: the result has no ${key} array`);
  const next = page?.nextCursor;
  return { items: items as T[], cursor: typeof next === 'string' && next !== '' ? next : undefined };
}

/** A server that sends a cursor twice would have the client list forever. */
export function repeatedCursorError(method: string, cursor: string): TypeError {
  return new TypeError(`${method}: the server sent cursor ${JSON.stringify(cursor)} twice`);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/**
 * A client of the MCP API. The credential is an API key (`Token`) or an OAuth token
 * (`Bearer`), given as a string with `authType`, or as an auth method.
 *
 * The session starts with {@link McpApiClient.connect}, or with the first call. A request
 * that may act (`tools/call`, anything not in the safe list) is sent at most once: never
 * retried once its body may have reached the server, never replayed on a new session. The
 * exception: a tool that the session's last `tools/list` marked with both `readOnlyHint`
 * and `idempotentHint` is retried like the safe methods.
 *
 * Every call ends: it waits at most `callTimeout` (60 s) for its response, each progress
 * report starting the wait over, at most `maxTotalTimeout` in all when set, and at most
 * the client's `timeout` (60 s) for the next bytes of a reply; then it is cancelled.
 *
 * @example
 * ```ts
 * await using mcp = new McpApiClient(process.env.PAGERDUTY_API_KEY!);
 * for await (const tool of mcp.iterTools()) console.log(tool.name);
 * const result = await mcp.callTool('list_incidents', { statuses: ['triggered'], limit: 5 }, { timeout: 60 });
 * ```
 */
export class McpApiClient extends McpSessionClient {
  readonly #policy: McpToolPolicy | undefined;
  #warnedToolSet = false;

  /**
   * @param auth - an API key or OAuth token (see `authType`), a {@link TokenProvider} of OAuth tokens (renewed
   *   as they expire), or an auth method such as `bearerAuth(token)`
   * @param options - engine options (`baseUrl` defaults to `https://mcp.pagerduty.com`), `authType`, the
   *   session's, and the calls' time limits (`callTimeout`, `maxTotalTimeout`)
   */
  constructor(auth: AuthMethod | string | TokenProvider, options: McpApiClientOptions = {}) {
    super(auth, options);
    this.#policy = options.toolPolicy;
  }

  /**
   * Every tool, all pages collected (see {@link McpApiClient.iterTools}).
   *
   * @example
   * ```ts
   * const tools = await mcp.listTools();
   * ```
   */
  async listTools(): Promise<McpTool[]> {
    const tools = await collect(this.iterTools());
    if (!this.#warnedToolSet) {
      // Loaded only here: the known sets are data most calls never need.
      const { toolSetDifference } = await import('./known-tools.js');
      const difference = toolSetDifference(tools.map((tool) => tool.name));
      if (difference !== undefined) {
        this.#warnedToolSet = true;
        this.log.warn(difference);
      }
    }
    return tools;
  }

  /** The tools, page by page as the loop needs them (`tools/list` with `nextCursor`). */
  iterTools(): AsyncGenerator<McpTool, void, undefined> {
    return this.pages<McpTool>('tools/list', 'tools');
  }

  /**
   * Calls a tool (`tools/call`), at most once unless the last `tools/list` marked it
   * `readOnlyHint` and `idempotentHint`. A tool's own failure comes back as a result with
   * `isError: true`; a JSON-RPC error throws `McpError`. When the session's last `tools/list`
   * gave the tool an `outputSchema`, its `structuredContent` is checked against it.
   *
   * @param args - the tool's arguments
   * @param options - `timeout` and `maxTotalTimeout` (seconds), `signal`, `onProgress`, `id`
   * @throws McpError (-32602) when `structuredContent` is missing or does not match the tool's `outputSchema`
   * @example
   * ```ts
   * const result = await mcp.callTool('get_incident', { incident_id: 'Q1' }, { timeout: 30 });
   * if (!result.isError) console.log(result.content);
   * ```
   */
  async callTool(
    name: string,
    args?: Readonly<Record<string, unknown>>,
    options?: McpCallOptions,
  ): Promise<McpCallToolResult> {
    if (this.#policy) await this.#checkPolicy(this.#policy, name, args ?? {});
    const reply = await this.call<McpCallToolResult>('tools/call', { name, arguments: args ?? {} }, options);
    const schema = this.toolOutputSchema(name);
    const problems = schema === undefined ? [] : await structuredContentProblems(schema, reply.result);
    // As the official SDK: invalid params (-32602), here of the result.
    if (problems.length > 0)
      throw new McpError(
        `tools/call ${name}`,
        { code: -32602, message: `the result does not match the tool's outputSchema: ${problems.join('; ')}` },
        reply.id,
        200,
      );
    return reply.result;
  }

  /**
   * Calls one of PagerDuty's MCP tools (the repository server's set), its arguments and `structuredContent`
   * typed from the server's definitions. The same call as {@link McpApiClient.callTool}, tool policy included.
   *
   * @example
   * ```ts
   * const { structuredContent } = await mcp.callPagerDutyTool('list_incidents', { statuses: ['triggered'] });
   * for (const incident of structuredContent?.response ?? []) console.log(incident.id, incident.title);
   * ```
   */
  async callPagerDutyTool<N extends PagerDutyMcpToolName>(
    name: N,
    args: PagerDutyMcpToolArguments[N],
    options?: McpCallOptions,
  ): Promise<PagerDutyToolResult<N>> {
    return (await this.callTool(name, args as Readonly<Record<string, unknown>>, options)) as PagerDutyToolResult<N>;
  }

  /** Refuses a call the policy does not allow: before any request, but a `tools/list` to learn which tools write. */
  async #checkPolicy(policy: McpToolPolicy, name: string, args: Readonly<Record<string, unknown>>): Promise<void> {
    const action = typeof args.action === 'string' ? args.action : undefined;
    let kind = this.toolReadOnly(name);
    if (!kind.listed && needsToolKinds(policy)) {
      await this.listTools();
      kind = this.toolReadOnly(name);
    }
    const call = { name, action, arguments: args, readOnly: kind.readOnly === true };
    const refusal = policyRefusal(policy, call);
    if (refusal) throw new McpToolRefusedError(call, refusal.rule, refusal.matched);
    if (!call.readOnly && policy.confirm && (await policy.confirm(call)) !== true)
      throw new McpToolRefusedError(call, 'confirm');
  }

  /** A list method's items, page by page as the loop needs them (`nextCursor`). */
  protected async *pages<T>(method: string, key: string): AsyncGenerator<T, void, undefined> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const { result } = await this.call(method, cursor === undefined ? undefined : { cursor });
      const page = listPage<T>(method, key, result);
      yield* page.items;
      cursor = page.cursor;
      if (cursor !== undefined && seen.has(cursor)) throw repeatedCursorError(method, cursor);
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
  }

  /** Every resource, all pages collected. */
  listResources(): Promise<McpResource[]> {
    return collect(this.iterResources());
  }

  /** The resources, page by page as the loop needs them. */
  iterResources(): AsyncGenerator<McpResource, void, undefined> {
    return this.pages<McpResource>('resources/list', 'resources');
  }

  /** Reads a resource (`resources/read`). */
  async readResource(uri: string, options?: McpCallOptions): Promise<McpReadResourceResult> {
    return (await this.call<McpReadResourceResult>('resources/read', { uri }, options)).result;
  }

  /** Every prompt, all pages collected. */
  listPrompts(): Promise<McpPrompt[]> {
    return collect(this.iterPrompts());
  }

  /** The prompts, page by page as the loop needs them. */
  iterPrompts(): AsyncGenerator<McpPrompt, void, undefined> {
    return this.pages<McpPrompt>('prompts/list', 'prompts');
  }

  /** A prompt filled with its arguments (`prompts/get`). */
  async getPrompt(
    name: string,
    args?: Readonly<Record<string, string>>,
    options?: McpCallOptions,
  ): Promise<McpGetPromptResult> {
    return (
      await this.call<McpGetPromptResult>(
        'prompts/get',
        args === undefined ? { name } : { name, arguments: args },
        options,
      )
    ).result;
  }
}
