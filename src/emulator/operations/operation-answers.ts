/**
 * The generic answer of a described operation: the request checked against the description
 * (400 in the API's error shape), then create, read, update, delete or list on the generic
 * records (or on the modelled ones, see `modelled-collections.ts`), and the answer shaped
 * to the operation's response schema. An operation the description gives no success answer
 * is answered 501, naming it.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { REST_SCHEMAS } from '../../generated/emulator/rest-schemas.js';
import { classicPage, classicRequest, cursorPage, cursorRequest } from '../queries/pagination.js';
import { invalidInput, notFound, ok, restError, ERROR_CODES, type Reply } from '../server/replies.js';
import type { RestContext } from '../server/router.js';
import type { Identified } from '../store/collection.js';
import type { GenericRecord } from './generic-records.js';
import { mergePlainFields, modelledCollection, type RecordSet } from './modelled-collections.js';
import type { OperationPlan } from './operation-plans.js';
import type { SchemaNode } from './operation-types.js';
import { bodyChecks, parameterChecks } from './request-checks.js';
import { readSortBy, sortItems } from '../queries/sort-by.js';
import { flattenSchema, shapeValue, type ShapeContext } from './schema-shapes.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The concrete path of a template, its placeholders filled from the request. */
function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The records of a collection: the modelled ones where the emulator models them, else the generic ones. */
function recordsAt(plan: OperationPlan, context: RestContext): RecordSet & { modelled: boolean } {
  const modelled = modelledCollection(context.store, plan.collection, context.params);
  if (modelled) return { ...modelled, modelled: true };
  const records = context.store.records.collection(fill(plan.collection, context.params));
  return {
    get: (id) => records.get(id),
    remove: (id) => records.remove(id),
    all: () => records.all(),
    add: (record) => void records.add(record as GenericRecord),
    modelled: false,
  };
}

/** The resource a sub-path belongs to (`/incidents/{id}/merge` → the incident), when kept. */
function parentRecord(plan: OperationPlan, context: RestContext): Json | undefined {
  const match = /^(.*)\/\{(\w+)\}\/[^{}/]+$/.exec(plan.collection);
  if (!match) return undefined;
  const [, template, name] = match;
  const id = context.params[name];
  const modelled = modelledCollection(context.store, template, context.params);
  return modelled ? modelled.get(id) : context.store.records.collection(fill(template, context.params)).get(id);
}

function shapeContext(context: RestContext): ShapeContext {
  return { schemas: REST_SCHEMAS, newId: () => context.store.ids.next(), now: context.now };
}

/** The answer's body: `value` put in the answer's wrapper, then shaped to the response schema. */
function answer(plan: OperationPlan, context: RestContext, value: unknown, status?: number): Reply {
  const { operation } = plan;
  const code = status ?? operation.status ?? 200;
  // The description gives this answer no body: none is sent.
  if (!operation.response) return { status: code };
  const wrapped = plan.answerKey === undefined ? value : { [plan.answerKey]: value };
  return ok(shapeValue(operation.response, wrapped, shapeContext(context)), code);
}

/** The schema of the resource inside the answer's wrapper (what a created record is kept as). */
function answerEntitySchema(plan: OperationPlan): SchemaNode | undefined {
  const response = flattenSchema(plan.operation.response, REST_SCHEMAS);
  return plan.answerKey === undefined ? response : response.properties?.[plan.answerKey];
}

function bodyEntity(plan: OperationPlan, body: unknown): Json {
  const entity = plan.bodyKey !== undefined && isObject(body) ? body[plan.bodyKey] : body;
  return isObject(entity) ? entity : {};
}

function newRecord(
  plan: OperationPlan,
  context: RestContext,
  entity: Json,
  schema: SchemaNode | undefined,
): Json & Identified {
  const idSchema = flattenSchema(flattenSchema(schema, REST_SCHEMAS).properties?.id, REST_SCHEMAS);
  const id = idSchema.format === 'uuid' ? randomUUID() : context.store.ids.next();
  const path = fill(plan.collection, context.params).replace(/^\//, '');
  const given = { ...entity, id, ...context.store.urls(path, id) };
  const shaped = schema ? shapeValue(schema, given, shapeContext(context)) : given;
  return { ...(isObject(shaped) ? shaped : given), id };
}

function create(plan: OperationPlan, context: RestContext): Reply {
  const { add } = recordsAt(plan, context);
  if (plan.creates === 'many') {
    const response = flattenSchema(plan.operation.response, REST_SCHEMAS);
    const itemSchema = flattenSchema(response.properties?.[plan.listKey as string], REST_SCHEMAS).items;
    const given = isObject(context.body) ? Object.values(context.body).find(Array.isArray) : undefined;
    const records = (given ?? []).map((entity) => newRecord(plan, context, isObject(entity) ? entity : {}, itemSchema));
    for (const record of records) add?.(record);
    return answer(plan, context, { [plan.listKey as string]: records });
  }
  const record = newRecord(plan, context, bodyEntity(plan, context.body), answerEntitySchema(plan));
  add?.(record);
  return answer(plan, context, record);
}

/**
 * The records in the order `sort_by` asks (`field`, `field:asc`, `field:desc`; its values already
 * checked against the operation's enum), when the operation declares it; else as kept.
 */
function sorted(plan: OperationPlan, context: RestContext, items: readonly Identified[]): readonly Identified[] {
  const raw = context.query.get('sort_by');
  if (!raw || !plan.operation.query?.some((parameter) => parameter.name === 'sort_by')) return items;
  const field = raw.split(/[: ]/)[0]!;
  const read = (item: Identified) => {
    const value = (item as unknown as Json)[field];
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  };
  return sortItems(items, readSortBy(raw, [field]), { [field]: read });
}

function list(plan: OperationPlan, context: RestContext): Reply {
  const items = sorted(plan, context, recordsAt(plan, context).all());
  const key = plan.listKey as string;
  if (plan.operation.paging === 'cursor') {
    const page = cursorPage(items, cursorRequest(context.query));
    return answer(plan, context, { [key]: page.items, limit: page.limit, next_cursor: page.next_cursor });
  }
  if (plan.operation.paging === 'offset') {
    const page = classicPage(items, classicRequest(context.query));
    const { items: pageItems, ...fields } = page;
    return answer(plan, context, { [key]: pageItems, ...fields });
  }
  return answer(plan, context, { [key]: items });
}

function itemOperation(plan: OperationPlan, context: RestContext): Reply {
  const records = recordsAt(plan, context);
  const { add, modelled } = records;
  const id = context.params[plan.idParameter as string];
  const record = records.get(id) as Json | undefined;
  const method = plan.operation.method;
  if (record === undefined && (plan.stateful || modelled) && method !== 'PUT')
    return notFound(`${plan.collection.replace(/^\//, '')} ${id}`);
  if (method === 'GET') return answer(plan, context, record ?? { id });
  if (method === 'DELETE') {
    records.remove(id);
    return answer(plan, context, record ?? { id });
  }
  const changes = bodyEntity(plan, context.body);
  if (record === undefined) {
    if (plan.stateful || modelled) return notFound(`${plan.collection.replace(/^\//, '')} ${id}`);
    const created = { ...changes, id } as Identified & Json;
    add?.(created);
    return answer(plan, context, created);
  }
  if (modelled) mergePlainFields(record, changes);
  else Object.assign(record, changes, { id });
  return answer(plan, context, record);
}

function collectionOperation(plan: OperationPlan, context: RestContext): Reply {
  const { method } = plan.operation;
  if (method === 'POST' && plan.creates !== undefined) return create(plan, context);
  if (method === 'GET' && plan.listKey !== undefined) return list(plan, context);
  const path = fill(plan.collection, context.params);
  const singletons = context.store.records;
  if (method === 'PUT' || method === 'PATCH') {
    const merged = { ...singletons.singleton(path), ...bodyEntity(plan, context.body) };
    singletons.setSingleton(path, merged);
    return answer(plan, context, merged);
  }
  if (method === 'DELETE') {
    singletons.removeSingleton(path);
    return answer(plan, context, undefined);
  }
  // A read of a singleton, or an action on a resource (`POST /incidents/{id}/merge`): what is kept of it.
  const kept = singletons.singleton(path) ?? parentRecord(plan, context);
  return answer(plan, context, method === 'POST' ? { ...kept, ...bodyEntity(plan, context.body) } : kept);
}

/**
 * Answers a described operation generically.
 *
 * @example
 * ```ts
 * const plan = planOperations(REST_OPERATIONS, REST_SCHEMAS).find((p) => p.operation.id === 'getBusinessService');
 * answerOperation(plan, context); // 404 until `POST /business_services` made it, then the record
 * ```
 */
export function answerOperation(plan: OperationPlan, context: RestContext): Reply {
  const { operation } = plan;
  if (operation.status === undefined) {
    return restError(501, 'Not Implemented', ERROR_CODES.internal, [
      `The emulator cannot perform ${operation.id} (${operation.method} ${operation.path}): ` +
        'the description declares no success answer for it',
    ]);
  }
  const problems = [
    ...parameterChecks(operation, context.params, context.query, REST_SCHEMAS),
    ...bodyChecks(operation, context.body, REST_SCHEMAS),
  ];
  if (problems.length > 0) return invalidInput(...problems);
  return plan.target === 'item' ? itemOperation(plan, context) : collectionOperation(plan, context);
}
