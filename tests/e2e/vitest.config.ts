import { defineConfig } from 'vitest/config';

// Browser tests share one machine with two cores: run files one after another.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll waits for the page as Playwright's own waits do (harness.ts: 60 s), not vitest's
    // default second: on two busy cores a redraw after a key press can take longer than that.
    expect: { poll: { timeout: 30_000 } },
  },
});
