/**
 * The environment variables the `pagerduty` command reads, in one place, so that each
 * option's help can name the variable behind its default.
 *
 * @module
 */
import type { CliIo } from './cli-io.js';

/** The REST API key (or OAuth token) of `pagerduty api`. */
export const API_KEY_ENV = 'PAGERDUTY_API_KEY';
/** The REST API base URL when `--base-url` (and `--region`) are not given. */
export const BASE_URL_ENV = 'PAGERDUTY_BASE_URL';
/** The `From` email of `pagerduty api` when `--from` is not given. */
export const FROM_ENV = 'PAGERDUTY_FROM';
/** The routing key of the event commands when `-k` is not given. */
export const ROUTING_KEY_ENV = 'PAGERDUTY_ROUTING_KEY';
/** The MCP server's base URL of `pagerduty mcp` when `--base-url` (and `--region`) are not given. */
export const MCP_URL_ENV = 'PAGERDUTY_MCP_URL';
/** The Events API base URL of the event commands when `--base-url` is not given. */
export const EVENTS_URL_ENV = 'PAGERDUTY_EVENTS_URL';
/** The Redis through which `pagerduty api` shares its key's rate limit, when `--redis-url` is not given. */
export const REDIS_URL_ENV = 'PAGERDUTY_REDIS_URL';

/** The profile every command uses when `--profile` is not given. */
export const PROFILE_ENV = 'PAGERDUTY_PROFILE';

/** The OAuth app's client id of `pagerduty login` when `--client-id` is not given. */
export const CLIENT_ID_ENV = 'PAGERDUTY_OAUTH_CLIENT_ID';

/** The OAuth identity service of `pagerduty login` when `--identity-url` is not given. */
export const IDENTITY_URL_ENV = 'PAGERDUTY_IDENTITY_URL';

/** The webhook subscription secret of `webhooks listen` when `--secret` is not given. */
export const WEBHOOK_SECRET_ENV = 'PAGERDUTY_WEBHOOK_SECRET';

/** Every variable, with what it stands for, for the program's help. */
export const ENVIRONMENT: ReadonlyArray<readonly [name: string, meaning: string]> = [
  [PROFILE_ENV, 'the saved profile to use (--profile); the variables below win over it'],
  [API_KEY_ENV, 'REST API key (an OAuth token with --auth-type bearer)'],
  [BASE_URL_ENV, "REST API base URL (the emulator's URL, say)"],
  [FROM_ENV, 'email of the acting user (--from; an account key needs it)'],
  [ROUTING_KEY_ENV, 'routing key of the event commands (-k)'],
  [EVENTS_URL_ENV, 'Events API base URL of the event commands'],
  [MCP_URL_ENV, 'MCP server base URL of "mcp" (the emulator\'s URL, say)'],
  [REDIS_URL_ENV, 'Redis shared by "api" runs that use one key (--redis-url)'],
  [CLIENT_ID_ENV, 'client id of your OAuth app for "login" (--client-id)'],
  [IDENTITY_URL_ENV, 'OAuth identity service of "login" (--identity-url)'],
  [WEBHOOK_SECRET_ENV, 'webhook subscription secret of "webhooks listen" (--secret)'],
];

/** A variable's value; an empty one counts as unset, as a shell's `VAR=` means. */
export function fromEnv(env: CliIo['env'], name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The help text of an option whose default comes from a variable, then a fixed value. */
export function envDefault(name: string, otherwise?: string): string {
  return otherwise === undefined ? `$${name}` : `$${name}, else ${otherwise}`;
}
