import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Vazirmatn's faces (src/assets/fonts/, cut down by scripts/subset-fonts.sh) go into the
 * stylesheet as data: URLs, and with it into every server-rendered page, so the first layout
 * has them (src/styles/fonts.css says why); every other asset stays a file of its own.
 */
const inlineFonts = (file: string): boolean => /[\\/]src[\\/]assets[\\/]fonts[\\/][\w-]+\.woff2$/.test(file);

// The API server runs on API_PORT during `npm run dev`; the built SPA is served by the API
// server itself in production (one port).
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
  ],
  server: {
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  // `vite build --ssr src/entry-server.tsx` bundles the server's render of the public pages, its
  // dependencies included: one file loads in a fraction of the time of the router's many modules.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist-ssr', copyPublicDir: false, sourcemap: true, minify: false }
    : {
        outDir: 'dist',
        assetsInlineLimit: inlineFonts,
        sourcemap: false,
        // The server reads it to find each rendered page's stylesheets and its boot script.
        manifest: true,
        // Every modern browser preloads modules itself; the polyfill would cost every page.
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: { index: 'index.html', boot: 'src/boot.ts', islands: 'src/islands/main.tsx', handoff: 'src/handoff.ts' },
          // React in one chunk, shared by the islands of the server-rendered pages and by the
          // SPA, and the router in one: split module by module they cost more requests and
          // compress worse.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/ },
              ],
            },
          },
        },
      },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
