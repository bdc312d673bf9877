// The generic form (with its inputs: date picker, reference picker) is its own chunk, so the
// list screens stay within the admin's JavaScript budget; it is fetched ahead of its dialog
// (when the browser is idle after a list shows, or when the admin points at or focuses a button
// that opens it), so the dialog opens with its form rather than a loading text.
import { preloadablePart } from './LazyPart';

const part = preloadablePart(() => import('./EntityForm').then((module) => module.EntityForm));

export const EntityForm = part.Part;
export const preloadEntityForm = part.preload;

/** Spread on a button that opens a form: pointing at it (a touch too) or focusing it fetches the form. */
export const opensForm = { onPointerEnter: preloadEntityForm, onFocus: preloadEntityForm };
