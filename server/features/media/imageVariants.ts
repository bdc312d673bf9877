// Resized copies of a stored image: made once, when the image is uploaded (or,
// for an image stored before they existed, on its first resized request), and kept beside it, so
// serving one is reading a file. sharp (libvips) is loaded on first use, not at start-up.
import type { Sharp, SharpOptions } from 'sharp';
import { formatPersianNumber } from '../../../schema/rules/digits';
import { imageWidths, type ImageWidth } from '../../../schema/rules/imageWidths';

/**
 * The most pixels an upload may decode to: a 40-megapixel photo is a large camera's; a "pixel
 * bomb" (a few kB declaring 50,000 × 50,000) is refused from its header before any decoding.
 */
const maxInputPixels = 40_000_000;
/** A file that takes libvips this long is hostile or broken; it is abandoned, not waited for. */
const timeoutSeconds = 20;

const variantTexts = {
  corrupt: 'فایل تصویر خراب یا ناقص است؛ تصویر دیگری انتخاب کنید',
  tooLarge: `ابعاد تصویر بیش از حد بزرگ است (بیشتر از ${formatPersianNumber(maxInputPixels / 1_000_000)} مگاپیکسل)؛ تصویر کوچک‌تری انتخاب کنید`,
} as const;

/** The image cannot be used; `message` is the Persian reason for the uploader. */
export class ImageRejected extends Error {}

/** One resized copy: `320.webp`, `320.avif`, or `full.webp` (the whole image re-encoded). */
export interface VariantFile {
  name: string;
  bytes: Buffer;
}

const variantName = /^(\d{2,4}|full)\.(webp|avif)$/;
export const isVariantName = (name: string): boolean => variantName.test(name);

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;
const loadSharp = (): Promise<SharpFactory> => (loading ??= import('sharp').then((module) => module.default));

const inputOptions: SharpOptions = { limitInputPixels: maxInputPixels, failOn: 'error', sequentialRead: true };

/**
 * The resized copies of an image: WebP at each width of `imageWidths` (schema/rules/imageWidths.ts) below its own, and the
 * whole image as WebP when it is no wider than the largest width (a 700 px JPEG shown at 830 px);
 * beside each, the AVIF when it is smaller than the WebP. A copy that is not smaller than the
 * original is left out (the original serves instead). Never enlarged. An animated image gets none
 * (a still of its first frame would be a different picture). Throws ImageRejected for a file
 * libvips cannot read or that decodes to more than `maxInputPixels`.
 */
export async function makeVariants(original: Buffer): Promise<VariantFile[]> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  let pages: number;
  try {
    // The header only (no pixels are decoded), read without the pixel limit so a bomb is told as such.
    const meta = await sharp(original, { ...inputOptions, limitInputPixels: false }).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
    pages = meta.pages ?? 1;
  } catch {
    throw new ImageRejected(variantTexts.corrupt);
  }
  if (width <= 0 || height <= 0) throw new ImageRejected(variantTexts.corrupt);
  if (width * height > maxInputPixels) throw new ImageRejected(variantTexts.tooLarge);
  if (pages > 1) return [];

  const largest = imageWidths[imageWidths.length - 1] ?? 0;
  const targets: Array<{ label: string; width: number }> = imageWidths.filter((w) => w < width).map((w) => ({ label: String(w), width: w }));
  if (width <= largest) targets.push({ label: 'full', width });

  const files: VariantFile[] = [];
  try {
    for (const target of targets) {
      // rotate(): the copy is stored upright, as browsers show the original (the copy keeps no EXIF).
      const resized = () => sharp(original, inputOptions).timeout({ seconds: timeoutSeconds }).rotate().resize({ width: target.width, withoutEnlargement: true });
      const webp = await resized().webp({ quality: 78, effort: 4 }).toBuffer();
      if (webp.length >= original.length) continue;
      files.push({ name: `${target.label}.webp`, bytes: webp });
      const avif = await resized().avif({ quality: 50, effort: 3 }).toBuffer();
      if (avif.length < webp.length) files.push({ name: `${target.label}.avif`, bytes: avif });
    }
  } catch {
    // The header was readable but the pixels are not (a truncated file, a broken stream, or the timeout).
    throw new ImageRejected(variantTexts.corrupt);
  }
  return files;
}

/**
 * The copy to send for a requested width: the narrowest at least that wide, else the whole-image
 * copy, else null (the original). AVIF when the browser takes it and it was kept, else WebP when
 * the browser takes that (every browser since 2020 does; a request without Accept is given it).
 */
export function chooseVariant(available: readonly string[], width: ImageWidth, accept: string | undefined): string | null {
  const have = new Set(available);
  const takes = (type: string) => accept?.includes(type) ?? type === 'image/webp';
  const label = imageWidths.find((w) => w >= width && have.has(`${w}.webp`))?.toString() ?? (have.has('full.webp') ? 'full' : null);
  if (label === null) return null;
  if (takes('image/avif') && have.has(`${label}.avif`)) return `${label}.avif`;
  if (takes('image/webp')) return `${label}.webp`;
  return null;
}
