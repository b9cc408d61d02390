/** The packaging checks alone (`npm run test:package`): they pack and install the built package. */
import base from './jest.config.js';

export default { ...base, roots: ['<rootDir>/__tests__/package'], testPathIgnorePatterns: ['/node_modules/'] };
