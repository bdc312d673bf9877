// Where the admin shows stored files from (spec §7: GET /api/File/image|video/{fileName}).
import { bareFileName } from '../../../schema/rules/text';

export function imageUrl(reference: string): string {
  return `/api/File/image/${encodeURIComponent(bareFileName(reference))}`;
}

/**
 * An image's smallest resized copy (160 px, server/features/media/imageVariants.ts): a table's 64 px thumbnail
 * sharp on a 2.5× screen, without fetching the whole upload for each row.
 */
export function thumbnailUrl(reference: string): string {
  return `${imageUrl(reference)}?w=160`;
}

export function videoUrl(reference: string): string {
  return `/api/File/video/${encodeURIComponent(bareFileName(reference))}`;
}
