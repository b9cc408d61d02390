// Packing the three large REST tables, one row a line (src/core/rest/endpoints/tables.ts unpacks them and
// says the format). Pure.
import type { IndexRow, WrapperValue } from './table-rows.js';

/**
 * Canonical paths, front-coded: the length of the prefix a path shares with the one before (one base-36 digit, so
 * at most 35), then the rest.
 */
export function packPaths(paths: readonly string[]): string[] {
  let previous = '';
  return paths.map((path) => {
    let shared = 0;
    while (shared < 35 && shared < previous.length && previous[shared] === path[shared]) shared += 1;
    previous = path;
    return `${shared.toString(36)}${path.slice(shared)}`;
  });
}

const STYLE_LETTERS = Object.freeze({ classic: 'c', cursor: 'k', none: 'n' });
const METHOD_LETTERS: Readonly<Record<string, string>> = Object.freeze({
  GET: 'G',
  POST: 'P',
  PUT: 'U',
  PATCH: 'A',
  DELETE: 'D',
});

function pathNumber(numbers: Map<string, number>, path: string) {
  const number = numbers.get(path);
  if (number === undefined) throw new Error(`packing a REST table: ${path} is not a canonical path`);
  return number.toString(36);
}

function token(text: string) {
  if (text === '' || text === '-' || /\s/.test(text)) throw new Error(`packing a REST table: cannot pack "${text}"`);
  return text;
}

/**
 * @param paths - the canonical paths, numbered in this order
 */
export function packIndexes(indexes: ReadonlyArray<readonly [string, IndexRow]>, paths: readonly string[]): string[] {
  const numbers = new Map(paths.map((path, number) => [path, number]));
  return indexes.map(([path, index]) => {
    const booleans = `${index.moreField ? 1 : 0}${index.limitParam ? 1 : 0}`;
    const flags = `${STYLE_LETTERS[index.style]}${booleans}${index.maxPageSize ?? ''}`;
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    return [pathNumber(numbers, path), flags, ...(index.listKey === lastSegment ? [] : [token(index.listKey)])].join(
      ' ',
    );
  });
}

/**
 * @param paths - the canonical paths, numbered in this order
 */
export function packWrappers(
  wrappers: ReadonlyArray<readonly [string, WrapperValue]>,
  paths: readonly string[],
): string[] {
  const numbers = new Map(paths.map((path, number) => [path, number]));
  const wrapper = (name: string | null) => (name === null ? '-' : token(name));
  return wrappers.map(([key, value]) => {
    const [method, path] = key.split(' ');
    const letter = METHOD_LETTERS[method];
    if (letter === undefined) throw new Error(`packing a REST table: no letter for the method of ${key}`);
    const names = Array.isArray(value) ? value.map(wrapper) : [wrapper(value)];
    return [`${letter}${pathNumber(numbers, path)}`, ...names].join(' ');
  });
}
