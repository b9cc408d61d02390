/**
 * The emulator's only source of randomness: a small seeded generator, so that two runs
 * with the same seed produce the same identifiers, keys and records.
 *
 * @module
 */

/** A random source: uniform numbers in [0, 1). */
export type RandomSource = () => number;

/**
 * A seeded generator (mulberry32): fast, 32-bit state, good enough for test data and
 * fully repeatable, unlike `Math.random`.
 *
 * @param seed - any integer; the same seed gives the same sequence
 *
 * @example
 * ```ts
 * const random = seededRandom(42);
 * random(); // always the same first number for seed 42
 * ```
 */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Its position can be read and set, so that a snapshot of the store restores the ids to come too.
  return Object.defineProperty(next, 'position', {
    get: () => state,
    set: (value: number) => {
      state = value >>> 0;
    },
  }) as SeededRandom;
}

/** A seeded source whose position can be read and set back (see `EmulatorStore.snapshot`). */
export type SeededRandom = RandomSource & { position: number };

/** A whole number in [0, bound). */
export function randomInt(random: RandomSource, bound: number): number {
  return Math.floor(random() * bound);
}

/** One element of a non-empty list. */
export function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[randomInt(random, items.length)];
}

/** A string of `length` characters drawn from `alphabet`. */
export function randomString(random: RandomSource, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(random, alphabet.length)];
  return out;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';

/** 32 lowercase hex characters, the shape of the service's routing and dedup keys. */
export function randomHex32(random: RandomSource): string {
  return randomString(random, HEX, 32);
}

/**
 * Hands out identifiers shaped like the service's (`P` and six upper-case letters or
 * digits), never the same one twice: with tens of thousands of seeded records a plain
 * random draw would collide now and then.
 */
export class IdGenerator {
  readonly #random: RandomSource;
  readonly #used = new Set<string>();

  /** @param random - the seeded source the identifiers are drawn from */
  constructor(random: RandomSource) {
    this.#random = random;
  }

  /**
   * Marks a chosen identifier as used, so that {@link next} never hands it out. Returns
   * false when it is already used.
   */
  reserve(id: string): boolean {
    if (this.#used.has(id)) return false;
    this.#used.add(id);
    return true;
  }

  /** Whether an identifier is in use (handed out or reserved). */
  has(id: string): boolean {
    return this.#used.has(id);
  }

  /** Every identifier in use (for a snapshot). */
  used(): string[] {
    return [...this.#used];
  }

  /** Makes exactly these identifiers the ones in use (restoring a snapshot). */
  setUsed(ids: readonly string[]): void {
    this.#used.clear();
    for (const id of ids) this.#used.add(id);
  }

  /**
   * A fresh identifier.
   *
   * @param prefix - the first character(s) @default 'P'
   * @param length - characters after the prefix @default 6
   */
  next(prefix = 'P', length = 6): string {
    for (;;) {
      const id = prefix + randomString(this.#random, ID_ALPHABET, length);
      if (!this.#used.has(id)) {
        this.#used.add(id);
        return id;
      }
    }
  }
}
