/**
 * The end-to-end suites (`npm run test:e2e`): see `endToEndSuites` in jest.config.js. The suites that
 * run separate processes keep their own script (`npm run test:package`).
 */
import base, {
  docSuites,
  emulatorConformanceSuites,
  endToEndSuites,
  processSuites,
  webhookReplicaSuites,
} from './jest.config.js';

const asPattern = (suite) => (suite.endsWith('/') ? `${suite}**/*.test.ts` : suite);

export default {
  ...base,
  testPathIgnorePatterns: [
    '/node_modules/',
    ...processSuites,
    ...docSuites,
    ...emulatorConformanceSuites,
    ...webhookReplicaSuites,
  ],
  testMatch: endToEndSuites.map(asPattern),
};
