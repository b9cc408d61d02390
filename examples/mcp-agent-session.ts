/**
 * An agent-style MCP session: connect to an MCP server, list its tools (every page),
 * find the triggered incidents, acknowledge them one tool call at a time, and run a slow
 * report where the server has one. Tool failures come back as results with `isError: true`
 * (the model is meant to read them), so they are printed and skipped rather than thrown.
 *
 * The tools are PagerDuty's MCP server's (`list_incidents`, `manage_incidents`), which the
 * local emulator serves too (`npm run example -- mcp-agent-session` starts one; one of your own
 * needs its write tools on: `pagerduty emulator --mcp-write-tools`, as PagerDuty's server needs
 * `--enable-write-tools`). `slow_report` is the emulator's own, served with `mcpDemoTools`.
 *
 * ```sh
 * PAGERDUTY_API_KEY=... PAGERDUTY_FROM=you@example.com PAGERDUTY_BASE_URL=http://127.0.0.1:8080 \
 *   npx tsx examples/mcp-agent-session.ts
 * ```
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { McpApiClient, type McpApiClientOptions } from 'pagerduty-client';

/** What {@link main} needs. */
export interface AgentSessionOptions {
  /** An API key: user-scoped, or account-level together with `from`. */
  apiKey: string;
  /** The email of the user to act as (sent as `From`), for an account-level key. */
  from?: string;
  /** The MCP server's base URL (the endpoint is `/mcp` under it). @default 'https://mcp.pagerduty.com' */
  baseUrl?: string;
  /** The most incidents to acknowledge. @default 5 */
  limit?: number;
  /** Further client options (retries, logger, ...). */
  clientOptions?: McpApiClientOptions;
  /** Where progress goes. @default console.log */
  print?: (line: string) => void;
}

/** What the session did. */
export interface AgentSessionOutcome {
  /** The names of every tool the server lists. */
  tools: string[];
  /** The ids of the incidents acknowledged. */
  acknowledged: string[];
  /** What `slow_report` returned (`undefined` on a server without it). */
  report: unknown;
}

/**
 * Runs the session and returns what it did.
 *
 * @example
 * ```ts
 * const { acknowledged } = await main({ apiKey: emulator.keys.users[0].key, baseUrl: emulator.url });
 * ```
 */
export async function main(options: AgentSessionOptions): Promise<AgentSessionOutcome> {
  const print = options.print ?? console.log;
  const from = options.from ? { From: options.from } : {};
  await using mcp = new McpApiClient(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
    headers: { ...options.clientOptions?.headers, ...from },
  });
  await mcp.connect(); // initialize + notifications/initialized: a session
  print(`connected: MCP ${mcp.protocolVersion}, session ${mcp.sessionId}`);
  const tools = (await mcp.listTools()).map((tool) => tool.name); // every page, by nextCursor
  print(`tools: ${tools.join(', ')}`);

  const listed = await mcp.callTool('list_incidents', { statuses: ['triggered'], limit: options.limit ?? 5 });
  const triggered = (listed.structuredContent?.response ?? []) as { id: string; title: string }[];
  print(`${triggered.length} triggered incident(s)`);
  const acknowledged: string[] = [];
  for (const incident of triggered) {
    // A tool that acts is sent at most once: an error result is reported, never retried.
    const result = await mcp.callTool('manage_incidents', {
      manage_request: { incident_ids: [incident.id], status: 'acknowledged' },
    });
    const said = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
    if (result.isError) print(`could not acknowledge ${incident.id}: ${said}`);
    else acknowledged.push(incident.id);
  }
  print(`acknowledged ${acknowledged.length}: ${acknowledged.join(', ')}`);

  let report: unknown;
  if (tools.includes('slow_report')) {
    report = (
      await mcp.callTool(
        'slow_report',
        { steps: 3, intervalMs: 200 },
        { onProgress: (p) => print(`progress ${p.progress}/${p.total ?? '?'}`) },
      )
    ).structuredContent?.report;
    print(`report: ${JSON.stringify(report)}`);
  }
  return { tools, acknowledged, report };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  if (!apiKey) {
    console.error(
      'Set PAGERDUTY_API_KEY (and PAGERDUTY_FROM for an account-level key), and PAGERDUTY_BASE_URL for an emulator.',
    );
    process.exitCode = 2;
  } else {
    main({ apiKey, from: process.env.PAGERDUTY_FROM, baseUrl: process.env.PAGERDUTY_BASE_URL }).catch(
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      },
    );
  }
}
