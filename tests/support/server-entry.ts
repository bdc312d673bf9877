/**
 * node's arguments for a server process a test starts (`server/main.ts`, as `npm start` runs it).
 * The test command builds the server before the suites that start it (`npm run build`):
 * E2E_BUILT_SERVER=1 starts that bundle as `npm run serve` does, without tsx's TypeScript
 * transform (about 1.8 s of CPU of a start's 3; the bundle's whole start is about 1.3 s).
 * Otherwise (a single file run by hand, the one-file proof's copy) the sources run through tsx.
 */
export const serverEntry = (): string[] =>
  process.env.E2E_BUILT_SERVER === '1' ? ['--enable-source-maps', 'dist-server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
