/**
 * Where the generic answers meet the modelled resources: the records the hand-written
 * routes keep (users, teams, services, integrations, notes, overrides...). An operation the
 * routes do not answer (`PUT /teams/{id}`, `DELETE /incidents/{id}/notes/{note_id}`) still
 * reads and writes the same records, so a team renamed generically is renamed for the
 * hand-written `GET /teams/{id}` too.
 *
 * @module
 */
import type { Collection, Identified } from '../store/collection.js';
import type { EmulatorStore } from '../store/store.js';

type Json = Identified & Record<string, unknown>;

/** The records at one collection path, whoever keeps them. */
export interface RecordSet {
  /** The record with this id. */
  get(id: string): Json | undefined;
  /** Removes the record with this id. */
  remove(id: string): unknown;
  /** Every record, in creation order. */
  all(): readonly Json[];
  /**
   * Adds a record a generic create made; absent where the model needs more than the
   * description's fields (its own route creates those).
   */
  add?: (record: Json) => void;
}

function collectionSet(collection: unknown, add = true): RecordSet {
  const records = collection as Collection<Json>;
  return {
    get: (id) => records.get(id),
    remove: (id) => records.remove(id),
    all: () => records.all(),
    ...(add ? { add: (record: Json) => void records.add(record) } : {}),
  };
}

function overridesSet(store: EmulatorStore, scheduleId: string): RecordSet {
  const list = (): Json[] => (store.overrides.get(scheduleId) ?? []) as unknown as Json[];
  return {
    get: (id) => list().find((override) => override.id === id),
    remove: (id) => store.overrides.set(scheduleId, list().filter((override) => override.id !== id) as never),
    all: list,
  };
}

/**
 * The modelled records at a collection path template, if the emulator models them.
 *
 * @param params - the request's path values (the parent's id of a sub-collection)
 */
export function modelledCollection(
  store: EmulatorStore,
  template: string,
  params: Readonly<Record<string, string>>,
): RecordSet | undefined {
  switch (template) {
    case '/users':
      return { ...collectionSet(store.users), add: (record) => void store.addUser(record as never) };
    case '/teams':
      return collectionSet(store.teams);
    case '/escalation_policies':
      return collectionSet(store.escalationPolicies);
    case '/schedules':
      return {
        ...collectionSet(store.schedules),
        // A schedule keeps its overrides beside it, from the start.
        add: (record) => {
          store.schedules.add(record as never);
          store.overrides.set(record.id, []);
        },
      };
    case '/services':
      return collectionSet(store.services, false);
    case '/incidents':
      return collectionSet(store.incidents, false);
    case '/log_entries':
    case '/incidents/{id}/notes':
      return collectionSet(store.logEntries, false);
    case '/change_events':
      return collectionSet(store.changeEvents, false);
    case '/webhook_subscriptions':
      return collectionSet(store.webhookSubscriptions, false);
    case '/services/{id}/integrations':
      return collectionSet(store.integrations, false);
    case '/schedules/{id}/overrides':
      return overridesSet(store, params.id ?? '');
    default:
      return undefined;
  }
}

/**
 * Writes the plain values of `changes` (strings, numbers, booleans) that the record already
 * has with the same type: a generic update never changes the shape the models rely on.
 */
export function mergePlainFields(record: Record<string, unknown>, changes: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(changes)) {
    if (name === 'id' || !(name in record)) continue;
    const plain = ['string', 'number', 'boolean'].includes(typeof value);
    if (plain && typeof record[name] === typeof value) record[name] = value;
  }
}
