/** The suites that start real processes (`npm run test:package`): see `processSuites` in jest.config.js. */
import base, { processSuites } from './jest.config.js';

/** `<rootDir>/a/` and `<rootDir>/a/b.test.ts` as testMatch globs. */
const toGlob = (pattern) => (pattern.endsWith('/') ? `${pattern}**/*.test.ts` : pattern);

export default { ...base, testPathIgnorePatterns: ['/node_modules/'], testMatch: processSuites.map(toGlob) };
