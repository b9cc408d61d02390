/**
 * The REST client of the everyday commands, built as `pagerduty api` builds its own (the
 * key from `PAGERDUTY_API_KEY` or the profile, the base URL by the connection rules, the
 * From user from `--from`, `PAGERDUTY_FROM` or the profile), and what every one of them
 * needs of it: who `--me` is, a user, service, team, policy or schedule named by id, name
 * or email, and a list read and printed. Only the library's public methods are called
 * (`iterAll`, `find`, `rget`, `rput`, `rpost`, `rdelete`, `apiKeyAccess`).
 *
 * @module
 */
import { HttpError } from '../../core/errors/error-classes.js';
import type { QueryValue } from '../../core/request/query.js';
import type { RestApiV2Client } from '../../core/rest/rest-api-v2-client.js';
import type { CliIo } from '../cli-io.js';
import { apiCredential, keyToSend } from '../common/api-credential.js';
import { clientOptions } from '../common/cli-client-options.js';
import { restBaseUrl } from '../common/connection.js';
import { UsageError } from '../common/usage-error.js';
import { FROM_ENV, fromEnv } from '../environment.js';
import { loadSelectedProfile } from '../profiles/selected-profile.js';
import { chosenColumns, itemLines, listLines, type ListPrinting } from './output.js';
import { itemLimit, type OutputArgs, type PagingArgs, type RestArgs } from './rest-options.js';

/** A REST client, and the From email it sends (for `--me` with an account-level key). */
export interface RestSession {
  readonly client: RestApiV2Client;
  readonly from: string | undefined;
}

/** Query parameters of an index read. */
export type QueryParams = Record<string, QueryValue>;

/** A plain API object (a user, an incident, ...). */
export type ApiObject = Record<string, unknown> & { readonly id: string };

/**
 * Runs `use` with a client configured from the command line, the environment and the
 * profile, and closes the client afterwards.
 */
export async function withRestClient<T>(
  args: RestArgs,
  io: CliIo,
  use: (session: RestSession) => Promise<T>,
): Promise<T> {
  const selected = await loadSelectedProfile(args, io);
  const credential = apiCredential(io.env, args.authType, selected && { ...selected.profile, name: selected.name });
  const from = args.from ?? fromEnv(io.env, FROM_ENV) ?? selected?.profile.from;
  const { RestApiV2Client: Client } = await import('../../core/rest/rest-api-v2-client.js');
  const options = clientOptions({ ...args, baseUrl: restBaseUrl(args, io.env, selected?.profile) }, io);
  const key = await keyToSend(credential, selected, args, io);
  const client = new Client(key, { ...options, defaultFrom: from, authType: credential.authType });
  try {
    return await use({ client, from });
  } finally {
    client.close();
  }
}

/**
 * The user `--me` stands for: the user behind a user-level key or OAuth token
 * (`GET /users/me`); with an account-level key, the `--from` user, looked up by email
 * (`/users/me` is refused for such a key).
 *
 * @throws UsageError for an account-level key without `--from`
 */
export async function currentUser(session: RestSession): Promise<ApiObject> {
  const { client, from } = session;
  const access = await client.apiKeyAccess();
  if (access === 'user') return client.rget<ApiObject>('/users/me');
  if (from === undefined)
    throw new UsageError(`--me with an account-level key needs the user's email: pass --from EMAIL or set ${FROM_ENV}`);
  const user = await client.find<ApiObject>('/users', from, { attribute: 'email' });
  if (user === null) throw new Error(`--me: no user has the email ${from} (the --from user)`);
  return user;
}

/** The kinds of thing a command line may name. */
export const NAMED = {
  user: { path: '/users', noun: 'user' },
  service: { path: '/services', noun: 'service' },
  team: { path: '/teams', noun: 'team' },
  ep: { path: '/escalation_policies', noun: 'escalation policy' },
  schedule: { path: '/schedules', noun: 'schedule' },
  incident: { path: '/incidents', noun: 'incident' },
} as const;

/** One of {@link NAMED}. */
export type NamedKind = keyof typeof NAMED;

/** Whether `text` looks like a PagerDuty id (`PABC123`): capitals and digits, no spaces. */
export function looksLikeId(text: string): boolean {
  return /^[A-Z0-9]{5,20}$/.test(text);
}

/**
 * The object `text` names: an id (read directly), else an email (users), else a name,
 * matched without case and required to be unique.
 *
 * @throws Error when nothing matches (exit status 1)
 */
export async function lookUp(client: RestApiV2Client, kind: NamedKind, text: string): Promise<ApiObject> {
  const { path, noun } = NAMED[kind];
  if (looksLikeId(text)) {
    try {
      return await client.rget<ApiObject>(`${path}/${text}`);
    } catch (error) {
      // An id-like name (`SRE`) is looked up by name next.
      if (!(error instanceof HttpError && error.status === 404) || kind === 'incident') throw error;
    }
  }
  if (kind === 'incident') throw new UsageError(`${JSON.stringify(text)} is not an incident id`);
  const attribute = kind === 'user' && text.includes('@') ? 'email' : 'name';
  const found = await client.find<ApiObject>(path, text, { attribute, unique: true });
  if (found === null) throw new Error(`no ${noun} has the ${attribute === 'email' ? 'email' : 'id or name'} ${text}`);
  return found;
}

/** The ids of everything `texts` name, looked up one after another. */
export async function lookUpIds(client: RestApiV2Client, kind: NamedKind, texts: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const text of texts) ids.push((await lookUp(client, kind, text)).id);
  return ids;
}

/** How a command prints: the format and the columns chosen. */
export function printingFor(args: OutputArgs, defaults: readonly string[]): ListPrinting {
  return {
    format: args.output,
    columns: chosenColumns(args.columns, defaults),
    columnsGiven: args.columns !== undefined && args.columns.length > 0,
  };
}

/** The page size the API allows on most indexes. */
const PAGE_SIZE = 100;

/**
 * Reads an index (every page, unless `--limit` or `--no-paginate` stop it sooner; leaving
 * early cancels the reads in flight) and prints the items.
 */
export async function printList(
  session: RestSession,
  io: CliIo,
  args: OutputArgs & PagingArgs,
  index: { path: string; params?: QueryParams; columns: readonly string[] },
): Promise<void> {
  const printing = printingFor(args, index.columns);
  const limit = itemLimit(args, PAGE_SIZE);
  const items: unknown[] = [];
  if (limit !== undefined || args.output !== 'jsonl') {
    const pageSize = limit === undefined ? PAGE_SIZE : Math.min(limit, PAGE_SIZE);
    for await (const item of session.client.iterAll(index.path, index.params ?? {}, { pageSize })) {
      items.push(item);
      if (items.length === limit) break;
    }
    for (const line of listLines(items, printing)) io.stdout.write(`${line}\n`);
    return;
  }
  // JSON lines of everything print as they come: a long read shows progress.
  for await (const item of session.client.iterAll(index.path, index.params ?? {}, { pageSize: PAGE_SIZE })) {
    for (const line of listLines([item], printing)) io.stdout.write(`${line}\n`);
  }
}

/** Prints one object. */
export function printItem(io: CliIo, args: OutputArgs, item: unknown, columns: readonly string[]): void {
  for (const line of itemLines(item, printingFor(args, columns))) io.stdout.write(`${line}\n`);
}
