// Every vitest file of the main config (tests/support/budget.ts says why the waits are long).
import { configure } from '@testing-library/react';
import { waitBudgetMs } from './budget';

// testing-library's findBy… and waitFor wait for what they look for this long, not one second.
configure({ asyncUtilTimeout: waitBudgetMs });
