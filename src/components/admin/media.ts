// Where the admin shows stored files from (spec §7: GET /api/File/image|video/{fileName}).
import { bareFileName } from '../../lib/text';

export function imageUrl(reference: string): string {
  return `/api/File/image/${encodeURIComponent(bareFileName(reference))}`;
}

export function videoUrl(reference: string): string {
  return `/api/File/video/${encodeURIComponent(bareFileName(reference))}`;
}
