import { isPlainObject } from '../plain-object.js';
import type { JsonRpcRequest } from './json-rpc.js';
import { mayRepeatRequest, repeatableToolsAfterPage } from './safe-methods.js';
import { STATELESS_PROTOCOL_VERSION, statelessHeaders } from './protocol-versions.js';

/** Each listed tool's `readOnlyHint`: a first page (no `cursor`) starts over, a later page adds. */
export function readOnlyToolsAfterPage(
  known: ReadonlyMap<string, boolean>,
  params: Readonly<Record<string, unknown>> | undefined,
  result: unknown,
): ReadonlyMap<string, boolean> {
  const tools = isPlainObject(result) && Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
  const next = new Map(params?.cursor === undefined ? [] : known);
  for (const tool of tools)
    if (isPlainObject(tool) && typeof tool.name === 'string')
      next.set(tool.name, isPlainObject(tool.annotations) && tool.annotations.readOnlyHint === true);
  return next;
}

/** The tools' output schemas after a `tools/list` page: a first page starts over, a later one adds. */
export function outputSchemasAfterPage(
  known: ReadonlyMap<string, object>,
  params: Readonly<Record<string, unknown>> | undefined,
  result: unknown,
): ReadonlyMap<string, object> {
  const tools = isPlainObject(result) && Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
  const next = new Map(params?.cursor === undefined ? [] : known);
  for (const tool of tools) {
    if (isPlainObject(tool) && typeof tool.name === 'string' && isPlainObject(tool.outputSchema))
      next.set(tool.name, tool.outputSchema);
  }
  return next;
}

/** The header of the session id. */
export const SESSION_HEADER = 'Mcp-Session-Id';

/** The header of the protocol version, a MUST after initialisation (2025-06-18). */
export const VERSION_HEADER = 'MCP-Protocol-Version';

/** Which revision the server speaks: `unknown` until the dual-era probe; `legacy` is the initialize era. */
export type ProtocolEra = 'unknown' | 'stateless' | 'legacy';

/**
 * What the client knows of its session: the id, the agreed version, the era, and what the last
 * `tools/list` said of the tools. Plain state: the client tells it what the server answered and reads it back.
 */
export class McpSession {
  #id: string | undefined;
  #version: string | undefined;
  #era: ProtocolEra;
  #repeatableTools: ReadonlySet<string> = new Set();
  #outputSchemas: ReadonlyMap<string, object> = new Map();
  // Each listed tool's readOnlyHint, for the tool policy; empty until a `tools/list`.
  #readOnlyTools: ReadonlyMap<string, boolean> = new Map();

  constructor(era: ProtocolEra = 'legacy') {
    this.#era = era;
  }

  get id(): string | undefined {
    return this.#id;
  }

  get version(): string | undefined {
    return this.#version;
  }

  get era(): ProtocolEra {
    return this.#era;
  }

  /** The headers of a message in this session (none before `initialize`); those of `request` too when stateless. */
  headers(request?: JsonRpcRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.#id !== undefined) headers[SESSION_HEADER] = this.#id;
    if (this.#version !== undefined) headers[VERSION_HEADER] = this.#version;
    if (this.#era === 'stateless' && request)
      return { ...headers, ...statelessHeaders(request.method, request.params) };
    return headers;
  }

  start(sessionId: string | null, result: unknown, asked: string): void {
    if (sessionId) this.#id = sessionId;
    const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
    this.#version = typeof agreed === 'string' && agreed !== '' ? agreed : asked;
    this.#repeatableTools = new Set();
  }

  /** The outcome of the dual-era probe: the stateless revision needs no handshake. */
  settleEra(era: 'stateless' | 'legacy'): void {
    this.#era = era;
    if (era === 'stateless') this.start(null, {}, STATELESS_PROTOCOL_VERSION);
  }

  /** Forgets the session the server no longer knows; false when another call has started a new one since. */
  forget(sessionId: string | undefined): boolean {
    if (this.#id !== sessionId) return false;
    this.#id = undefined;
    this.#version = undefined;
    this.toolsChanged();
    return true;
  }

  answered(request: JsonRpcRequest, result: unknown): void {
    if (request.method !== 'tools/list') return;
    this.#repeatableTools = repeatableToolsAfterPage(this.#repeatableTools, request.params, result);
    this.#outputSchemas = outputSchemasAfterPage(this.#outputSchemas, request.params, result);
    this.#readOnlyTools = readOnlyToolsAfterPage(this.#readOnlyTools, request.params, result);
  }

  /** A changed tool list may change the hints: until the next `tools/list`, every tool is at most once. */
  toolsChanged(): void {
    this.#repeatableTools = new Set();
    this.#outputSchemas = new Map();
    this.#readOnlyTools = new Map();
  }

  mayRepeat(method: string, params: Readonly<Record<string, unknown>> | undefined): boolean {
    return mayRepeatRequest(method, params, this.#repeatableTools);
  }

  outputSchema(tool: string): object | undefined {
    return this.#outputSchemas.get(tool);
  }

  /** Whether the last `tools/list` marked the tool `readOnlyHint: true`; `undefined` when it did not list it. */
  readOnly(tool: string): boolean | undefined {
    return this.#readOnlyTools.get(tool);
  }

  /** Whether a `tools/list` was answered since the session started or the tools changed. */
  get toolsListed(): boolean {
    return this.#readOnlyTools.size > 0;
  }
}
