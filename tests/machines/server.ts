// openapi-fetch keeps the fetch it finds when a client is created, so msw must patch fetch
// before the app's API modules load: test files import this module first.
import { setupServer } from 'msw/node';
import { createMockBackend, sampleSeed } from '../support/msw-handlers';

export const backend = createMockBackend(sampleSeed);
export const server = setupServer(...backend.handlers);
server.listen({ onUnhandledFrame: 'error' });
