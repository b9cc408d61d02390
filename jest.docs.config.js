/**
 * `npm run test:docs`: the suites that type-check the documentation's snippets (`docSuites` in
 * jest.config.js), and the site in Chromium, built from the sources and measured at two widths
 * (`.browser.ts`, so that `npm test` leaves it out; it builds the site itself, about a minute).
 */
import base, { docSuites } from './jest.config.js';

export const browserSuites = ['<rootDir>/__tests__/guide/docs-site-in-chromium.browser.ts'];

export default { ...base, testPathIgnorePatterns: ['/node_modules/'], testMatch: [...docSuites, ...browserSuites] };
