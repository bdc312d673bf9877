// Stored images and videos are bare file names served by the API (spec §3, §7).
export function imageUrl(fileName: string): string | undefined {
  return fileName ? `/api/File/image/${encodeURIComponent(fileName)}` : undefined;
}

export function videoUrl(fileName: string): string | undefined {
  return fileName ? `/api/File/video/${encodeURIComponent(fileName)}` : undefined;
}
