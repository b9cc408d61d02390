/**
 * The checks `npm run docs` runs on the generated site (scripts/check-docs-site.ts), on
 * small pages shaped as typedoc writes them, and the typedoc plugin that keeps inline code
 * in headings' contents entries.
 */
import { describe, expect, it } from '@jest/globals';
import { deflateSync } from 'node:zlib';
import {
  checkSite,
  contentsEntries,
  externalLinkProblem,
  headingTexts,
  searchIndexProblems,
  searchScriptProblems,
  signatureProblems,
  visibleText,
  type SiteFiles,
} from '../../scripts/check-docs-site.js';
import { headingCodeAsText } from '../../scripts/typedoc/heading-code.js';
import { withMoreResults } from '../../scripts/typedoc/search-results.js';

function page(body: string, contents = ''): string {
  return (
    `<html><body><div class="col-content">${body}</div>` +
    `<details><summary><h3>On This Page</h3></summary><div>${contents}</div></details>` +
    '<div class="site-menu"><a href="#top">x</a></div></body></html>'
  );
}

function site(pages: Record<string, string>, files: string[] = []): SiteFiles {
  return { pages: new Map(Object.entries(pages)), exists: (file) => files.includes(file) };
}

/** The permalink icon typedoc puts in a heading. */
const anchor = (id: string): string =>
  `<a href="#${id}" aria-label="Permalink" class="tsd-anchor-icon">` +
  '<svg viewBox="0 0 24 24"><use href="../assets/icons.svg#icon-anchor"></use></svg></a>';

describe('the docs site check', () => {
  it('passes a site whose links, anchors and contents agree', () => {
    const pages = {
      'index.html': page(
        '<h2 id="intro" class="tsd-anchor-link">Intro' +
          anchor('intro') +
          '</h2><a href="documents/guide.html#setup">guide</a>' +
          '<a href="https://developer.pagerduty.com/api-reference/">API</a><a id="top"></a>',
        '<a href="#intro"><span>Intro</span></a>',
      ),
      'documents/guide.html': page(
        '<h2 id="setup">Setup: <code>npm</code></h2><a href="../media/logo.png">logo</a><a id="top"></a>',
        '<a href="#setup"><span>Setup: npm</span></a>',
      ),
    };
    expect(checkSite(site(pages, ['media/logo.png']))).toEqual([]);
  });

  it('finds a link that opens a source file or markdown as raw text', () => {
    const pages = {
      'documents/guide.html': page(
        '<a href="../media/example.ts">example</a><a href="../media/CHANGELOG.md">changes</a><a id="top"></a>',
      ),
    };
    expect(checkSite(site(pages, ['media/example.ts', 'media/CHANGELOG.md']))).toEqual([
      {
        page: 'documents/guide.html',
        message: 'link ../media/example.ts opens raw text (media/example.ts): make it a page or link to the repository',
      },
      {
        page: 'documents/guide.html',
        message:
          'link ../media/CHANGELOG.md opens raw text (media/CHANGELOG.md): make it a page or link to the repository',
      },
    ]);
  });

  it('finds a link to a missing file, and one to a missing anchor (the hierarchy summary case)', () => {
    const pages = {
      'interfaces/A.html': page(
        '<a href="../hierarchy.html#pkg.A">View Summary</a><a href="../media/gone.md">raw</a><a id="top"></a>',
      ),
      'hierarchy.html': page('<li id="pkg.B"></li><a id="top"></a>'),
    };
    expect(checkSite(site(pages))).toEqual([
      { page: 'interfaces/A.html', message: 'dead link ../hierarchy.html#pkg.A: no anchor #pkg.A on hierarchy.html' },
      { page: 'interfaces/A.html', message: 'dead link ../media/gone.md: no file media/gone.md' },
    ]);
  });

  it('finds a file name taken for a host, and a plain http link', () => {
    expect(externalLinkProblem('http://MIGRATION.md')).toBe('link http://MIGRATION.md is not https');
    expect(externalLinkProblem('https://MIGRATION.md')).toBe('link https://MIGRATION.md names a file, not a host');
    expect(externalLinkProblem('https://developer.pagerduty.com/docs/')).toBeUndefined();
  });

  it('finds a contents entry that lost the code of its heading, and an empty one', () => {
    const html = page(
      `<h2 id="searching-and">Searching: <code>find</code> and <code>persist</code>${anchor('searching-and')}</h2>` +
        '<h2 id="_"><code>Retry-After</code></h2><a id="top"></a>',
      '<a href="#searching-and"><span>Searching:  and </span></a><a href="#_"><span></span></a>',
    );
    expect(checkSite(site({ 'documents/p.html': html }))).toEqual([
      {
        page: 'documents/p.html',
        message: 'contents entry "Searching: and" does not read as its heading "Searching: find and persist"',
      },
      { page: 'documents/p.html', message: 'empty contents entry for #_' },
    ]);
  });

  it('reads member headings without their flags, and entries without their icons and word breaks', () => {
    const html =
      '<h3 class="tsd-anchor-link" id="auth"><code class="tsd-tag">Protected</code><span>auth</span>' +
      anchor('auth') +
      '</h3>';
    expect(headingTexts(html).get('auth')).toBe('auth');
    expect(
      contentsEntries(page('', '<a href="#a"><svg><use href="i.svg#x"></use></svg><span>default<wbr/>From</span></a>')),
    ).toEqual([{ href: '#a', text: 'defaultFrom' }]);
    expect(visibleText('a &amp; b &lt;c&gt; &#39;d&#39;')).toBe("a & b <c> 'd'");
  });
});

describe('the search index check', () => {
  /** A search.js as typedoc writes it: a deflated, base64-encoded lunr index and its rows. */
  const searchJs = (terms: [string, Record<string, unknown>][]): string => {
    const data = {
      rows: [{ url: 'classes/A.html' }, { url: 'documents/Retries.html' }],
      index: { invertedIndex: terms },
    };
    return `window.searchData = "${deflateSync(JSON.stringify(data)).toString('base64')}";`;
  };
  const probes = [{ words: ['rate', 'limit'], url: 'documents/Retries.html' }];

  it('passes when the page is found by the words of its text', () => {
    const js = searchJs([
      ['rate', { _index: 0, name: {}, comment: {}, document: { 1: {} } }],
      ['limit', { _index: 1, name: {}, comment: {}, document: { 1: {} } }],
    ]);
    expect(searchIndexProblems(js, probes)).toEqual([]);
  });

  it('fails when only names are indexed (the words match a name, not the text), or there is no index', () => {
    const namesOnly = searchJs([
      ['rate', { _index: 0, name: { 1: {} }, comment: {}, document: {} }],
      ['limit', { _index: 1, name: { 0: {} }, comment: {}, document: {} }],
    ]);
    expect(searchIndexProblems(namesOnly, probes)).toEqual([
      { page: 'assets/search.js', message: 'searching "rate limit" does not find documents/Retries.html by its text' },
    ]);
    expect(searchIndexProblems('', probes)).toEqual([{ page: 'assets/search.js', message: 'no search data' }]);
  });
});

describe('the heading-code typedoc plugin', () => {
  it('keeps code words in a heading as text tokens inside <code> markup', async () => {
    const { default: MarkdownIt } = (await import('markdown-it' as string)) as {
      default: new () => {
        core: { ruler: { push(name: string, rule: unknown): void } };
        parse(
          text: string,
          env: object,
        ): Array<{ type: string; children: Array<{ type: string; content: string }> | null }>;
        render(text: string): string;
      };
    };
    const parser = new MarkdownIt();
    parser.core.ruler.push('heading-code-as-text', headingCodeAsText);
    const tokens = parser.parse('## Searching: `find` and `persist`\n\nBody with `code`.', {});
    const heading = tokens[1];
    // TypeDoc builds the contents entry and the anchor from the text tokens alone.
    expect(
      heading?.children
        ?.filter((child) => child.type === 'text')
        .map((child) => child.content)
        .join(''),
    ).toBe('Searching: find and persist');
    expect(parser.render('## Searching: `find` and `<T>`')).toBe(
      '<h2>Searching: <code>find</code> and <code>&lt;T&gt;</code></h2>\n',
    );
    expect(parser.render('Body with `code`.')).toBe('<p>Body with <code>code</code>.</p>\n');
  });
});

describe('the search box (scripts/typedoc/search-results.ts)', () => {
  // The theme's search code as TypeDoc 0.28 minifies it: ten results, ranked by score alone.
  const THEME =
    'let o=r.data.rows[Number(c.ref)];s.sort((a,c)=>c.score-a.score);' +
    'let o=Math.min(10,s.length);for(let a=0;a<o;a++){}';

  it('sorts matching guide pages before symbols, then by score, and shows 25 results', () => {
    const rewritten = withMoreResults(THEME) ?? '';
    expect(rewritten).toContain('Math.min(25,s.length)');
    const sort = /s\.sort\((.*?)\);let/.exec(rewritten)?.[1] ?? '';
    const rows = [
      { kind: 2048, name: 'rget' },
      { kind: 8388608, name: 'Requests and entity wrapping' },
    ];
    const compare = new Function('r', `return ${sort};`)({ data: { rows } }) as (a: object, b: object) => number;
    const results = [
      { ref: '0', score: 76 },
      { ref: '1', score: 4 },
    ];
    expect(results.sort(compare).map((result) => rows[Number(result.ref)].name)).toEqual([
      'Requests and entity wrapping',
      'rget',
    ]);
    expect(searchScriptProblems(rewritten)).toEqual([]);
  });

  it('refuses a theme whose search code it does not know; the check names the script left', () => {
    expect(withMoreResults('something else')).toBeUndefined();
    expect(searchScriptProblems(THEME).map((problem) => problem.message)).toEqual([
      'search does not list documents first',
      'search shows only ten results',
    ]);
  });
});

describe('the signature check', () => {
  const typed =
    '<span class="tsd-kind-call-signature">rget</span>(target: P, init?: ' +
    '<a href="../types/x.RequestOptionsOf.html">RequestOptionsOf</a>&lt;...&gt;)';

  it('finds a path helper type shown in a signature', () => {
    const html = page(`<div class="tsd-signature tsd-anchor-link" id="rget-1">${typed}</div><a id="top"></a>`);
    expect(signatureProblems('classes/C.html', html)).toEqual([
      {
        page: 'classes/C.html',
        message: 'signature #rget-1 shows RequestOptionsOf: rget(target: P, init?: RequestOptionsOf<...>)',
      },
    ]);
  });

  it('passes a readable signature whose typed form is folded under it', () => {
    const html = page(
      '<div class="tsd-signature tsd-anchor-link" id="rget-1">' +
        '<span class="tsd-readable-signature">rget&lt;T&gt;(target: path, init?: options): ' +
        'Promise&lt;entity&gt;</span>' +
        `<details class="tsd-typed-signature"><summary>Typed form</summary>${typed}</details></div>`,
    );
    expect(signatureProblems('classes/C.html', html)).toEqual([]);
  });
});
