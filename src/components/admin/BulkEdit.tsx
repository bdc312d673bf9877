// The dialogs of a bulk edit (bulkMachine): which declared field (schema `bulkEdit`) and its
// value, drawn and checked by the entity form's own input and validator, then one confirmation
// naming the count and the value («دسته‌بندی ۱۲ دوره به «رباتیک» تغییر کند؟»).
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { blankValue, type AnyEntity } from '../../../schema/define';
import { formatPersianNumber } from '../../../schema/rules/text';
import { bulkChangeWords, type BulkActorRef } from '../../machines/bulkMachine';
import { bulkTexts } from '../../machines/bulkTexts';
import { ConfirmDialog } from './ConfirmDialog';
import { EntityModal } from './EntityModal';
import { formatFieldValue } from './fieldValue';
import { EntityForm } from './formPart';
import { LazyPart } from './LazyPart';
import { fetchLabels, referenceTarget } from './relations';

export function BulkEditDialogs({ entity, bulk }: { entity: AnyEntity; bulk: BulkActorRef }) {
  const choosing = useSelector(bulk, (s) => s.matches('choosing'));
  const editing = useSelector(bulk, (s) => s.matches('editing'));
  const confirming = useSelector(bulk, (s) => s.matches('confirmingEdit')) || editing;
  const count = useSelector(bulk, (s) => s.context.count);
  const change = useSelector(bulk, (s) => s.context.change);
  const [name, setName] = useState(entity.bulkEdit[0] ?? '');
  const pickerId = useId();
  const field = entity.fields[name];
  const cancel = () => bulk.send({ type: 'cancel' });

  // The confirmation names a chosen record by its label, as the picker showed it.
  const choose = async (values: Record<string, unknown>) => {
    const value = values[name];
    const target = referenceTarget(field);
    const labels = target && typeof value === 'number' && value > 0 ? await fetchLabels(target, [value]).catch(() => undefined) : undefined;
    bulk.send({ type: 'change', change: { field: name, value, text: formatFieldValue(field, value, labels) } });
  };

  return (
    <>
      <EntityModal open={choosing} title={bulkTexts.bulkEditTitle(formatPersianNumber(count), entity.texts.nav)} closable onClose={cancel}>
        {entity.bulkEdit.length > 1 && (
          // Laid out as one of the form's fields, so the field below lines up with it.
          <div className="admin-form-grid">
            <div className="admin-field">
              <label htmlFor={pickerId} className="admin-label">
                {bulkTexts.bulkEditField}
              </label>
              <select id={pickerId} className="admin-input admin-select" value={name} onChange={(event) => setName(event.target.value)}>
                {entity.bulkEdit.map((option) => (
                  <option key={option} value={option}>
                    {entity.fields[option]?.label ?? option}
                  </option>
                ))}
              </select>
              <div className="admin-error-line" />
            </div>
          </div>
        )}
        {choosing && field && (
          <LazyPart>
            <EntityForm
              key={name}
              entity={{ fields: { [name]: field } }}
              initialValues={{ [name]: blankValue(field) }}
              saving={false}
              submitLabel={bulkTexts.next}
              onSubmit={(values) => void choose(values)}
              onCancel={cancel}
            />
          </LazyPart>
        )}
      </EntityModal>
      <ConfirmDialog
        open={confirming}
        title={bulkTexts.bulkEdit}
        question={change ? bulkTexts.confirmBulkEdit(...bulkChangeWords(entity, change, count)) : ''}
        tone="neutral"
        confirmLabel={bulkTexts.confirmEditLabel}
        busy={editing}
        onConfirm={() => bulk.send({ type: 'confirm' })}
        onCancel={cancel}
      />
    </>
  );
}
