// Stored images and videos are bare file names served by the API (spec §3, §7).
export function imageUrl(fileName: string): string | undefined {
  return fileName ? `/api/File/image/${encodeURIComponent(fileName)}` : undefined;
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
