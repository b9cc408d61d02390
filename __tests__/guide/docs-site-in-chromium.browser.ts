/**
 * The documentation site as a reader sees it, in Debian's Chromium (`npm run test:docs`): the
 * site is built from the sources into a temporary folder, then at a 640-pixel-wide column
 * and at a desktop width
 * - every code block fits its column or scrolls with a scrollbar that takes room (a clipped
 *   line reads as clipped), and no page scrolls sideways;
 * - the main methods' signatures are short, free of the internal helper types, name the same
 *   parameters as the typed form (one click away), and fit their box;
 * - searching "rate limit", "webhook" and "rget" lists the guide pages that explain them first,
 *   and more than ten results.
 * The checks measure the elements' geometry; screenshots of each page and viewport are saved
 * to `$TMPDIR/pagerduty-client-docs-screens/` for a person to look at (never compared).
 *
 * `DOCS_SITE=<folder>` measures a site already built instead (after `npm run docs`: `docs`).
 * Named `.browser.ts` so that `npm test` (which runs `*.test.ts`) leaves it out:
 * jest.docs.config.js runs it. Without Chromium it prints a SKIPPED line and skips.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';

/**
 * The little of the DOM the in-page checks use (the project compiles without the DOM library;
 * these functions run in the page, where `globalThis` is the window).
 */
interface PageElement {
  tagName: string;
  textContent: string | null;
  innerText: string;
  scrollWidth: number;
  clientWidth: number;
  offsetHeight: number;
  clientHeight: number;
  open?: boolean;
  nextElementSibling: PageElement | null;
  getBoundingClientRect(): { right: number; height: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
interface PageWindow {
  document: {
    documentElement: PageElement;
    getElementById(id: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
  };
  getComputedStyle(element: PageElement): { borderTopWidth: string; borderBottomWidth: string; overflowX: string };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log('SKIPPED: chromium not installed (apt-get install -y chromium)');

/** The two widths a reader uses: a narrow column (a phone, half a laptop screen) and a desktop. */
const VIEWPORTS = [
  { name: 'narrow', width: 640, height: 900 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** Pages with many and wide code blocks: guide pages, and a class page with its examples. */
const CODE_PAGES = [
  'documents/Getting_started.html',
  'documents/Requests_and_entity_wrapping.html',
  'documents/Retries_and_rate_limits.html',
  'documents/Webhooks.html',
  'classes/pagerduty-client.RestApiV2Client.html',
];

/** The main methods whose signatures a user reads, by the page that documents them. */
const MAIN_METHODS: Record<string, string[]> = {
  'classes/pagerduty-client.RestApiV2Client.html': [
    'rget',
    'rpost',
    'rput',
    'rdelete',
    'jget',
    'jpost',
    'jput',
    'jdelete',
    'iterAll',
    'listAll',
    'iterCursor',
    'dictAll',
    'find',
    'persist',
  ],
  'interfaces/pagerduty-client.RestWithResponse.html': ['rget', 'rpost', 'jget', 'pages'],
  'classes/pagerduty-client_legacy.APISession.html': ['rget', 'iterAll', 'find', 'persist'],
  'classes/pagerduty-client.EventsApiV2Client.html': ['sendEvent', 'trigger', 'acknowledge', 'resolve'],
  'classes/pagerduty-client.McpApiClient.html': ['callTool', 'listTools'],
};

/** Names that tell a reader nothing: the helpers that compute a call's types from its path. */
const INTERNAL_NAMES = new RegExp(
  [
    'RequestOptionsOf',
    'EndpointOf',
    'PathHint',
    'EntityBodyOf',
    'JsonBodyOf',
    'EntityResult',
    'JsonResult',
    'EntityResultOf',
    'JsonResultOf',
    'Resolved',
    'ItemOf',
    'QueryOf',
    'IndexItem',
    'IndexQuery',
    'Awaited',
  ]
    .map((name) => `\\b${name}\\b`)
    .concat('Record<never')
    .join('|'),
);

/**
 * The longest a readable signature may be, on one line: rget's is about 70 characters, the
 * longest (`pages`, four parameters) about 135; their typed forms are 240 to 330.
 */
const SIGNATURE_MAX = 140;

/** The searches, and the guide pages each must list first (in any order among themselves). */
const SEARCHES: { query: string; first: string[] }[] = [
  { query: 'rate limit', first: ['Retries_and_rate_limits.html', 'Many_processes,_one_key.html'] },
  { query: 'webhook', first: ['Webhooks.html'] },
  { query: 'rget', first: ['Requests_and_entity_wrapping.html'] },
];

const screens = path.join(tmpdir(), 'pagerduty-client-docs-screens');
/** A site already built (`DOCS_SITE=docs` after `npm run docs`): measured as it is, a quicker loop. */
const prebuilt = process.env.DOCS_SITE;
let site = '';
let built: string | undefined;
let browser: Browser | undefined;

async function open(page: Page, file: string): Promise<void> {
  await page.goto(pathToFileURL(path.join(site, file)).href);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screens, `${name.replace(/[^\w.-]+/g, '_')}.png`) });
}

(hasChromium ? describe : describe.skip)('the docs site in Chromium', () => {
  beforeAll(async () => {
    rmSync(screens, { recursive: true, force: true });
    mkdirSync(screens, { recursive: true });
    if (prebuilt !== undefined) site = path.resolve(prebuilt);
    else {
      built = site = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-site-'));
      // The site as `npm run docs` builds it (typedoc.json, its plugins and theme), from the sources.
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'node_modules/typedoc/bin/typedoc', '--treatWarningsAsErrors', '--out', site],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      );
    }
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      // Headless Chromium hides scrollbars unless told not to: the scrollbars are what is checked.
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (built !== undefined) rmSync(built, { recursive: true, force: true });
  });

  describe.each(VIEWPORTS)('at $width pixels', (viewport) => {
    let page: Page;
    beforeAll(async () => {
      page = await browser!.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    });
    afterAll(async () => {
      await page.close();
    });

    it('shows every code block whole or with a visible scrollbar, and no page scrolls sideways', async () => {
      let scrolling = 0;
      for (const file of CODE_PAGES) {
        await open(page, file);
        await screenshot(page, `${viewport.name}-${file}`);
        const measured = await page.evaluate(() => {
          const window = globalThis as unknown as PageWindow;
          const { document } = window;
          return {
            pageWidth: document.documentElement.clientWidth,
            pageScrollWidth: document.documentElement.scrollWidth,
            blocks: [...document.querySelectorAll('pre, .tsd-typography table')].map((pre) => {
              const style = window.getComputedStyle(pre);
              const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
              return {
                text: `${pre.tagName}: ${(pre.textContent ?? '').trim().slice(0, 40)}`,
                right: pre.getBoundingClientRect().right,
                scrollWidth: pre.scrollWidth,
                clientWidth: pre.clientWidth,
                overflowX: style.overflowX,
                scrollbarHeight: pre.offsetHeight - pre.clientHeight - borders,
              };
            }),
          };
        });
        expect({ file, scrollWidth: measured.pageScrollWidth }).toEqual({ file, scrollWidth: measured.pageWidth });
        expect(measured.blocks.length).toBeGreaterThan(0);
        for (const block of measured.blocks) {
          const where = { file, block: block.text };
          expect({ ...where, insideThePage: block.right <= measured.pageWidth }).toEqual({
            ...where,
            insideThePage: true,
          });
          if (block.scrollWidth <= block.clientWidth) continue;
          scrolling += 1;
          expect({ ...where, scrolls: ['auto', 'scroll'].includes(block.overflowX) }).toEqual({
            ...where,
            scrolls: true,
          });
          expect({ ...where, scrollbarVisible: block.scrollbarHeight >= 4 }).toEqual({
            ...where,
            scrollbarVisible: true,
          });
        }
      }
      // The narrow column does make wide examples scroll: the scrollbar check above ran.
      if (viewport.width === 640) expect(scrolling).toBeGreaterThan(0);
    });

    it.each(Object.entries(MAIN_METHODS))(
      "renders the main methods' signatures of %s short and readable, the typed form folded under them",
      async (file, methods) => {
        await open(page, file);
        for (const method of methods) {
          const anchor = `${method.toLowerCase()}-1`;
          await page.locator(`[id="${anchor}"]`).scrollIntoViewIfNeeded();
          await screenshot(page, `${viewport.name}-${file}-${method}`);
          const shown = await page.evaluate((id) => {
            const box = (globalThis as unknown as PageWindow).document.getElementById(id)!;
            const readable = box.querySelector('.tsd-readable-signature');
            const typed = box.querySelector('details.tsd-typed-signature');
            const body = box.nextElementSibling;
            return {
              text: (readable ?? box).innerText.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/,? \)/g, ')'),
              fits: box.scrollWidth <= box.clientWidth,
              typedFolded: typed === null || !typed.open,
              typedSummary: typed?.querySelector('summary')?.getBoundingClientRect().height ?? -1,
              readable: readable !== null,
              parameters: [
                ...(body?.querySelectorAll('.tsd-parameter-list > li > span > .tsd-kind-parameter') ?? []),
              ].map((name) => name.textContent),
            };
          }, anchor);
          const where = { file, method };
          expect({ ...where, text: shown.text }).toEqual({
            ...where,
            text: expect.stringMatching(new RegExp(`^${method}\\b`)),
          });
          expect({ ...where, length: shown.text.length <= SIGNATURE_MAX, text: shown.text }).toEqual({
            ...where,
            length: true,
            text: shown.text,
          });
          expect({ ...where, text: shown.text }).toEqual({ ...where, text: expect.not.stringMatching(INTERNAL_NAMES) });
          expect({ ...where, fits: shown.fits, typedFolded: shown.typedFolded }).toEqual({
            ...where,
            fits: true,
            typedFolded: true,
          });
          if (shown.readable)
            expect({ ...where, typedSummary: shown.typedSummary > 0 }).toEqual({ ...where, typedSummary: true });
          // The same parameters as the typed form, in the same order.
          for (const name of shown.parameters) expect(shown.text).toMatch(new RegExp(`[(,] ?${name}\\??: `));
        }
      },
    );

    it('names what rget gives, and links the word to the typed helper', async () => {
      await open(page, 'classes/pagerduty-client.RestApiV2Client.html');
      const words = await page.$$eval('[id="rget-1"] .tsd-readable-signature .tsd-readable-word', (links) =>
        links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('title')]),
      );
      const text = await page.$eval(
        '[id="rget-1"] .tsd-readable-signature',
        (span) => (span as unknown as PageElement).innerText,
      );
      expect(text.replace(/\s+/g, ' ')).toBe(
        'rget<T>( target: ResourceObject | path, init?: options, ): Promise<entity>',
      );
      expect(words).toContainEqual([
        'entity',
        '../types/pagerduty-client_types.EntityResult.html',
        expect.stringContaining('entity'),
      ]);
      expect(words).toContainEqual([
        'options',
        '../types/pagerduty-client_types.RequestOptionsOf.html',
        expect.stringContaining('params'),
      ]);
    });

    it.each(SEARCHES)('lists the guide pages first when searching "$query"', async ({ query, first }) => {
      await open(page, 'index.html');
      await page.click('#tsd-search-trigger');
      await page.fill('#tsd-search-input', query);
      await page.waitForFunction(
        () => (globalThis as unknown as PageWindow).document.querySelectorAll('#tsd-search-results li a').length > 0,
      );
      await screenshot(page, `${viewport.name}-search-${query}`);
      const results = await page.$$eval('#tsd-search-results li a', (links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { href: link.getAttribute('href') ?? '', right: box.right, height: box.height };
        }),
      );
      const width = await page.evaluate(
        () => (globalThis as unknown as PageWindow).document.documentElement.clientWidth,
      );
      expect(results.length).toBeGreaterThan(10);
      const hrefs = results.map((result) => result.href);
      expect(
        hrefs
          .slice(0, first.length)
          .map((href) => path.basename(decodeURIComponent(href)))
          .sort(),
      ).toEqual([...first].sort());
      // Guide pages, then symbols: no guide page after the first symbol.
      const documents = hrefs.map((href) => href.includes('documents/'));
      const firstSymbol = documents.indexOf(false);
      expect(firstSymbol < 0 || !documents.slice(firstSymbol).includes(true)).toBe(true);
      // The first results are on screen, inside the column.
      for (const result of results.slice(0, first.length)) {
        expect(result.right).toBeLessThanOrEqual(width);
        expect(result.height).toBeGreaterThan(0);
      }
    });
  });
});
