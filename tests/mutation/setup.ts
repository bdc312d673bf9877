// The mutation lane's one setup file, in place of tests/support/unit-setup.ts: Stryker starts the
// tests again for every mutant, and loading testing-library and the transition gate's recording
// each time cost more than the tests themselves. What stays is the double's reset and contract
// check after each test, which the machine tests rely on.
import { afterEach, expect } from 'vitest';

afterEach(async () => {
  const problems = (await globalThis.academyDouble?.settle()) ?? [];
  expect(problems, 'the msw double answered off the contract').toEqual([]);
});
