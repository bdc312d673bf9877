// The UI's implementation of the machines' `notify` action: a react-toastify toast. The
// server's reason, when the notice has one, goes on a second line under the spec's text.
import { createElement } from 'react';
import { toast } from 'react-toastify';
import type { Notice } from '../../machines/notice';

export function showNotice(_: unknown, notice: Notice): void {
  const content = notice.detail
    ? createElement(
        'div',
        { className: 'admin-toast' },
        createElement('p', { className: 'admin-toast-text' }, notice.text),
        createElement('p', { className: 'admin-toast-detail' }, notice.detail),
      )
    : notice.text;
  if (notice.kind === 'error') toast.error(content);
  else toast.success(content);
}
