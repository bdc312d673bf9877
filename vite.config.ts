import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Preloads the four Vazirmatn faces a page's first paint uses (Persian and Latin — spaces and
 * digits come from the Latin face — in regular and bold): otherwise the browser finds them only
 * while laying the page out, and with `font-display: optional` a late face is not used at all.
 */
function preloadFonts(): Plugin {
  return {
    name: 'academy:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((name) => /vazirmatn-(arabic|latin)-(400|700)-normal-[\w-]+\.woff2$/.test(name));
        return fonts.map((font) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

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
    preloadFonts(),
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
        assetsInlineLimit: 0,
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
