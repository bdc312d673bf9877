// One-off: draws the seed's sample images and writes them as WebP to server/seed/images/, which is
// committed. The server only copies those files on a first start, so neither drawing (~0.3 s of
// the fresh start) nor an image library is needed at run time. Run it again after changing a
// drawing (server/features/media/png.ts) or the list (`sampleImages` in server/seed/index.ts):
//
//   npx tsx scripts/make-seed-images.ts          (Chromium from CHROMIUM_PATH or /usr/bin/chromium)
//   npx tsx scripts/make-seed-images.ts --variants-only
//
// Each image's resized copies (server/features/media/imageVariants.ts, as an upload gets them) go to
// server/seed/images/variants/<file>/, made by sharp from the lossless drawing rather than from the
// lossy WebP. `--variants-only` remakes only those, leaving the committed WebP files as they are.
//
// The encoder is Chromium's (libwebp, behind canvas.convertToBlob): the browser tests already
// need it, so the project takes on no image dependency for a handful of files.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { makeVariants } from '../server/features/media/imageVariants';
import { coverPixels, encodeRgb, personPixels } from '../server/features/media/png';
import { sampleImages, type SampleDrawing } from '../server/seed';
import { chromiumArgs } from '../tests/e2e/harness';

/**
 * libwebp's quality: at 0.8 the covers' faint one-pixel stripes blur away, at 0.85 they stay
 * (side by side with the PNG they are hard to tell apart) and a cover weighs ~7 kB, not ~70 kB.
 */
const quality = 0.85;
const outDir = path.resolve('server/seed/images');

/**
 * The bare lossy form (RIFF, WEBP, one VP8 chunk) of Chromium's output, which wraps it in VP8X
 * with a 456-byte sRGB ICC profile: sRGB is what a browser assumes without one, and these images
 * are opaque, so only the bytes go.
 */
function withoutExtras(webp: Buffer): Buffer {
  for (let at = 12; at + 8 <= webp.length; ) {
    const type = webp.toString('ascii', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    if (type === 'ALPH') return webp;
    if (type === 'VP8 ') {
      const chunk = webp.subarray(at, at + 8 + size + (size & 1));
      const header = Buffer.alloc(12);
      header.write('RIFF', 0, 'ascii');
      header.writeUInt32LE(4 + chunk.length, 4);
      header.write('WEBP', 8, 'ascii');
      return Buffer.concat([header, chunk]);
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('no VP8 chunk in the encoded WebP');
}

function draw(drawing: SampleDrawing): { width: number; height: number; rgb: Uint8Array } {
  if (drawing.kind === 'person') return { width: 256, height: 256, rgb: personPixels(drawing.from, drawing.to, 256) };
  return { width: 640, height: 360, rgb: coverPixels(drawing.from, drawing.to, drawing.seed, 640, 360) };
}

async function writeVariants(): Promise<void> {
  const variantsDir = path.join(outDir, 'variants');
  rmSync(variantsDir, { recursive: true, force: true });
  let total = 0;
  let count = 0;
  for (const { file, drawing } of sampleImages) {
    const { width, height, rgb } = draw(drawing);
    const dir = path.join(variantsDir, file);
    mkdirSync(dir, { recursive: true });
    const variants = await makeVariants(encodeRgb(width, height, rgb));
    for (const variant of variants) writeFileSync(path.join(dir, variant.name), variant.bytes);
    total += variants.reduce((sum, v) => sum + v.bytes.length, 0);
    count += variants.length;
    console.log(`${file.padEnd(32)} ${variants.map((v) => `${v.name} ${v.bytes.length.toLocaleString('en')}`).join(', ')}`);
  }
  console.log(`${count} resized copies, ${total.toLocaleString('en')} bytes in ${path.relative(process.cwd(), variantsDir)}/`);
}

if (process.argv.includes('--variants-only')) {
  await writeVariants();
  process.exit(0);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage();
  mkdirSync(outDir, { recursive: true });
  // Stale files (a renamed image) would otherwise linger in the commit.
  for (const name of readdirSync(outDir)) if (name.endsWith('.webp')) rmSync(path.join(outDir, name));
  let total = 0;
  for (const { file, drawing } of sampleImages) {
    const { width, height, rgb } = draw(drawing);
    const webp = await page.evaluate(
      async ({ width, height, rgb, quality }) => {
        const bytes = Uint8Array.from(atob(rgb), (c) => c.charCodeAt(0));
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        const image = context.createImageData(width, height);
        for (let i = 0, j = 0; i < bytes.length; i += 3, j += 4) {
          image.data[j] = bytes[i] ?? 0;
          image.data[j + 1] = bytes[i + 1] ?? 0;
          image.data[j + 2] = bytes[i + 2] ?? 0;
          image.data[j + 3] = 255;
        }
        context.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
        // A browser that cannot encode WebP silently hands back a PNG.
        if (blob.type !== 'image/webp') throw new Error(`encoded as ${blob.type}`);
        const out = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of out) binary += String.fromCharCode(byte);
        return btoa(binary);
      },
      { width, height, rgb: Buffer.from(rgb).toString('base64'), quality },
    );
    const bytes = withoutExtras(Buffer.from(webp, 'base64'));
    writeFileSync(path.join(outDir, file), bytes);
    total += bytes.length;
    console.log(`${file.padEnd(32)} ${width}×${height}  ${bytes.length.toLocaleString('en')} bytes`);
  }
  console.log(`${sampleImages.length} images, ${total.toLocaleString('en')} bytes in ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser.close();
}
await writeVariants();
