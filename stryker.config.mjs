// Mutation testing (`npm run mutation`): Stryker changes the rules and machines one small edit at
// a time and runs the unit and machine tests related to each (tests/mutation/vitest.config.ts); a
// mutant no test notices is a rule no test holds. The score is printed per file. On the files a
// change touches: `npm run mutation -- --mutate schema/validators.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: true },
  mutate: [
    'schema/rules/**/*.ts',
    'schema/validators.ts',
    'schema/uploads.ts',
    'src/machines/**/*.ts',
    'server/features/commerce/pricing.ts',
    '!**/*.gen.ts',
  ],
  ignorePatterns: ['dist', 'dist-server', 'dist-ssr', '.tmp', 'deploy', 'tests/e2e', 'tests/server', 'tests/security', 'tests/deploy', 'tests/engine', 'BENCHMARKS.md'],
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 1,
  // Vitest does not type-check, and a `// @ts-nocheck` added to every file would fail the test that
  // compares the generated types with what codegen writes.
  disableTypeChecks: false,
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
};
