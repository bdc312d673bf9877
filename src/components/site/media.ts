import type { ImageWidth } from '../../../schema/rules/imageWidths';

// Stored images and videos are bare file names served by the API (spec §3, §7).
export function imageUrl(fileName: string): string | undefined {
  return fileName ? `/api/File/image/${encodeURIComponent(fileName)}` : undefined;
}

/**
 * Where an image is shown, and so which resized copies (server/features/media/imageVariants.ts) are offered and
 * how wide it is at each screen width, by the CSS that lays it out: the browser picks the copy
 * before it lays out the page, so `sizes` must say what the stylesheet will do.
 */
const places = {
  // .card-grid: columns of at least 16.5rem with 1.25rem gaps in the 1200 px container (site.css):
  // one column below 580 px, two below 864, three below 1148, then four of at most 285 px.
  card: {
    widths: [320, 480, 640, 800, 1024],
    sizes: '(max-width: 579px) calc(100vw - 2rem), (max-width: 863px) calc(50vw - 26px), (max-width: 1147px) calc(33.3vw - 24px), 285px',
  },
  // .course-layout: the whole container up to 900 px, then beside the 21rem box (course.css).
  courseCover: {
    widths: [320, 480, 640, 800, 1024, 1280],
    sizes: '(max-width: 900px) calc(100vw - 2rem), (max-width: 1232px) calc(100vw - 25rem), 832px',
  },
  // .article: at most 50rem with 2rem padding, 1rem on a phone (article.css).
  articleCover: {
    widths: [320, 480, 640, 800, 1024, 1280],
    sizes: '(max-width: 600px) calc(100vw - 4rem), (max-width: 832px) calc(100vw - 6rem), 736px',
  },
  categoryHead: { widths: [160, 320], sizes: '160px' },
  portrait140: { widths: [160, 320], sizes: '140px' },
  portrait96: { widths: [160, 320], sizes: '96px' },
  portrait72: { widths: [160, 320], sizes: '72px' },
} satisfies Record<string, { widths: readonly ImageWidth[]; sizes: string }>;
export type ImagePlace = keyof typeof places;

/** A resized copy of a stored image, in the best format the browser takes (the server chooses). */
export const imageVariantUrl = (fileName: string, width: ImageWidth): string => `/api/File/image/${encodeURIComponent(fileName)}?w=${width}`;

/**
 * `src`, `srcSet` and `sizes` of a stored image shown in a place. A copy wider than the image
 * itself is answered with the image's own width (never enlarged), so the list is the same for
 * every image and the page needs no more than its name.
 */
export function responsiveImage(fileName: string, place: ImagePlace): { src: string; srcSet: string; sizes: string } | undefined {
  if (!fileName) return undefined;
  const { widths, sizes } = places[place];
  return {
    src: imageVariantUrl(fileName, widths[Math.min(1, widths.length - 1)] ?? 320),
    srcSet: widths.map((w) => `${imageVariantUrl(fileName, w)} ${w}w`).join(', '),
    sizes,
  };
}

/**
 * How an image loads: the one a page shows first (above the fold, usually its largest paint) is
 * fetched at once and early; the rest wait until they are scrolled near.
 */
export function imageLoading(first: boolean) {
  // Decoding off the main thread: a large image decoded synchronously held back the first paint.
  return first
    ? ({ loading: 'eager', fetchPriority: 'high', decoding: 'async' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
}

export function videoUrl(fileName: string): string | undefined {
  return fileName ? `/api/File/video/${encodeURIComponent(fileName)}` : undefined;
}
