// Every vitest file of the main config (tests/support/budget.ts says why the waits are long).
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import { waitBudgetMs } from './budget';
import { recordTransition, writeTaken } from './transitions';

// testing-library's findBy… and waitFor wait for what they look for this long, not one second.
configure({ asyncUtilTimeout: waitBudgetMs });

// The transition gate (scripts/transition-gate.ts): every actor a test starts reports the
// transitions it takes, kept per test process and written when its files are done.
vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof import('xstate')>();
  function createActor(logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) {
    const inspect = options?.inspect;
    return xstate.createActor(logic, {
      ...options,
      inspect: (event: InspectionEvent) => {
        recordTransition(event);
        if (typeof inspect === 'function') inspect(event);
        else inspect?.next?.(event);
      },
    });
  }
  return { ...xstate, createActor };
});
afterAll(writeTaken);

declare global {
  // The msw double of the machine and component tests (tests/machines/server.ts), once a file loaded it.
  var academyDouble: { fresh: () => void; settle: () => Promise<string[]> } | undefined;
}

// Files that share one module graph (the unit lane runs so) share the double too.
beforeAll(() => globalThis.academyDouble?.fresh());

// Every answer the double gave in the test conforms to openapi.yaml.
afterEach(async () => {
  const problems = (await globalThis.academyDouble?.settle()) ?? [];
  expect(problems, 'the msw double answered off the contract').toEqual([]);
});
