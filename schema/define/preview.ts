// A save that changes other records shows what it will change first and asks (a holiday lists the
// class sessions it cancels). The form posts its values to `POST /api/<api>/<call>`, answered with
// one line per change by the feature's `previewSave` behaviour (server/engine/savePreview.ts);
// with lines, a confirmation lists them under `title`, and only «confirmLabel» sends the save.
import type { AnyEntity } from './entity';
import type { OperationKey } from './fields';

export interface SavePreviewDecl {
  call: string;
  title: string;
  confirmLabel: string;
}

/** The preview call of an entity that declares one. */
export function savePreviewOp(entity: AnyEntity): OperationKey | null {
  const preview = entity.decl.savePreview;
  return preview ? `POST /api/${entity.decl.api ?? entity.decl.name}/${preview.call}` : null;
}
