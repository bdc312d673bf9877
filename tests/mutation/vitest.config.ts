// The tests Stryker runs against each mutant (stryker.config.mjs): the unit and machine lanes,
// where the rules and machines are tested on their own. The main config's settings, other files.
import { defineConfig, mergeConfig } from 'vitest/config';
import main from '../../vite.config.ts';
import { groups } from './groups.mjs';

// A group's mutants meet only its own tests (tests/mutation/groups.mjs). Chosen here rather than
// with Stryker's `testFiles`, with which a mutant of module-level code (a table, a pattern) was
// never switched on: every one of them survived.
const group = groups.find((g) => g.slug === process.env.MUTATION_GROUP);

const merged = mergeConfig(
  main({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      // A mutant that stops a machine short leaves its test waiting for a state that never comes.
      // The lane's budget (tests/support/budget.ts) is sized for the whole test command on a
      // crowded machine; here one test runs at a time, its tests take well under a second, and a
      // test that has not ended in five seconds has met its mutant. Failing it here counts the
      // mutant as killed at once, where Stryker's own time-out would restart the test runner.
      testTimeout: 5_000,
      hookTimeout: 20_000,
    },
  }),
);

// Replaced, not merged (a merge appends to the main config's lists).
export default {
  ...merged,
  test: {
    ...merged.test,
    include: group?.tests ?? ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.ts'],
    isolate: group?.isolate ?? true,
    // Hashing the test administrator's password is the server suites' concern, not these files'.
    globalSetup: [],
    // tests/mutation/setup.ts says why.
    setupFiles: ['tests/mutation/setup.ts'],
  },
};
