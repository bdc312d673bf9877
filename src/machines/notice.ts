import type { AnyEntity, AnyRow } from '../../schema/define';

/** What the machines ask the UI to show; the admin layout renders it as a react-toastify toast. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
  /** The server's reason, shown under the text (the spec's texts stay as they are). */
  detail?: string;
  /** The record it is about: the toast names it by its label, as its dialog did (notify.ts). */
  subject?: { entity: AnyEntity; row: AnyRow };
}
