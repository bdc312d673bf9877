import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Preloads the Persian regular face: otherwise the browser finds it only after the CSS has
 * arrived and the text is laid out, and the page's text (its largest paint) waits for it.
 */
function preloadBodyFont(): Plugin {
  return {
    name: 'academy:preload-body-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((name) => /vazirmatn-arabic-400-normal-[\w-]+\.woff2$/.test(name));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
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
    preloadBodyFont(),
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
        // The server reads it to link each rendered page's own stylesheets and chunks.
        manifest: true,
      },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
