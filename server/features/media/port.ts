// Media's public face: the store, the library's sync, backups and image names.
// The only module of this feature that code outside it may import (lint refuses any other).
export { isVariantName } from './imageVariants';
export { copyMedia } from './mediaBackup';
export { syncMediaLibrary } from './mediaLibrary';
export { LocalMediaStore } from './mediaStore';
export type { MediaStore } from './mediaStore';
export type { Rgb } from './png';
export { configuredMediaStore } from './s3Media';
