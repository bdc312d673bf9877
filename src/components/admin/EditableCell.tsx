// An editable cell (a column declared `edit: true`, schema/define.ts): a select that saves its one
// field at once through the entity's update call, with the row's version, so an admin marks a
// roll child by child without opening a form. The other fields are sent as the row holds them. A
// save over someone else's opens the form's conflict dialog; any other failure is the form's
// toast. Used by the entity's list (EntityTable) and by related tables (EntityDetail).
import { useId, useState } from 'react';
import { editRecord, type AnyEntity, type AnyRow, type BadgeTone } from '../../../schema/define';
import { conflictOf, failureNotice, saveRecord, type VersionConflict } from '../../machines/entityApi';
import { toPersianDigits } from '../../../schema/rules/text';
import { showNotice } from './notify';
import { ConflictDialog } from './SafetyDialogs';

export const editableCellTexts = {
  saving: 'در حال ذخیره…',
  saved: 'ذخیره شد',
} as const;

export interface EditableCellProps {
  entity: AnyEntity;
  row: AnyRow;
  /** The select field the column shows. */
  name: string;
  /** Who or what the row is, for the select's accessible name («حضور: سارا»). */
  rowLabel: string;
  /** The row as the server saved it (or as it is now, after a conflict is reloaded). */
  onSaved: (row: AnyRow) => void;
  /** The column's tones (a badge column): the select takes the colour of its value. */
  tones?: Readonly<Record<string, BadgeTone>>;
}

export function EditableCell({ entity, row, name, rowLabel, onSaved, tones }: EditableCellProps) {
  const field = entity.fields[name];
  const statusId = useId();
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [stale, setStale] = useState<{ conflict: VersionConflict; mine: Record<string, unknown> } | null>(null);
  if (!field?.options) return null;
  const options = field.options;

  const save = async (base: AnyRow, value: unknown) => {
    const values = { ...editRecord(entity, base), [name]: value };
    setState('saving');
    try {
      const saved = await saveRecord({ entity, mode: 'update', values, row: base });
      if (saved) onSaved(saved);
      setState('saved');
    } catch (error) {
      setState('idle');
      const conflict = conflictOf(error);
      if (conflict) setStale({ conflict, mine: values });
      else showNotice(null, failureNotice(entity, entity.texts.failed.save, error));
    }
  };

  const current = options.findIndex(([value]) => value === row[name]);
  return (
    <span className="admin-editable-cell">
      <select
        className={`admin-editable-select admin-badge-${tones?.[String(row[name])] ?? 'neutral'}`}
        aria-label={`${field.label}: ${rowLabel}`}
        aria-describedby={statusId}
        value={current < 0 ? '' : String(current)}
        disabled={state === 'saving'}
        onChange={(event) => {
          const chosen = options[Number(event.target.value)];
          if (chosen) void save(row, chosen[0]);
        }}
      >
        {current < 0 && <option value="">—</option>}
        {options.map(([value, label], index) => (
          <option key={String(value)} value={String(index)}>
            {toPersianDigits(label)}
          </option>
        ))}
      </select>
      <span id={statusId} className="admin-editable-status" role="status">
        {state === 'saving' ? editableCellTexts.saving : state === 'saved' ? editableCellTexts.saved : ''}
      </span>
      {stale && (
        <ConflictDialog
          entity={entity}
          conflict={stale.conflict}
          loaded={row}
          mine={stale.mine}
          onReload={() => {
            onSaved(stale.conflict.current);
            setStale(null);
          }}
          onOverwrite={() => {
            const { conflict, mine } = stale;
            setStale(null);
            void save(conflict.current, mine[name]);
          }}
        />
      )}
    </span>
  );
}
