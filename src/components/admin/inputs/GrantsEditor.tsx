// The input of a staff role's grants (input kind 'grants'): a row per entity a role may be granted
// (schema/entityGrants.gen.ts, made from the schema files, so a new entity is here without a line
// written for it) with the four verbs, and, once any is granted, its record actions, «فقط موارد
// خودِ مدرس» when it declares a teacher's scope, and each sensitive field as visible, read-only or
// hidden. Checkboxes and selects only, so Tab and Space reach everything; a phone stacks each row.
// Loaded with the form that shows it: no other screen carries the entities' facts.
import './GrantsEditor.css';
import { useId } from 'react';
import { entityGrantFacts, type EntityGrantFacts } from '../../../../schema/entityGrants.gen';
import { readGrants, verbLabels, verbs, type EntityGrant, type Grants, type Verb } from '../../../../schema/rules/permissions';

/** What the form gives its input (inputs.tsx's InputProps, the field as its label). */
export interface GrantsEditorProps {
  id: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}

export const grantTexts = {
  actions: 'عملیات',
  fields: 'فیلدهای حساس',
  own: 'فقط موارد خودِ مدرس',
  visible: 'قابل مشاهده',
  readOnly: 'فقط‌خواندنی',
  hidden: 'پنهان',
} as const;

type FieldState = 'visible' | 'readOnly' | 'hidden';
const fieldStates: readonly FieldState[] = ['visible', 'readOnly', 'hidden'];
const isFieldState = (value: string): value is FieldState => (fieldStates as readonly string[]).includes(value);

const emptyGrant: EntityGrant = { verbs: [], actions: [], hidden: [], readOnly: [], own: false };

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/**
 * The grants with one entity's grant replaced. An entity left with no verb is left out of the text
 * altogether: its actions and fields, no longer drawn, are not kept unseen.
 */
function withGrant(grants: Grants, key: string, grant: EntityGrant): Grants {
  const entities = { ...grants.entities };
  if (grant.verbs.length === 0) delete entities[key];
  else entities[key] = { ...grant, verbs: verbs.filter((verb) => grant.verbs.includes(verb)) };
  return { entities };
}

function fieldState(grant: EntityGrant, field: string): FieldState {
  if (grant.hidden.includes(field)) return 'hidden';
  return grant.readOnly.includes(field) ? 'readOnly' : 'visible';
}

function withFieldState(grant: EntityGrant, field: string, state: FieldState): EntityGrant {
  return { ...grant, hidden: toggled(grant.hidden, field, state === 'hidden'), readOnly: toggled(grant.readOnly, field, state === 'readOnly') };
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="admin-grant-check">
      <input type="checkbox" className="admin-checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function EntityRow({ facts, grant, onChange }: { facts: EntityGrantFacts; grant: EntityGrant; onChange: (grant: EntityGrant) => void }) {
  const id = useId();
  const granted = grant.verbs.length > 0;
  return (
    <fieldset className="admin-grant-row">
      <legend className="admin-grant-entity">{facts.title}</legend>
      <div className="admin-grant-verbs">
        {verbs.map((verb: Verb) => (
          <Check key={verb} label={verbLabels[verb]} checked={grant.verbs.includes(verb)} onChange={(on) => onChange({ ...grant, verbs: toggled(grant.verbs, verb, on) })} />
        ))}
      </div>
      {granted && (facts.actions.length > 0 || facts.scope || facts.sensitive.length > 0) && (
        <div className="admin-grant-more">
          {facts.scope && <Check label={grantTexts.own} checked={grant.own} onChange={(own) => onChange({ ...grant, own })} />}
          {facts.actions.length > 0 && (
            <div role="group" aria-label={`${grantTexts.actions} ${facts.title}`}>
              <p className="admin-grant-group-title" aria-hidden="true">
                {grantTexts.actions}:
              </p>
              <div className="admin-grant-group">
                {facts.actions.map(([key, label]) => (
                  <Check key={key} label={label} checked={grant.actions.includes(key)} onChange={(on) => onChange({ ...grant, actions: toggled(grant.actions, key, on) })} />
                ))}
              </div>
            </div>
          )}
          {facts.sensitive.length > 0 && (
            <div role="group" aria-label={`${grantTexts.fields} ${facts.title}`}>
              <p className="admin-grant-group-title" aria-hidden="true">
                {grantTexts.fields}:
              </p>
              <div className="admin-grant-fields">
                {facts.sensitive.map(([name, label]) => (
                  <span key={name} className="admin-grant-field">
                    <label htmlFor={`${id}-${name}`}>{label}</label>
                    <select
                      id={`${id}-${name}`}
                      className="admin-input admin-select admin-grant-select"
                      value={fieldState(grant, name)}
                      onChange={(event) => {
                        if (isFieldState(event.target.value)) onChange(withFieldState(grant, name, event.target.value));
                      }}
                    >
                      {fieldStates.map((state) => (
                        <option key={state} value={state}>
                          {grantTexts[state]}
                        </option>
                      ))}
                    </select>
                  </span>
                ))}
              </div>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

export function GrantsEditor(props: GrantsEditorProps) {
  const grants = readGrants(typeof props.value === 'string' ? props.value : null);
  return (
    <div id={props.id} className="admin-grants" role="group" aria-label={props.label} aria-describedby={props.describedBy} aria-invalid={props.invalid || undefined} onBlur={props.onBlur}>
      {entityGrantFacts.map((facts) => (
        <EntityRow
          key={facts.key}
          facts={facts}
          grant={grants.entities[facts.key] ?? emptyGrant}
          onChange={(grant) => props.onChange(JSON.stringify(withGrant(grants, facts.key, grant)))}
        />
      ))}
    </div>
  );
}
