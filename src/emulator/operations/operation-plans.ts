/**
 * What the generic answer of each described operation works on, worked out once from the
 * table: whether it acts on one item or on a collection, which collection, whether the
 * collection keeps state (the description creates into it), and the wrapper names of its
 * body and answer (`{"business_service": {...}}`, `{"tags": [...], "more": ...}`). Pure.
 *
 * @module
 */
import type { EmulatedOperation, SchemaNode } from './operation-types.js';
import { flattenSchema } from './schema-shapes.js';

type Schemas = Readonly<Record<string, SchemaNode>>;

/** How the generic answer treats one operation. */
export interface OperationPlan {
  /** The operation. */
  operation: EmulatedOperation;
  /** `item`: the path ends with the item's id; `collection`: it names a collection or a singleton. */
  target: 'item' | 'collection';
  /** The collection's path template (the item's path without its id). */
  collection: string;
  /** The name of the item's id in the path (items only). */
  idParameter?: string;
  /**
   * What a POST here creates in the collection (the description reads items under it): `one`
   * item answered in its wrapper, or `many` answered as a list (a bulk create); none for a query.
   */
  creates?: 'one' | 'many';
  /** Whether the collection keeps state: an unknown id is a 404 (else any id is answered). */
  stateful: boolean;
  /** The wrapper of the one resource in the answer (`business_service`), if any. */
  answerKey?: string;
  /** The wrapper of the list in the answer (`business_services`), if any. */
  listKey?: string;
  /** The wrapper of the resource in the body (`business_service`), if any. */
  bodyKey?: string;
}

function lastParameter(path: string): string | undefined {
  return /\/\{(\w+)\}$/.exec(path)?.[1];
}

/** A path template with its placeholders' names left out, to compare templates. */
export function templateShape(path: string): string {
  return path.replace(/\{\w+\}/g, '{}');
}

function kind(node: SchemaNode | undefined, schemas: Schemas): string | undefined {
  const schema = flattenSchema(node, schemas);
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return schema.oneOf || schema.anyOf ? 'object' : undefined;
}

function propertiesOf(node: SchemaNode | undefined, schemas: Schemas): [string, SchemaNode][] {
  return Object.entries(flattenSchema(node, schemas).properties ?? {});
}

/** The one object-valued property of a wrapper, if there is exactly one. */
function wrapperKey(node: SchemaNode | undefined, schemas: Schemas): string | undefined {
  const properties = propertiesOf(node, schemas);
  // A resource answered unwrapped (it has its own id) has no wrapper, whatever objects it holds.
  if (properties.some(([name]) => name === 'id')) return undefined;
  const objects = properties.filter(([, child]) => kind(child, schemas) === 'object');
  return objects.length === 1 ? objects[0][0] : undefined;
}

function listKey(node: SchemaNode | undefined, schemas: Schemas): string | undefined {
  return propertiesOf(node, schemas).find(([, child]) => kind(child, schemas) === 'array')?.[0];
}

/** Whether an answer is a resource with an id in its wrapper (`{"tag": {"id": ...}}`), nothing much beside. */
function wrapsResource(node: SchemaNode | undefined, key: string, schemas: Schemas): boolean {
  const properties = flattenSchema(node, schemas).properties ?? {};
  if (Object.keys(properties).length > 2) return false;
  const wrapped = properties[key];
  const entity = flattenSchema(wrapped, schemas);
  const branches = entity.oneOf ?? entity.anyOf ?? [];
  return [entity, ...branches].some((branch) => flattenSchema(branch, schemas).properties?.id !== undefined);
}

/** The plan of every operation. */
export function planOperations(operations: readonly EmulatedOperation[], schemas: Schemas): OperationPlan[] {
  const itemCollections = new Set(
    operations
      .filter((operation) => lastParameter(operation.path) !== undefined)
      .map((operation) => templateShape(operation.path.replace(/\/\{\w+\}$/, ''))),
  );
  const plans = operations.map((operation): Omit<OperationPlan, 'stateful'> => {
    const idParameter = lastParameter(operation.path);
    const collection = idParameter === undefined ? operation.path : operation.path.replace(/\/\{\w+\}$/, '');
    const creating =
      operation.method === 'POST' && idParameter === undefined && itemCollections.has(templateShape(collection));
    // A bulk create sends and answers the same list (`{"overrides": [...]}`).
    const bulkKey = creating ? listKey(operation.body, schemas) : undefined;
    const unwrapped = flattenSchema(operation.response, schemas).properties?.id !== undefined;
    const bulk = !unwrapped && bulkKey !== undefined && bulkKey === listKey(operation.response, schemas);
    const lists = (operation.method === 'GET' && idParameter === undefined) || bulk;
    const list = lists ? listKey(operation.response, schemas) : undefined;
    const answerKey = list === undefined ? wrapperKey(operation.response, schemas) : undefined;
    const bodyKey = wrapperKey(operation.body, schemas);
    // A POST whose answer is not a resource with an id is a query (`POST /analytics/raw/incidents`).
    const answersResource = answerKey !== undefined ? wrapsResource(operation.response, answerKey, schemas) : unwrapped;
    const creates = !creating ? undefined : bulk && list !== undefined ? 'many' : answersResource ? 'one' : undefined;
    return {
      operation,
      target: idParameter === undefined ? 'collection' : 'item',
      collection,
      ...(idParameter === undefined ? {} : { idParameter }),
      ...(creates === undefined ? {} : { creates }),
      ...(answerKey === undefined ? {} : { answerKey }),
      ...(list === undefined ? {} : { listKey: list }),
      ...(bodyKey === undefined ? {} : { bodyKey }),
    };
  });
  const creatable = new Set(plans.filter((plan) => plan.creates).map((plan) => templateShape(plan.collection)));
  return plans.map((plan) => ({ ...plan, stateful: creatable.has(templateShape(plan.collection)) }));
}
