import { defineConfig } from 'vitest/config';
import { testBudgetMs, waitBudgetMs } from '../support/budget.ts';

// Browser tests share one machine with two cores: run files one after another.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // One process for every file, one after another: a fresh process per file imported
    // playwright-core, the harness and its fakes again, about 1.6 s of CPU a file (5 files: 41 →
    // 33 s of CPU). Each file starts its own server on its own data dir and its own browser
    // context, so nothing of one file's state reaches the next.
    isolate: false,
    // Limits only (tests/support/budget.ts): a test waits for what it needs, however long that
    // takes on a busy machine. expect.poll waits for the page as Playwright's own waits do
    // (harness.ts), not vitest's default second.
    testTimeout: testBudgetMs,
    hookTimeout: testBudgetMs,
    expect: { poll: { timeout: waitBudgetMs } },
  },
});
