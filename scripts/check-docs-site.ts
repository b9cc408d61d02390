/**
 * Checks the HTML site that `typedoc` wrote (run by `npm run docs` after typedoc): every
 * link leads somewhere (a file that exists, an anchor on its page, an external address
 * that is a real https host, never a source file shown as raw text), every "On This Page"
 * entry reads as the heading it points to, no signature shows the path helper types outside
 * its folded typed form, and the search index holds the documents' text.
 * Typedoc's own validation does not see these: it checks links between reflections, not the
 * HTML of pages and documents.
 *
 * ```sh
 * npx tsx scripts/check-docs-site.ts [docs]
 * ```
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';

/** One problem found on a page. */
export interface SiteProblem {
  /** The page, relative to the site's root. */
  page: string;
  /** What is wrong. */
  message: string;
}

/** An "On This Page" entry: where it points, and its text. */
export interface ContentsEntry {
  /** The `href` (`#anchor`). */
  href: string;
  /** The entry's text, as a reader sees it. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** The text of an HTML fragment as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const key = name.toLowerCase();
      if (ENTITIES[key] !== undefined) return ENTITIES[key] as string;
      if (key.startsWith('#x')) return String.fromCodePoint(Number.parseInt(key.slice(2), 16));
      if (key.startsWith('#')) return String.fromCodePoint(Number(key.slice(1)));
      return entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every `id` (and `name`) of a page: the anchors a link may point to. */
export function pageAnchors(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((match) => decodeURIComponent(match[1] ?? '')));
}

/** The `href` of every link (`<a href>`) of a page. */
export function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
}

/** The entries of the page's "On This Page" contents. */
export function contentsEntries(html: string): ContentsEntry[] {
  const start = html.indexOf('On This Page</h3>');
  if (start < 0) return [];
  const end = html.indexOf('<div class="site-menu">', start);
  const block = html.slice(start, end < 0 ? undefined : end);
  return [...block.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: match[1] ?? '',
    text: visibleText(match[2] ?? ''),
  }));
}

/** The headings of a page that carry an id, with their text (without the permalink icon). */
export function headingTexts(html: string): Map<string, string> {
  const headings = new Map<string, string>();
  for (const match of html.matchAll(/<h([1-6])\s[^>]*?id="([^"]*)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    // Without the permalink icon and the flags of a member (`Protected`, `Readonly`, ...).
    const inner = (match[3] ?? '')
      .replace(/<a\s[^>]*class="tsd-anchor-icon"[\s\S]*?<\/a>/g, '')
      .replace(/<code class="tsd-tag">[\s\S]*?<\/code>/g, '');
    headings.set(decodeURIComponent(match[2] ?? ''), visibleText(inner));
  }
  return headings;
}

/** File extensions that betray a file name mistaken for a host (`http://MIGRATION.md`). */
const FILE_LIKE_HOST = /\.(?:md|markdown|ts|mts|cts|js|mjs|cjs|json|html?|txt|ya?ml)$/i;

/** Why an external link is wrong, or `undefined` when it looks right. */
export function externalLinkProblem(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `malformed link ${href}`;
  }
  if (url.protocol === 'mailto:') return undefined;
  if (url.protocol !== 'https:') return `link ${href} is not https`;
  if (!url.hostname.includes('.') || FILE_LIKE_HOST.test(url.hostname)) return `link ${href} names a file, not a host`;
  return undefined;
}

/** Files a browser shows as raw text: a link to one should be a page or a repository link. */
const RAW_TEXT = /\.(?:md|markdown|ts|mts|cts|js|mjs|cjs|json|ya?ml|txt)$/i;

/** A search that must find a page through the text of its body (not its name). */
export interface SearchProbe {
  /** The words searched for (lower case, as the index holds them). */
  words: readonly string[];
  /** The page that must be found (its URL relative to the root). */
  url: string;
}

/** The searches {@link searchIndexProblems} makes by default. */
export const SEARCH_PROBES: readonly SearchProbe[] = [
  { words: ['rate', 'limit'], url: 'documents/Retries_and_rate_limits.html' },
  { words: ['rate', 'limit'], url: 'documents/Many_processes,_one_key.html' },
  { words: ['webhook'], url: 'documents/Webhooks.html' },
  { words: ['rget'], url: 'documents/Requests_and_entity_wrapping.html' },
  { words: ['cooldown', 'stagger'], url: 'documents/Retries_and_rate_limits.html' },
];

/**
 * Problems of the site's script (`assets/main.js`): the search box must sort the guide pages
 * that match before the symbols and show more than the theme's ten results
 * (`scripts/typedoc/search-results.ts` rewrites it), so that with the probes above a search
 * for "rate limit", "webhook" or "rget" lists the guide pages first.
 */
export function searchScriptProblems(mainJs: string): SiteProblem[] {
  const page = 'assets/main.js';
  const problems: SiteProblem[] = [];
  if (!/\.kind===8388608\)-\(/.test(mainJs)) problems.push({ page, message: 'search does not list documents first' });
  if (/Math\.min\(10,\w+\.length\)/.test(mainJs)) problems.push({ page, message: 'search shows only ten results' });
  return problems;
}

interface SearchData {
  rows: { url: string }[];
  index: { invertedIndex: [string, Record<string, unknown>][] };
}

/**
 * Problems of the site's search index (`assets/search.js`, typedoc's deflated lunr index):
 * each probe's words must all occur in the `document` or `comment` text of its page, so
 * that the search box finds guide pages by what they say, not only symbols by name.
 */
export function searchIndexProblems(searchJs: string, probes: readonly SearchProbe[] = SEARCH_PROBES): SiteProblem[] {
  const page = 'assets/search.js';
  const encoded = /window\.searchData = "([^"]*)"/.exec(searchJs)?.[1];
  if (encoded === undefined) return [{ page, message: 'no search data' }];
  const data = JSON.parse(inflateSync(Buffer.from(encoded, 'base64')).toString('utf8')) as SearchData;
  const terms = new Map(data.index.invertedIndex);
  const pagesWith = (word: string): Set<string> => {
    const fields = terms.get(word) ?? {};
    const refs = ['document', 'comment'].flatMap((field) =>
      Object.keys((fields[field] as Record<string, unknown> | undefined) ?? {}),
    );
    return new Set(refs.map((ref) => data.rows[Number(ref)]?.url ?? ''));
  };
  return probes
    .filter((probe) => !probe.words.every((word) => pagesWith(word).has(probe.url)))
    .map((probe) => ({ page, message: `searching "${probe.words.join(' ')}" does not find ${probe.url} by its text` }));
}

/**
 * The helper types that compute a call's types from its path: a reader should meet them only
 * under "Typed form", never in a signature as shown (`scripts/typedoc/readable-signatures.ts`
 * names them by what they give).
 */
export const SIGNATURE_HELPERS = new RegExp(
  `\\b(?:${['RequestOptionsOf', 'EndpointOf', 'PathHint', 'EntityBodyOf', 'JsonBodyOf', 'EntityResultOf']
    .concat(['JsonResultOf', 'Resolved', 'ItemOf', 'QueryOf'])
    .join('|')})\\b`,
);

/** Problems of a page's signatures: a helper type shown outside the folded typed form. */
export function signatureProblems(page: string, html: string): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const match of html.matchAll(/<div class="tsd-signature tsd-anchor-link" id="([^"]*)">([\s\S]*?)<\/div>/g)) {
    const shown = visibleText(
      (match[2] ?? '').replace(/<details class="tsd-typed-signature">[\s\S]*?<\/details>/g, ''),
    );
    const helper = SIGNATURE_HELPERS.exec(shown)?.[0];
    if (helper !== undefined)
      problems.push({ page, message: `signature #${match[1]} shows ${helper}: ${shown.slice(0, 80)}` });
  }
  return problems;
}

/** What a site check reads: its pages (HTML text by path) and whether a file exists. */
export interface SiteFiles {
  /** Every HTML page, by path relative to the root (`/` separators). */
  pages: ReadonlyMap<string, string>;
  /** Whether a (non-HTML) file exists, by path relative to the root. */
  exists(file: string): boolean;
}

/**
 * Every problem of a site: dead links (missing file or anchor), external links that are
 * not https hosts, and contents entries that are empty or do not read as their heading.
 */
export function checkSite(site: SiteFiles): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (page: string): Set<string> | undefined => {
    const html = site.pages.get(page);
    if (html === undefined) return undefined;
    let found = anchors.get(page);
    if (!found) anchors.set(page, (found = pageAnchors(html)));
    return found;
  };
  for (const [page, html] of site.pages) {
    for (const href of new Set(pageLinks(html))) {
      if (href === '' || href === '#' || /^(?:javascript|data):/i.test(href)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
        const problem = externalLinkProblem(href);
        if (problem) problems.push({ page, message: problem });
        continue;
      }
      const [target = '', fragment] = href.split('#', 2);
      const file =
        target === ''
          ? page
          : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(target)));
      const isPage = site.pages.has(file);
      if (!isPage && !site.exists(file)) {
        problems.push({ page, message: `dead link ${href}: no file ${file}` });
        continue;
      }
      if (!isPage && RAW_TEXT.test(file)) {
        problems.push({
          page,
          message: `link ${href} opens raw text (${file}): make it a page or link to the repository`,
        });
        continue;
      }
      if (fragment && isPage && !anchorsOf(file)?.has(decodeURIComponent(fragment))) {
        problems.push({ page, message: `dead link ${href}: no anchor #${fragment} on ${file}` });
      }
    }
    problems.push(...signatureProblems(page, html));
    const headings = headingTexts(html);
    for (const entry of contentsEntries(html)) {
      const heading = entry.href.startsWith('#') ? headings.get(decodeURIComponent(entry.href.slice(1))) : undefined;
      if (entry.text === '') problems.push({ page, message: `empty contents entry for ${entry.href}` });
      else if (heading !== undefined && heading !== entry.text) {
        problems.push({ page, message: `contents entry "${entry.text}" does not read as its heading "${heading}"` });
      }
    }
  }
  return problems;
}

/** The files of a site directory, read from disk. */
export function readSite(root: string): SiteFiles {
  const pages = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html'))
        pages.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return { pages, exists: (file) => existsSync(path.join(root, file)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(process.argv[2] ?? 'docs');
  const site = readSite(root);
  const searchJs = path.join(root, 'assets', 'search.js');
  const mainJs = path.join(root, 'assets', 'main.js');
  const problems = [
    ...checkSite(site),
    ...searchIndexProblems(existsSync(searchJs) ? readFileSync(searchJs, 'utf8') : ''),
    ...searchScriptProblems(existsSync(mainJs) ? readFileSync(mainJs, 'utf8') : ''),
  ];
  for (const { page, message } of problems) console.error(`${page}: ${message}`);
  console.error(`docs site: ${site.pages.size} pages checked, ${problems.length} problem(s)`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
