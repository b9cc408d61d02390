/** Jest runs the TypeScript sources as native ESM through ts-jest. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup-nock.ts'],
  testTimeout: 20000,
};
