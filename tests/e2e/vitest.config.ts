import { defineConfig } from 'vitest/config';
import { testBudgetMs, waitBudgetMs } from '../support/budget.ts';

// Browser tests share one machine with two cores: run files one after another.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Limits only (tests/support/budget.ts): a test waits for what it needs, however long that
    // takes on a busy machine. expect.poll waits for the page as Playwright's own waits do
    // (harness.ts), not vitest's default second.
    testTimeout: testBudgetMs,
    hookTimeout: testBudgetMs,
    expect: { poll: { timeout: waitBudgetMs } },
  },
});
