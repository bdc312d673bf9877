// The UI's implementation of the machines' `notify` action: a react-toastify toast. The
// server's reason, when the notice has one, goes on a second line under the spec's text; the
// record it is about is named by its label, as its dialog named it.
import { createElement } from 'react';
import { toast } from 'react-toastify';
import type { Notice } from '../../machines/notice';
import { recordName } from './fieldValue';
import { fetchLabels, namedThroughReferences } from './relations';

function draw(notice: Notice, name: string | null): void {
  const text = name ? `${notice.text}: «${name}»` : notice.text;
  const content = notice.detail
    ? createElement(
        'div',
        { className: 'admin-toast' },
        createElement('p', { className: 'admin-toast-text' }, text),
        createElement('p', { className: 'admin-toast-detail' }, notice.detail),
      )
    : text;
  if (notice.kind === 'error') toast.error(content);
  else toast.success(content);
}

export function showNotice(_: unknown, notice: Notice): void {
  const subject = notice.subject;
  if (!subject) return draw(notice, null);
  const { entity, row } = subject;
  if (!namedThroughReferences(entity)) return draw(notice, recordName(entity, row));
  // The dialog just asked for this name: the client's GET cache usually answers at once. A name
  // that cannot be read leaves the record's number, never the toast unsaid.
  fetchLabels(entity.key, [row.id]).then(
    (labels) => draw(notice, recordName(entity, row, labels)),
    () => draw(notice, recordName(entity, row)),
  );
}
