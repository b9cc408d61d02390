/**
 * The emulator's conformance suite (`npm run test:emulator-conformance`): see
 * `emulatorConformanceSuites` in jest.config.js.
 */
import base, { emulatorConformanceSuites } from './jest.config.js';

export default {
  ...base,
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: emulatorConformanceSuites.map((folder) => `${folder}**/*.test.ts`),
};
