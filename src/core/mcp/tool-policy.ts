/**
 * A tool policy for agents: which tool calls `McpApiClient` sends. Allow and deny lists per tool and per
 * `action` (the argument the hosted server's `browse_*`/`manage_*` tools take), a switch for tools that write,
 * a dry run, and a confirmation hook for writes. Checked before any request: a refused call sends nothing and
 * throws {@link McpToolRefusedError} naming the rule.
 *
 * @module
 */
import { PagerDutyError } from '../errors/error-classes.js';
import { isPlainObject } from '../plain-object.js';

/** One rule: a tool, and optionally only some of its `action` values. */
export interface McpToolRule {
  /** The tool's name. */
  tool: string;
  /** Only these values of its `action` argument; without it, every call of the tool. */
  actions?: readonly string[];
}

/** A tool call as the policy sees it. */
export interface McpToolCallRequest {
  /** The tool. */
  name: string;
  /** Its `action` argument, when it has a string one. */
  action?: string;
  /** Its arguments. */
  arguments: Readonly<Record<string, unknown>>;
  /** Whether the server's last `tools/list` marked it `readOnlyHint: true`; anything else counts as a write. */
  readOnly: boolean;
}

/**
 * Which tool calls the client sends (the `toolPolicy` option). The checks, in order: `deny`, `allow`,
 * `allowWrites`, `dryRun`, `confirm`; the first that refuses throws {@link McpToolRefusedError}.
 *
 * @example
 * ```ts
 * // Reads, and of the incident writes only acknowledging and adding notes, each confirmed by a person.
 * const toolPolicy: McpToolPolicy = {
 *   allow: ['list_incidents', 'get_incident', { tool: 'manage_incidents', actions: ['acknowledge', 'add_note'] }],
 *   confirm: async (call) => (await ask(`Run ${call.name} ${call.action ?? ''}?`)) === 'yes',
 * };
 * ```
 */
export interface McpToolPolicy {
  /** Only these tools (or tool and actions) are called; a string is a whole tool. @default every tool */
  allow?: readonly (string | McpToolRule)[];
  /** Never these, even when allowed. @default none */
  deny?: readonly (string | McpToolRule)[];
  /** Whether tools that may write (not marked read-only by the server) are called at all. @default true */
  allowWrites?: boolean;
  /** Send no tool call that may write: each is refused (rule `dryRun`); reads go on. @default false */
  dryRun?: boolean;
  /** Asked before each call that may write; `false` refuses it (rule `confirm`). @default none (no question) */
  confirm?: (call: McpToolCallRequest) => boolean | Promise<boolean>;
}

/** The rule that refused a call: `deny` (a deny rule matched), `allow` (no allow rule did), and the others. */
export type McpToolRefusal = 'deny' | 'allow' | 'allowWrites' | 'dryRun' | 'confirm';

/**
 * The tool policy refused a call; nothing was sent.
 *
 * @example
 * ```ts
 * try {
 *   await mcp.callTool('manage_incidents', { action: 'resolve', incident_id: 'Q1' });
 * } catch (err) {
 *   if (err instanceof McpToolRefusedError) console.error(err.rule, err.matched); // 'allow', undefined
 * }
 * ```
 */
export class McpToolRefusedError extends PagerDutyError {
  /** The rule that refused it. */
  readonly rule: McpToolRefusal;
  /** The allow or deny entry that matched (for `deny`). */
  readonly matched?: McpToolRule;
  /** The tool. */
  readonly tool: string;
  /** Its `action`, when it had one. */
  readonly action?: string;

  /**
   * @param call - the refused call
   * @param rule - the rule that refused it
   * @param matched - the entry that matched
   */
  constructor(call: Pick<McpToolCallRequest, 'name' | 'action'>, rule: McpToolRefusal, matched?: McpToolRule) {
    const what = call.action === undefined ? call.name : `${call.name} (action ${call.action})`;
    super(`tools/call ${what} refused by the tool policy: ${REASONS[rule](matched)}; nothing was sent`);
    this.rule = rule;
    this.matched = matched;
    this.tool = call.name;
    this.action = call.action;
  }
}

const describeRule = (rule: McpToolRule | undefined): string =>
  rule === undefined ? '' : rule.actions ? `${rule.tool} [${rule.actions.join(', ')}]` : rule.tool;

const REASONS: Record<McpToolRefusal, (matched?: McpToolRule) => string> = {
  deny: (matched) => `denied by ${describeRule(matched)}`,
  allow: () => 'not in the allow list',
  allowWrites: () => 'the tool may write and allowWrites is false',
  dryRun: () => 'dry run: the tool may write',
  confirm: () => 'the confirmation was refused',
};

const asRule = (entry: string | McpToolRule): McpToolRule => (typeof entry === 'string' ? { tool: entry } : entry);

function matching(
  entries: readonly (string | McpToolRule)[],
  call: Pick<McpToolCallRequest, 'name' | 'action'>,
): McpToolRule | undefined {
  return entries
    .map(asRule)
    .find(
      (rule) =>
        rule.tool === call.name &&
        (rule.actions === undefined || (call.action !== undefined && rule.actions.includes(call.action))),
    );
}

/**
 * What the policy says of a call, the confirmation aside: the refusal, or `undefined` to go on.
 *
 * @example
 * ```ts
 * policyRefusal({ deny: ['delete_team'] }, { name: 'delete_team', arguments: {}, readOnly: false });
 * // { rule: 'deny', matched: { tool: 'delete_team' } }
 * ```
 */
export function policyRefusal(
  policy: McpToolPolicy,
  call: McpToolCallRequest,
): { rule: McpToolRefusal; matched?: McpToolRule } | undefined {
  const denied = matching(policy.deny ?? [], call);
  if (denied) return { rule: 'deny', matched: denied };
  if (policy.allow !== undefined && matching(policy.allow, call) === undefined) return { rule: 'allow' };
  if (call.readOnly) return undefined;
  if (policy.allowWrites === false) return { rule: 'allowWrites' };
  if (policy.dryRun === true) return { rule: 'dryRun' };
  return undefined;
}

/** Whether the policy needs to know if a tool writes (so the client lists the tools first when it does not). */
export function needsToolKinds(policy: McpToolPolicy): boolean {
  return policy.allowWrites === false || policy.dryRun === true || policy.confirm !== undefined;
}

/**
 * Checks a `toolPolicy` option's shape.
 *
 * @throws TypeError naming what is wrong
 */
export function checkToolPolicy(policy: unknown): McpToolPolicy {
  if (!isPlainObject(policy)) throw new TypeError('toolPolicy must be an object');
  for (const list of ['allow', 'deny'] as const) {
    const entries = policy[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) throw new TypeError(`toolPolicy.${list} must be an array`);
    for (const entry of entries as unknown[]) {
      const fits =
        typeof entry === 'string' ||
        (isPlainObject(entry) &&
          typeof entry.tool === 'string' &&
          (entry.actions === undefined ||
            (Array.isArray(entry.actions) && entry.actions.every((action) => typeof action === 'string'))));
      if (!fits)
        throw new TypeError(
          `toolPolicy.${list} entries must be tool names or { tool, actions? }: ${JSON.stringify(entry)}`,
        );
    }
  }
  for (const flag of ['allowWrites', 'dryRun'] as const)
    if (policy[flag] !== undefined && typeof policy[flag] !== 'boolean')
      throw new TypeError(`toolPolicy.${flag} must be a boolean`);
  if (policy.confirm !== undefined && typeof policy.confirm !== 'function')
    throw new TypeError('toolPolicy.confirm must be a function');
  return policy as McpToolPolicy;
}
