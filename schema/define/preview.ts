// A save that changes other records shows what it will change first and asks (a holiday lists the
// class sessions it cancels). The form posts its values to `POST /api/<api>/<call>`, answered with
// one line per change by the feature's `previewSave` behaviour (server/engine/savePreview.ts);
// with lines, a confirmation lists them under `title`, and only «confirmLabel» sends the save.
import type { OperationKey } from './fields';

export interface SavePreviewDecl {
  call: string;
  title: string;
  confirmLabel: string;
}

/**
 * The preview call of an entity that declares one. It takes only the part of the entity it reads,
 * so this file needs nothing of entity.ts, which imports the declaration from here.
 */
export function savePreviewOp(entity: { decl: { name: string; api?: string; savePreview?: SavePreviewDecl } }): OperationKey | null {
  const preview = entity.decl.savePreview;
  return preview ? `POST /api/${entity.decl.api ?? entity.decl.name}/${preview.call}` : null;
}
