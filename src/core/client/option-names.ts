/**
 * The run-time check of option objects: JavaScript callers (and `as any` casts) get no
 * compile-time check, and a misspelt key (`baseURL`, `pageSise`) would otherwise be
 * dropped in silence. Each options type keeps its list of names next to it, as an
 * {@link OptionNames} object that the compiler holds complete; this one function checks.
 *
 * @module
 */

/**
 * The names of an options type, as an object whose keys are exactly the type's keys (the
 * compiler refuses a missing or an extra one).
 *
 * @typeParam T - the options type
 */
import { optionsAlreadyChecked } from './internal-options.js';

export type OptionNames<T> = { readonly [K in keyof Required<T>]: true };

/**
 * Checks the keys of an options argument: `undefined` passes (every option has a
 * default); anything but a plain object, or an object with a key not in `names`, is a
 * `TypeError`. The message names the closest known option when one is close, else `hint`
 * when given, else the known options. The object is not changed.
 *
 * @param what - what the options are of, as the message names them (`RestApiV2Client`, `request`, `iterAll`)
 * @param hint - said when no known name is close (where query parameters go, for instance)
 * @throws TypeError as described
 * @example
 * ```ts
 * checkOptionNames('RestApiV2Client', { baseURL: 'http://127.0.0.1' }, REST_API_V2_CLIENT_OPTION_NAMES);
 * // TypeError: unknown RestApiV2Client option "baseURL"; did you mean baseUrl?
 * ```
 */
export function checkOptionNames(
  what: string,
  options: unknown,
  names: Readonly<Record<string, true>>,
  hint?: string,
): void {
  if (optionsAlreadyChecked(options)) return;
  const problem = optionNamesProblem(what, options, names, hint);
  if (problem !== undefined) throw problem;
}

/**
 * The `TypeError` {@link checkOptionNames} would throw, or `undefined`: for a method that
 * returns a promise and must reject rather than throw.
 *
 * @example
 * ```ts
 * optionNamesProblem('listAll', { pageSize: 10 }, ITER_ALL_OPTION_NAMES); // undefined
 * ```
 */
export function optionNamesProblem(
  what: string,
  options: unknown,
  names: Readonly<Record<string, true>>,
  hint?: string,
): TypeError | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return new TypeError(`${what} options must be an object, got ${kindOf(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(names, key)) continue;
    const known = Object.keys(names);
    const closest = closestName(key, known);
    const tail =
      closest !== undefined ? `did you mean ${closest}?` : (hint ?? `the ${what} options are ${known.join(', ')}`);
    return new TypeError(`unknown ${what} option ${JSON.stringify(key)}; ${tail}`);
  }
  return undefined;
}

/**
 * The known name closest to `key` (ignoring case) when it is close enough to be a slip:
 * at most a third of its letters (at least one) edited.
 *
 * @example
 * ```ts
 * closestName('baseURL', ['baseUrl', 'debug']); // 'baseUrl'
 * closestName('include', ['headers', 'json']); // undefined
 * ```
 */
export function closestName(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  // Not the string itself: it may be a credential passed in the wrong place.
  return `a ${typeof value}`;
}
