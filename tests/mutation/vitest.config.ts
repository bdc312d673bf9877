// The tests Stryker runs against each mutant (stryker.config.mjs): the unit and machine lanes,
// where the rules and machines are tested on their own. The main config's settings, other files.
import { defineConfig, mergeConfig } from 'vitest/config';
import main from '../../vite.config';

export default mergeConfig(
  main({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.ts'],
      // Hashing the test administrator's password is the server suites' concern, not these files'.
      globalSetup: [],
    },
  }),
);
