/**
 * Jest runs the TypeScript sources as native ESM. SWC only strips the types, file by file, so a test run
 * costs no type checking: `npm run typecheck` (its own CI step) does that once for the whole project.
 */

/**
 * The suites that run the package as separate processes do: they pack and install it, run the built
 * command, the documentation's snippets on plain node, or workers beside a real Redis. They take about
 * 15 s of a core besides packing, so they run in `npm run test:package` (CI runs it) and not in `npm test`.
 */
export const processSuites = [
  '<rootDir>/__tests__/package/',
  '<rootDir>/__tests__/cli/main.test.ts',
  '<rootDir>/__tests__/cli/command-docs.test.ts',
  // Nine runs of the built command racing on one profile file.
  '<rootDir>/__tests__/cli/profiles/concurrent-profile-edits.test.ts',
  '<rootDir>/__tests__/guide/js-snippets.test.ts',
  // These start and stop a real redis-server, and one waits out a Redis pause of 3 s.
  '<rootDir>/__tests__/rate-limit-redis/redis-rate-limiter.test.ts',
  '<rootDir>/__tests__/rate-limit-redis/redis-token-store.test.ts',
  '<rootDir>/__tests__/cli/api/api-shared-rate-limit.test.ts',
  '<rootDir>/__tests__/rate-limit-redis/processes-share-budget.test.ts',
  '<rootDir>/__tests__/rate-limit-redis/processes-share-token.test.ts',
  '<rootDir>/__tests__/rate-limit-redis/window-phases.test.ts',
  '<rootDir>/__tests__/rate-limit-redis/redis-delivery-store.test.ts',
  // Express, Hono and a Next.js route (Next in a child process) receiving an emulator's delivery: ~15 s.
  '<rootDir>/__tests__/examples/webhooks/',
];

/**
 * The suites that type-check the documentation's TypeScript snippets against the library: one
 * TypeScript program each, about 30 s of a core together, so they run in `npm run test:docs` (CI
 * runs it beside `npm run docs`) and not in `npm test`.
 */
export const docSuites = [
  '<rootDir>/__tests__/guide/guide-snippets.test.ts',
  '<rootDir>/__tests__/legacy/migration-snippets.test.ts',
];

/**
 * Every operation of the REST description sent to the emulator and checked against the
 * description: about 10 s of a core, so it runs in `npm run test:emulator-conformance` (CI runs it).
 */
export const emulatorConformanceSuites = ['<rootDir>/__tests__/emulator/conformance/'];

/**
 * Four webhook receivers in child processes behind a proxy, sharing a real redis-server, for about
 * 10 s of real time (claims expire, Redis stops and goes on): `npm run test:webhook-replicas` (CI runs it).
 */
export const webhookReplicaSuites = ['<rootDir>/__tests__/rate-limit-redis/replicas-share-deliveries.test.ts'];

/**
 * The command line's commands run against the emulator, the emulator's end-to-end programs, and the
 * generators' own tests: about 60 s of a core together, so they run in `npm run test:e2e` (CI runs it)
 * and `npm test` stays within its minute on two cores.
 */
export const endToEndSuites = [
  '<rootDir>/__tests__/cli/',
  '<rootDir>/__tests__/emulator/programs/',
  '<rootDir>/__tests__/emulator/mcp/',
  '<rootDir>/__tests__/emulator/routes/',
  '<rootDir>/__tests__/emulator/rest-client-integration.test.ts',
  '<rootDir>/__tests__/scripts/',
  // The examples and guide snippets run as written, against the emulator: the slowest of the unit loop.
  '<rootDir>/__tests__/examples/run-example.test.ts',
  '<rootDir>/__tests__/guide/mcp-snippets.test.ts',
  '<rootDir>/__tests__/guide/from-pdjs-axios-fetch-snippets.test.ts',
  '<rootDir>/__tests__/guide/mcp-oauth-emulator-snippet.test.ts',
  '<rootDir>/__tests__/guide/emulator-fixtures-snippet.test.ts',
  '<rootDir>/__tests__/emulator/guide-schedules-snippet.test.ts',
  // iterHistory over a year of fake records (11,000 and more), sequential and concurrent.
  '<rootDir>/__tests__/core/rest/history-max-range.test.ts',
  '<rootDir>/__tests__/core/rest/concurrent-history.test.ts',
];

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...processSuites,
    ...docSuites,
    ...emulatorConformanceSuites,
    ...webhookReplicaSuites,
    ...endToEndSuites,
  ],
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
  // Compiles each dependency once per worker rather than once per test file (see the file).
  runtime: '<rootDir>/__tests__/jest-runtime.cjs',
  setupFiles: ['<rootDir>/__tests__/setup-symbols.ts', '<rootDir>/__tests__/setup-quiet-stderr.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup-nock.ts'],
  // Both cores: the default (cores - 1) leaves one idle on a two-core machine.
  maxWorkers: '100%',
  testTimeout: 20000,
};
