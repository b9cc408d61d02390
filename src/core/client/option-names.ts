import { optionsAlreadyChecked } from './internal-options.js';

export type OptionNames<T> = { readonly [K in keyof Required<T>]: true };

// JavaScript callers get no compile-time check; a misspelt key (`baseURL`) must not be dropped silently.
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
