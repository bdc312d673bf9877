// How long the tests wait, in one place for every runner: vitest's test and hook limits (the
// configs), testing-library's waits (tests/support/unit-setup.ts), vi.waitFor and expect.poll
// (tests/support/eventually.ts, the configs), Playwright's (tests/e2e/harness.ts) and the tests'
// own polling loops; xstate's waitFor has no limit of its own and ends with its test. A wait ends
// when what it waits for happens; these are only how long it may take before it counts as a
// failure. Sized for the test command on two cores
// shared with a dozen other busy processes (load average 35), where a step that takes a tenth of a
// second on a quiet machine can take several seconds, and a page a minute. A wait names no limit
// of its own: the one here holds for all.

/** One awaited event: a label on screen, a page loaded, a mail delivered, a machine's state. */
export const waitBudgetMs = 90_000;

/** One test or hook, which may wait for many events one after another. */
export const testBudgetMs = 300_000;
