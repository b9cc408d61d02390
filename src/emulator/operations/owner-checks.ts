/**
 * 404 for what belongs to something unknown, on the generic routes: a sub-resource of a
 * user, service, tag, ... that does not exist (`GET /users/{id}/tags`, `GET /tags/{id}/users`,
 * `GET /v3/schedules/{id}/rotations`), and the standards scores of a service that does not
 * exist (`GET /standards/scores/technical_services/{id}` and its `ids[]` list). The owner is
 * checked where the emulator models it, and in the generic collections of `CHECKED_GENERIC`
 * (created with a `POST` and kept); anywhere else any id is answered, as before, so that a
 * generic resource needs no parent made first. The description answers these operations 404
 * ("Not Found") for an unknown id.
 *
 * @module
 */
import { notFound, type Reply } from '../server/replies.js';
import type { RestContext } from '../server/router.js';
import { listParam } from '../queries/query-params.js';
import { modelledCollection } from './modelled-collections.js';
import type { OperationPlan } from './operation-plans.js';

/** The generic collections whose unknown ids are 404 for what belongs to them. */
const CHECKED_GENERIC: ReadonlySet<string> = new Set(['/tags', '/v3/schedules']);

/** The collection a standards `resource_type` names. */
const STANDARDS_RESOURCES: Readonly<Record<string, string>> = { technical_services: '/services' };

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

function known(
  context: RestContext,
  collection: string,
  id: string,
  stateful: ReadonlySet<string>,
): boolean | undefined {
  const modelled = modelledCollection(context.store, collection, context.params);
  if (modelled) return modelled.get(id) !== undefined;
  if (!stateful.has(collection) || !CHECKED_GENERIC.has(collection)) return undefined;
  return context.store.records.collection(collection).get(id) !== undefined;
}

/**
 * The 404 for an operation whose owner is unknown, or `undefined` to answer it.
 * `stateful` holds the generic collections the description lets be created (their templates).
 */
export function missingOwner(
  plan: OperationPlan,
  context: RestContext,
  stateful: ReadonlySet<string>,
): Reply | undefined {
  const { path } = plan.operation;
  if (path.startsWith('/standards/scores/')) {
    const collection = STANDARDS_RESOURCES[context.params.resource_type ?? ''];
    if (!collection) return undefined;
    const ids = context.params.id !== undefined ? [context.params.id] : listParam(context.query, 'ids');
    const unknown = ids.filter((id) => known(context, collection, id, stateful) === false);
    return unknown.length > 0 ? notFound(`Service ${unknown.join(', ')}`) : undefined;
  }
  // Every `{param}` before the operation's own id names an owner: the path up to it is its collection.
  const pattern = /\/\{(\w+)\}/g;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    const name = match[1]!;
    if (name === plan.idParameter || match.index + match[0].length === path.length) continue;
    const template = path.slice(0, match.index);
    if (/\{\w+\}$/.test(template) && !template.startsWith('/{')) continue;
    const collection = template.startsWith('/{') ? fill(template, context.params) : template;
    const id = context.params[name] ?? '';
    if (known(context, collection, id, stateful) === false) return notFound(`${collection.slice(1)} ${id}`);
  }
  return undefined;
}
