// A TypeDoc plugin (typedoc.json "plugin"): the search box lists the guide pages first, and
// more results. The default theme ranks by lunr's score alone and shows the first ten
// matches, so "rate limit" filled them with symbols and "rget" with six copies of one
// method, and the guide pages that explain them came after. Once the site is rendered, its
// script is rewritten: matching documents (the guide) sort before symbols, each group by
// score, and 25 results are shown.
import type { Application } from 'typedoc';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How many matches the search box lists. */
export const SEARCH_RESULTS = 25;

/** TypeDoc's kind of a project document (a guide page): `ReflectionKind.Document`. */
export const DOCUMENT_KIND = 0x800000;

/**
 * The theme's script with documents sorted first and its result count raised; `undefined`
 * when the theme's code is not found (a TypeDoc upgrade changed it: the build then fails).
 */
export function withMoreResults(mainJs: string, count = SEARCH_RESULTS): string | undefined {
  const shown = /Math\.min\(10,(\w+)\.length\)/;
  const sorted = /(\w+)\.sort\(\((\w+),(\w+)\)=>\3\.score-\2\.score\);/;
  const rows = /(\w+)\.data\.rows\[Number\(\w+\.ref\)\]/.exec(mainJs);
  if (!shown.test(mainJs) || !sorted.test(mainJs) || rows === null) return undefined;
  const isDocument = (item: string) => `(${rows[1]}.data.rows[Number(${item}.ref)].kind===${DOCUMENT_KIND})`;
  return mainJs
    .replace(shown, `Math.min(${count},$1.length)`)
    .replace(
      sorted,
      (_: string, list: string, a: string, b: string) =>
        `${list}.sort((${a},${b})=>${isDocument(b)}-${isDocument(a)}||${b}.score-${a}.score);`,
    );
}

export function load(app: Application): void {
  app.renderer.on('endRender', (event) => {
    const file = path.join(event.outputDirectory, 'assets', 'main.js');
    const rewritten = withMoreResults(readFileSync(file, 'utf8'));
    if (rewritten === undefined) app.logger.error(`search-results: the search code of ${file} was not found`);
    else writeFileSync(file, rewritten);
  });
}
