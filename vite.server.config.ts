// The API server as one ES module (`npm run build:server` → dist-server/main.js): started with
// plain node, it skips tsx's on-the-fly TypeScript transform, which is most of a cold start.
// Dependencies stay external (node_modules), so native better-sqlite3 and pg load as usual.
import { defineConfig } from 'vite';

export default defineConfig({
  // No SPA plugins and no public/ copy: this build only bundles server/.
  plugins: [],
  publicDir: false,
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
});
