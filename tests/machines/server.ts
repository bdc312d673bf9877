// The msw double every machine and component test talks to. openapi-fetch keeps the fetch it
// finds when a client is created, so msw must patch fetch before the app's API modules load:
// test files import this module first.
//
// One server for the whole run: it is started once, whether each test file has a module graph of
// its own or all share one, and no file closes it. Every answer it gives, a test's own
// `server.use` ones included, is checked against openapi.yaml after each test: a double that
// answers what the real server never would fails the test that met it. An answer built to be
// wrong on purpose (a malformed page, a 5xx of a server that fell over) carries the `offContract` header.
import { setupServer } from 'msw/node';
import { contractPathOf, contractProblems } from '../support/contract';
import { createMockBackend, offContract, sampleSeed } from '../support/msw-handlers';

export { offContract };

function startDouble() {
  const backend = createMockBackend(sampleSeed);
  const server = setupServer(...backend.handlers);
  const checks: Array<Promise<string[]>> = [];
  server.events.on('response:mocked', ({ request, response }) => {
    // A connection that failed (a network error a test asked for) has no answer to check.
    if (response.type === 'error' || response.headers.has(Object.keys(offContract)[0] ?? '')) return;
    const url = new URL(request.url);
    const path = contractPathOf(url.pathname);
    const copy = response.clone();
    checks.push(
      (async () => {
        if (!path) return [`${request.method} ${url.pathname}: no such path in openapi.yaml`];
        const contentType = copy.headers.get('content-type') ?? '';
        const text = await copy.text();
        const body: unknown = contentType.includes('application/json') && text ? JSON.parse(text) : text;
        return contractProblems(request.method, path, copy.status, body, contentType);
      })(),
    );
  });
  server.listen({ onUnhandledFrame: 'error' });
  return { backend, server, checks };
}

// A module is evaluated once per module graph: once per file when files are isolated, once per
// run when they share one.
const shared = startDouble();
export const { backend, server } = shared;

// A module is evaluated once per module graph, and registers its hooks in the file that loaded it
// first; when files share one graph the others would go unchecked. So the double is published
// here and tests/support/unit-setup.ts, which every file runs, checks it after each test.
globalThis.academyDouble = {
  // Each file starts from the sample seed, as a file with a graph of its own does: what an earlier
  // file put in the double (rows of its own, a failing call) stays with that file.
  fresh: () => shared.backend.reset(),
  settle: async () => {
    // Each test starts with the double's own handlers: what a test added with `server.use` ends with it.
    server.resetHandlers();
    return (await Promise.all(shared.checks.splice(0))).flat();
  },
};
