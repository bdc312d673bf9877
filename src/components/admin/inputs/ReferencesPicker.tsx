// The form's input for a many-to-many field (a course's assistant teachers): the records chosen,
// each a chip with its own remove button, and the reference combobox beneath to add another
// (searched on the server as a single reference is, the chosen ones left out).
import { useEffect, useState } from 'react';
import type { AnyField } from '../../../../schema/define';
import { toPersianDigits } from '../../../../schema/rules/text';
import { fetchLabels } from '../relations';
import { ReferencePicker } from './ReferencePicker';
import './ReferencesPicker.css';

export const referencesTexts = {
  add: 'افزودن…',
  remove: (label: string) => `حذف ${label}`,
  chosen: (label: string) => `${label}: انتخاب‌شده‌ها`,
} as const;

export interface ReferencesPickerProps {
  id: string;
  field: AnyField;
  value: unknown;
  onChange: (value: number[]) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0) : []);

export function ReferencesPicker({ id, field, value, onChange, onBlur, invalid, describedBy }: ReferencesPickerProps) {
  const ids = idsOf(value);
  const target = field.references?.entity;
  const [labels, setLabels] = useState<Record<string, string>>({});
  const missing = ids.filter((one) => labels[String(one)] === undefined).join(',');

  // The labels of records chosen before (editing a saved record); a new choice brings its own.
  useEffect(() => {
    if (!target || missing === '') return;
    let live = true;
    fetchLabels(target, missing.split(',').map(Number)).then(
      (found) => {
        if (live) setLabels((old) => ({ ...found, ...old }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [target, missing]);

  const labelOf = (one: number) => toPersianDigits(labels[String(one)] ?? String(one));
  return (
    <div className="admin-references">
      {ids.length > 0 && (
        <ul className="admin-references-chips" aria-label={referencesTexts.chosen(field.label)}>
          {ids.map((one) => (
            <li key={one} className="admin-references-chip">
              <span>{labelOf(one)}</span>
              <button
                type="button"
                className="admin-references-remove"
                aria-label={referencesTexts.remove(labelOf(one))}
                onClick={() => {
                  onChange(ids.filter((other) => other !== one));
                  onBlur();
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ReferencePicker
        id={id}
        field={field}
        value={0}
        onChange={() => undefined}
        onBlur={onBlur}
        invalid={invalid}
        describedBy={describedBy}
        adding={{
          exclude: ids,
          placeholder: ids.length === 0 ? (field.references?.none ?? referencesTexts.add) : referencesTexts.add,
          onAdd: (option) => {
            setLabels((old) => ({ ...old, [String(option.id)]: option.label }));
            onChange([...ids, option.id]);
          },
        }}
      />
    </div>
  );
}
