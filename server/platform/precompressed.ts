// The built site's files are compressed once, when the site is built (vite.config.ts runs
// `precompressDir` over dist/), at the highest settings: brotli 11 takes seconds a file, which
// is paid once per build instead of a lower setting paid on every request. The server
// (staticFiles.ts) finds the compressed forms next to each file under these suffixes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const encodedSuffix = { br: '.br', gzip: '.gz' } as const;

/** Text formats gain from compression; images, fonts and archives already are compressed. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/i;
/** Below this, the encoded form's headers cost about what it saves. */
const minimumSize = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isEncodedForm(name: string): boolean {
  return name.endsWith(encodedSuffix.br) || name.endsWith(encodedSuffix.gzip);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` next to every compressible file of `dir` that they make smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  // Dot paths (dist/.vite, the build's manifest) are the server's, never sent.
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file) && !isEncodedForm(file) && !path.relative(dir, file).split(path.sep).some((part) => part.startsWith('.')));
  let bytes = 0;
  let brotliBytes = 0;
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < minimumSize) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      count += 1;
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
      if (br.length < body.length) await writeFile(`${file}${encodedSuffix.br}`, br);
      if (gz.length < body.length) await writeFile(`${file}${encodedSuffix.gzip}`, gz);
    }),
  );
  return { files: count, bytes, brotliBytes };
}
