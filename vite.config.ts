import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompressDir } from './server/platform/precompressed.ts';
import { testBudgetMs, waitBudgetMs } from './tests/support/budget.ts';

/**
 * Vazirmatn's faces (src/assets/fonts/, cut down by scripts/subset-fonts.sh: 42 kB together) go
 * into their own stylesheet as data: URLs (src/styles/fonts.css, an entry of its own), linked
 * from the head of every page: the first layout already has them (src/styles/fonts.css says why),
 * and the sheet is fetched once and then comes from the browser's cache (hashed name, immutable).
 * Inlined into each page with the other styles, every page carried the 42 kB again (a page's
 * brotli answer went from 13 to 56 kB and the public pages under a crowd fell from ~2,700 to ~880
 * requests/s); as font files they arrived after the first layout. Every other asset stays a file.
 */
const inlineFonts = (file: string): boolean => /[\\/]src[\\/]assets[\\/]fonts[\\/][\w-]+\.woff2$/.test(file);
const fontsStylesheet = 'src/styles/fonts.css';

/** The link to the fonts' sheet: the built file, or under `npm run dev` the source, which Vite serves. */
function linkFonts(): Plugin {
  return {
    name: 'academy:link-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        let href = `/${fontsStylesheet}`;
        if (context.bundle) {
          const sheet = Object.values(context.bundle).find((file) => file.type === 'asset' && file.originalFileNames.includes(fontsStylesheet));
          if (!sheet) throw new Error(`the build has no ${fontsStylesheet}`);
          href = `/${sheet.fileName}`;
        }
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href, 'data-fonts': '' }, injectTo: 'head' }];
      },
    },
  };
}

/** Every text file of the client build compressed once, at the highest settings (server/platform/precompressed.ts). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'academy:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/**
 * What each built chunk is made of (dist/.vite/modules.json: every chunk's modules with their
 * rendered sizes, before minifying), so the bundle check (scripts/bundle-budget.ts) names the
 * modules that make a page heavy.
 */
function moduleSizes(): Plugin {
  return {
    name: 'academy:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(file.modules)) {
          if (info.renderedLength > 0) modules[path.relative(process.cwd(), id).replace(/^.*node_modules[\\/]/, '')] = info.renderedLength;
        }
        chunks[file.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
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
    linkFonts(),
    ...(isSsrBuild ? [] : [moduleSizes(), precompress()]),
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
          input: { index: 'index.html', fonts: fontsStylesheet, boot: 'src/boot.ts', islands: 'src/islands/main.tsx', handoff: 'src/handoff.ts' },
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
    setupFiles: ['tests/support/unit-setup.ts'],
    // Limits only: a test waits for what it needs, however long that takes on a busy machine.
    testTimeout: testBudgetMs,
    hookTimeout: testBudgetMs,
    expect: { poll: { timeout: waitBudgetMs } },
  },
}));
