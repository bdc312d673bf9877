// The form's input for a reference field: a searchable combobox (WAI-ARIA combobox pattern with
// a listbox popup) over the referenced entity's records. Typed text is matched on the server,
// Persian-aware (Arabic ي/ك, ZWNJ or space, any digits); the options already there are narrowed
// at once with the same folding while the server answers. The field's «none» choice (value 0)
// heads the list. Editing a record shows the current reference's label, not its id.
import { useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { entitySingular, type AnyField } from '../../../../schema/define';
import { useEntity } from '../entities';
import { useEntityView } from '../panelAccess';
import { AddInPlaceContext } from '../addInPlace';
import { foldForSearch, toPersianDigits } from '../../../../schema/rules/text';
import { fetchLabels, fetchOptions, type AdminOption } from '../relations';

export const pickerTexts = {
  searching: 'در حال جستجو...',
  nothingFound: 'موردی یافت نشد',
  failed: 'دریافت فهرست با مشکل مواجه شد',
  open: 'نمایش گزینه‌ها',
  count: (n: number) => `${toPersianDigits(n)} گزینه`,
  addNew: (singular: string) => `افزودن ${singular} تازه`,
} as const;

export interface ReferencePickerProps {
  id: string;
  field: AnyField;
  value: unknown;
  onChange: (value: number) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
  /** Wait this long after the last keystroke before asking the server (tests pass 0). */
  debounceMs?: number;
  /**
   * Picks records to add to a many-to-many field instead of holding one value: no «none»
   * choice, the records already chosen left out, and each choice handed to `onAdd`.
   */
  adding?: { exclude: readonly number[]; onAdd: (option: AdminOption) => void; placeholder: string };
}

export function ReferencePicker({ id, field, value, onChange, onBlur, invalid, describedBy, debounceMs = 200, adding }: ReferencePickerProps) {
  const target = field.reference?.entity ?? field.references?.entity;
  const none = adding?.placeholder ?? field.reference?.none ?? '—';
  const listId = useId();
  const statusId = useId();
  const current = !adding && typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The server's last answer: the text it was for, its options, or that it failed.
  const [answer, setAnswer] = useState<{ query: string; options: AdminOption[]; failed: boolean }>({ query: '\u0000', options: [], failed: false });
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<AdminOption | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A record that is not there yet is added from its own form and chosen (ReferenceDecl.addInPlace).
  const addInPlace = useContext(AddInPlaceContext);
  const targetEntity = useEntityView(useEntity(target ?? null));
  const addable = !adding && field.reference?.addInPlace && addInPlace && target && targetEntity?.ops.create ? target : null;

  // The current value's label, when it is not the option just chosen (editing a saved record).
  useEffect(() => {
    if (!target || current === 0 || chosen?.id === current) return;
    let live = true;
    fetchLabels(target, [current]).then(
      (labels) => {
        if (live) setChosen({ id: current, label: labels[String(current)] ?? String(current) });
      },
      () => {
        if (live) setChosen({ id: current, label: String(current) });
      },
    );
    return () => {
      live = false;
    };
  }, [target, current, chosen?.id]);

  // The server's matches for what is typed, asked once typing pauses; older answers are dropped.
  useEffect(() => {
    if (!open || !target) return;
    let live = true;
    const asked = query.trim();
    const timer = setTimeout(() => {
      fetchOptions(target, asked).then(
        (found) => {
          if (live) setAnswer({ query: asked, options: found, failed: false });
        },
        () => {
          if (live) setAnswer((old) => ({ ...old, query: asked, failed: true }));
        },
      );
    }, debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, query, target, debounceMs]);

  const options = answer.options;
  const status = answer.failed ? 'failed' : open && answer.query !== query.trim() ? 'loading' : 'idle';
  const items = useMemo(() => {
    const needle = foldForSearch(query);
    const offered = adding ? options.filter((option) => !adding.exclude.includes(option.id)) : options;
    const matching = needle === '' ? offered : offered.filter((option) => foldForSearch(option.label).includes(needle));
    const showNone = !adding && (needle === '' || foldForSearch(none).includes(needle));
    return [...(showNone ? [{ id: 0, label: none }] : []), ...matching];
  }, [options, query, none, adding]);

  // The highlighted option stays in range and in view.
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));
  useEffect(() => {
    if (!open) return;
    const element = listRef.current?.querySelector(`[data-index="${activeIndex}"]`);
    if (element instanceof HTMLElement && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const shownLabel = current === 0 ? '' : chosen?.id === current ? chosen.label : toPersianDigits(current);

  const openList = (startAt: number) => {
    if (!open) {
      setQuery('');
      setOpen(true);
    }
    setActive(startAt);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (option: AdminOption) => {
    if (adding) adding.onAdd(option);
    else {
      setChosen(option.id === 0 ? null : option);
      onChange(option.id);
    }
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(Math.max(0, items.findIndex((item) => item.id === current)));
        else setActive(Math.min(activeIndex + 1, items.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(Math.max(0, items.length - 1));
        else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(items.length - 1, 0));
        }
        break;
      case 'Enter': {
        if (!open) return;
        // Enter picks the highlighted option; it must not submit the form around the picker.
        event.preventDefault();
        const item = items[activeIndex];
        if (item) choose(item);
        break;
      }
      case 'Escape':
        // The surrounding dialog leaves an open picker's Escape alone (EntityModal): closing the
        // list is all it does, and the value stays as it was.
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        if (open) close();
        break;
      default:
        break;
    }
  };

  const message =
    status === 'failed' ? pickerTexts.failed : status === 'loading' && items.length <= 1 && query.trim() !== '' ? pickerTexts.searching : items.length === 0 ? pickerTexts.nothingFound : '';

  return (
    <div className="admin-picker">
      <div className="admin-picker-control">
        <input
          id={id}
          type="text"
          role="combobox"
          className="admin-input admin-picker-input"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && items[activeIndex] ? optionId(activeIndex) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, open ? statusId : undefined].filter(Boolean).join(' ') || undefined}
          placeholder={none}
          value={open ? query : toPersianDigits(shownLabel)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!open) openList(0);
          }}
          onBlur={() => {
            close();
            onBlur();
          }}
        />
        <button
          type="button"
          className="admin-picker-toggle"
          tabIndex={-1}
          aria-label={pickerTexts.open}
          aria-controls={listId}
          aria-expanded={open}
          // Keeps the focus in the input, so its blur does not close the list being opened.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (open ? close() : openList(0))}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <div className="admin-picker-popup" hidden={!open}>
        <ul ref={listRef} id={listId} role="listbox" aria-label={field.label} className="admin-picker-list">
          {open &&
            items.map((item, index) => (
              <li
                key={item.id}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={index === activeIndex}
                className={`admin-picker-option${index === activeIndex ? ' admin-picker-active' : ''}${item.id === current ? ' admin-picker-current' : ''}${item.id === 0 ? ' admin-picker-none' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== activeIndex) setActive(index);
                }}
                onClick={() => choose(item)}
              >
                {toPersianDigits(item.label)}
              </li>
            ))}
        </ul>
        {open && message && (
          <p className="admin-picker-message" aria-hidden="true">
            {message}
          </p>
        )}
      </div>
      {addable && addInPlace && targetEntity && (
        <button
          type="button"
          className="admin-link-button admin-picker-add"
          onClick={() =>
            addInPlace(addable, (made) => {
              setChosen(null);
              onChange(made);
            })
          }
        >
          {pickerTexts.addNew(entitySingular(targetEntity))}
        </button>
      )}
      {/* Read out, not shown: how many options, or why there are none. */}
      <p id={statusId} className="admin-visually-hidden" role="status" aria-live="polite">
        {open ? message || pickerTexts.count(items.length) : ''}
      </p>
    </div>
  );
}
