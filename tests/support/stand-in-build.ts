// A stand-in for `npm run build`'s output, for server tests of the page path: the built
// index.html and manifest as the server reads them, and dist-ssr/entry-server.js with the given
// `render` (the source of an `export async function render(request) { … }`), so the server's own
// page handling is what a test exercises. Returns the dist dir to pass as `distDir`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeStandInBuild(root: string, renderSource: string): string {
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><title>آکادمی</title><meta name="description" content="" />' +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a1.js', isEntry: true },
      'src/boot.ts': { file: 'assets/boot-b2.js', isEntry: true },
      'src/islands/main.tsx': { file: 'assets/islands-c3.js', isEntry: true },
      'src/handoff.ts': { file: 'assets/handoff-d4.js', isEntry: true },
      'src/styles/fonts.css': { file: 'assets/fonts-e5.css', isEntry: true },
    }),
  );
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderSource);
  return dist;
}
