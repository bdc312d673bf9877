// The widths of an image's resized copies, shared by the server that makes them
// (server/features/media/imageVariants.ts) and the pages that ask for them (src/components/site/media.ts).

/**
 * In device pixels: the admin's 64 px thumbnail (160), portraits of 72–140 px (160, 320), cards
 * of 264–410 CSS px at 1–3× (320–1280), the course and article covers up to ~830 CSS px on a
 * desktop (1024) and ~360–412 px on phones at 1.75–3× (640–1280). 800 is there because the
 * common 412 px × 1.75 phone needs ~720.
 */
export const imageWidths = [160, 320, 480, 640, 800, 1024, 1280] as const;
export type ImageWidth = (typeof imageWidths)[number];

export const isImageWidth = (value: number): value is ImageWidth => imageWidths.some((w) => w === value);
