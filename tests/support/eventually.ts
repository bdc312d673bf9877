// vi.waitFor with the tests' one wait budget (tests/support/budget.ts): its own default is one
// second, which a busy machine overruns while nothing is wrong.
import { vi } from 'vitest';
import { waitBudgetMs } from './budget';

/** Resolves with what `check` answers once it stops throwing; polls every 20 ms. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: waitBudgetMs, interval: 20 });
}
