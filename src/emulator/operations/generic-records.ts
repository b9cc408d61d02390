/**
 * The records of the resources the emulator keeps generically (everything without a
 * hand-written model): one ordered collection per concrete collection path
 * (`/business_services`, `/users/PABC123/contact_methods`), and one record per singleton
 * path (`/incidents/PABC123/custom_fields/values`).
 *
 * @module
 */
import { Collection } from '../store/collection.js';

/** A record kept generically: the JSON object last written, with its `id`. */
export type GenericRecord = Record<string, unknown> & {
  /** The record's id. */
  id: string;
};

/** The generic records, by path. */
export class GenericRecords {
  readonly #collections = new Map<string, Collection<GenericRecord>>();
  readonly #singletons = new Map<string, Record<string, unknown>>();

  /** The collection at a concrete path (created empty on first use). */
  collection(path: string): Collection<GenericRecord> {
    let collection = this.#collections.get(path);
    if (!collection) {
      collection = new Collection<GenericRecord>();
      this.#collections.set(path, collection);
    }
    return collection;
  }

  /** The singleton record at a concrete path, if one was written. */
  singleton(path: string): Record<string, unknown> | undefined {
    return this.#singletons.get(path);
  }

  /** Writes the singleton record at a concrete path. */
  setSingleton(path: string, record: Record<string, unknown>): void {
    this.#singletons.set(path, record);
  }

  /** Every record, by path (for a snapshot). */
  export(): {
    /** Each collection's path and records. */
    collections: [string, GenericRecord[]][];
    /** Each singleton's path and record. */
    singletons: [string, Record<string, unknown>][];
  } {
    return {
      collections: [...this.#collections].map(([path, collection]) => [path, [...collection.all()]]),
      singletons: [...this.#singletons],
    };
  }

  /** Makes these the records (restoring a snapshot). */
  import(records: ReturnType<GenericRecords['export']>): void {
    this.#collections.clear();
    for (const [path, items] of records.collections) this.collection(path).replaceAll(items);
    this.#singletons.clear();
    for (const [path, record] of records.singletons) this.#singletons.set(path, record);
  }

  /** Forgets the singleton record at a concrete path. */
  removeSingleton(path: string): boolean {
    return this.#singletons.delete(path);
  }
}
