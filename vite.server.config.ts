// The API server bundled (`npm run build:server` → dist-server/main.js and its chunks): started
// with plain node, it skips tsx's on-the-fly TypeScript transform, which is most of a cold start.
// main.js imports the app dynamically, so the first administrator's password hash can start
// while the rest loads (see server/main.ts). Dependencies stay external (node_modules), so native
// better-sqlite3 and pg load as usual, except Kysely: it ships ~300 small files, and resolving
// them one by one cost ~0.5 s of every start.
import { defineConfig } from 'vite';

export default defineConfig({
  // No SPA plugins and no public/ copy: this build only bundles server/.
  plugins: [],
  publicDir: false,
  ssr: { noExternal: ['kysely'] },
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
});
