/**
 * The library explains a refused pagination in its own terms (`iterAll cannot page
 * through it (use rget)`); the command's user knows options, not methods. This rewrites
 * such a message in terms of `pagerduty api`.
 *
 * @module
 */

/** The library's iterator names, which `--paginate` stands for. */
const ITERATORS = /\b(?:iterAll|iterCursor|listAll)\b/g;

/**
 * The message with the library's method names replaced by what to do on the command line:
 * an iterator is `--paginate`; advice to call a single-resource method (`rget`, `jget`)
 * or another iterator becomes "drop --paginate".
 *
 * @example
 * ```ts
 * paginateTerms('/users/{id} is a single resource, not an index: iterAll cannot page through it (use rget)');
 * // '/users/{id} is a single resource, not an index: --paginate cannot page through it (drop --paginate)'
 * ```
 */
export function paginateTerms(message: string): string {
  return message
    .replace(/\((?:use|try) [A-Za-z]+(?:\(\))?(?: instead)?\)/g, '(drop --paginate)')
    .replace(/\buse [A-Za-z]+\(\)(?: instead)?/g, 'drop --paginate and request the pages yourself')
    .replace(/\buse [A-Za-z]+ for it\b/g, 'drop --paginate')
    .replace(ITERATORS, '--paginate');
}
