// The UI's implementation of the machines' `notify` action: a react-toastify toast.
import { toast } from 'react-toastify';
import type { Notice } from '../../machines/notice';

export function showNotice(_: unknown, notice: Notice): void {
  if (notice.kind === 'error') toast.error(notice.text);
  else toast.success(notice.text);
}
