/**
 * What an emulator MCP tool is: its listing (name, description, input schema), how it
 * runs, the result shape, and the two ways a call ends without a result.
 *
 * @module
 */
import type { EmulatorStore, KeyIdentity } from '../store/store.js';

/** A tool result as MCP defines it (`tools/call`'s `result`). */
export interface ToolResult {
  /** The result as text: here always one JSON text block. */
  content: { type: 'text'; text: string }[];
  /** The same result as an object. */
  structuredContent?: Record<string, unknown>;
  /** True when the tool ran and failed (the model should see the error). */
  isError?: boolean;
}

/** What a tool gets to run. */
export interface ToolContext {
  /** The emulator's state, the same the REST routes use. */
  store: EmulatorStore;
  /** Whom the request's key speaks for. */
  identity: KeyIdentity;
  /** The request's `From` header (the acting user of an account-level key). */
  from: string | undefined;
  /** `params.arguments` of the call. */
  args: Readonly<Record<string, unknown>>;
  /** The time the call is handled at. */
  now: Date;
  /** Sends `notifications/progress` when the call carries a `progressToken` (else does nothing). */
  progress(progress: number, total: number, message: string): void;
  /** Waits (on the emulator's `delay`); rejects with {@link ToolCancelledError} once the call is cancelled. */
  wait(milliseconds: number): Promise<void>;
}

/** One tool. */
export interface EmulatorTool {
  /** The name called. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** A JSON Schema of its arguments. */
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  /** `read` changes nothing; `write` may (see {@link TOOL_ANNOTATIONS}). */
  kind: 'read' | 'write';
  /**
   * Runs it.
   *
   * @throws ToolArgumentError for arguments that do not fit the schema
   * @throws ToolCancelledError when the call was cancelled
   */
  run(context: ToolContext): Promise<ToolResult>;
}

/** The annotations of each kind of tool, as PagerDuty's MCP server gives them to its read and write tools. */
export const TOOL_ANNOTATIONS = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  write: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
} as const;

/** Arguments that do not fit the tool's schema: a JSON-RPC `-32602` error. */
export class ToolArgumentError extends Error {
  /** @param message - what is wrong */
  constructor(message: string) {
    super(message);
    this.name = 'ToolArgumentError';
  }
}

/** The call was cancelled (`notifications/cancelled`, a closed stream, an ended session): no result is sent. */
export class ToolCancelledError extends Error {
  constructor() {
    super('the tool call was cancelled');
    this.name = 'ToolCancelledError';
  }
}

/** A result: the value as JSON text and as `structuredContent`. */
export function jsonResult(value: Record<string, unknown>, isError = false): ToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
    ...(isError ? { isError } : {}),
  };
}

/** A failed run, as the model should see it (`isError: true`). */
export function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * An integer argument in `[min, max]`, or `fallback` when absent.
 *
 * @throws ToolArgumentError otherwise
 */
export function integerArgument(
  args: Readonly<Record<string, unknown>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = args[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolArgumentError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/**
 * A required non-empty string argument.
 *
 * @throws ToolArgumentError otherwise
 */
export function stringArgument(args: Readonly<Record<string, unknown>>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new ToolArgumentError(`${name} must be a non-empty string`);
  return value;
}
