/**
 * An ordered, id-indexed list: how the emulator keeps each kind of resource, in creation
 * order (which is also the order the REST API lists them in).
 *
 * @module
 */

/** Anything with an identifier. */
export interface Identified {
  /** The identifier. */
  id: string;
}

/** Resources in creation order, with lookup by `id`. */
export class Collection<T extends Identified> {
  #items: T[] = [];
  readonly #byId = new Map<string, T>();

  /** Adds a resource at the end; an `id` already present is a programming error. */
  add(item: T): T {
    if (this.#byId.has(item.id)) throw new Error(`duplicate id ${item.id}`);
    this.#items.push(item);
    this.#byId.set(item.id, item);
    return item;
  }

  /** Removes the resource with this `id`; returns it, or `undefined` when there was none. */
  remove(id: string): T | undefined {
    const item = this.#byId.get(id);
    if (item === undefined) return undefined;
    this.#byId.delete(id);
    this.#items.splice(this.#items.indexOf(item), 1);
    return item;
  }

  /** The resource with this `id`, or `undefined`. */
  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Every resource, in creation order (a read-only view, not a copy). */
  all(): readonly T[] {
    return this.#items;
  }

  /** Replaces every resource with these, in this order (a new list: views taken before keep the old one). */
  replaceAll(items: readonly T[]): void {
    this.#items = [...items];
    this.#byId.clear();
    for (const item of this.#items) this.#byId.set(item.id, item);
  }

  /** How many resources there are. */
  get size(): number {
    return this.#items.length;
  }
}
