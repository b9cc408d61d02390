/**
 * Jest runs the TypeScript sources as native ESM. SWC only strips the types, file by file, so a test run
 * costs no type checking: `npm run typecheck` (part of `npm test`) does that once for the whole project.
 */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  // The packaging checks build, pack and install the package (about 20 s): `npm run test:package`.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/package/'],
  // The examples import the package by name, as a user would; these map it to the sources.
  moduleNameMapper: {
    '^pagerduty-client$': '<rootDir>/src/index.ts',
    '^pagerduty-client/(types|tables|webhooks)$': '<rootDir>/src/$1.ts',
    '^pagerduty-client/(legacy|emulator|rate-limit-redis)$': '<rootDir>/src/$1/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    // The target matches tsconfig.json's, so `using` and `await using` are lowered as tsc lowers them
    // (Node 20 cannot run them natively).
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2022',
          transform: { useDefineForClassFields: true },
        },
      },
    ],
  },
  setupFiles: ['<rootDir>/__tests__/setup-symbols.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup-nock.ts'],
  // Both cores: the default (cores - 1) leaves one idle on a two-core machine.
  maxWorkers: '100%',
  testTimeout: 20000,
};
