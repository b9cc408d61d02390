/** The suites that type-check the documentation's snippets (`npm run test:docs`): see `docSuites` in jest.config.js. */
import base, { docSuites } from './jest.config.js';

export default { ...base, testPathIgnorePatterns: ['/node_modules/'], testMatch: docSuites };
