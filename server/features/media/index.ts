// Media: uploaded images and videos, their ready-made copies, the library and its store.
import type { Feature, FeatureContext } from '../feature';
import { registerFiles } from './files';
import { plugInMediaLibrary } from './mediaLibrary';
import type { MediaStore } from './mediaStore';

export const media: Feature<FeatureContext & { media: MediaStore }> = {
  name: 'media',
  behaviours: [{ name: 'mediaLibrary', plugIn: plugInMediaLibrary }],
  routes({ register, db, media: store }) {
    registerFiles(register, store, db);
  },
};
