// Mutation testing: Stryker changes the rules and machines one small edit at a time and runs the
// tests of each group on every mutant (tests/mutation/groups.mjs); a mutant no test notices is a
// rule no test holds. `npm run mutation` (scripts/mutation.ts) runs the groups one after another
// with MUTATION_GROUP set and prints the score per file and per group; MUTATION_FILES narrows a
// group to the files a change touches (`npm run mutation:changed`).
import { groups } from './tests/mutation/groups.mjs';

const group = groups.find((g) => g.slug === process.env.MUTATION_GROUP);
const files = process.env.MUTATION_FILES?.split(',').filter((file) => file !== '');
const slug = group?.slug ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: true },
  mutate: files ?? group?.mutate ?? [...groups.flatMap((g) => g.mutate), '!**/*.gen.ts'],
  ignorePatterns: ['dist', 'dist-server', 'dist-ssr', '.tmp', 'deploy', 'tests/e2e', 'tests/server', 'tests/security', 'tests/deploy', 'tests/engine', 'BENCHMARKS.md'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `.tmp/mutation/${slug}.json` },
  // `-- --incremental` reuses the last run's results of mutants whose code and tests did not change.
  incrementalFile: `.tmp/mutation/${slug}.incremental.json`,
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 1,
  ignoreStatic: group?.ignoreStatic ?? false,
  // Longer than the mutation lane's test time-out (tests/mutation/vitest.config.ts), so a mutant
  // that hangs a test fails that test instead of costing a restart of the test runner.
  timeoutMS: 30_000,
  // Vitest does not type-check, and a `// @ts-nocheck` added to every file would fail the test that
  // compares the generated types with what codegen writes.
  disableTypeChecks: false,
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
};
