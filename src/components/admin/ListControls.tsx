// The controls of a server-driven admin list: search box, a filter per select/checkbox/reference
// field, saved named views, the CSV export of the view, and the pager. Everything they change is
// the URL's view (src/lib/listSearch.ts); the list machine follows the URL.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { labelFieldsOf, recordLabel, type AnyEntity, type AnyField, type AnyRow } from '../../../schema/define';
import { loadEntity } from './entities';
import { api, serverMessage } from '../../api/client';
import { readToken } from '../../lib/auth';
import { fromQueryString, toQueryString, urlValue, type FilterKey, type ListSearch, type UrlValue } from '../../lib/listSearch';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import { fetchRows } from '../../machines/entityApi';
import { adminTexts } from './texts';
import { DateRangeFilter } from './DateRangeFilter';
import { ToolbarLayout } from './FilterDrawer';
import { listTexts } from './listTexts';

// ---- filters ------------------------------------------------------------------------------

interface FilterChoice {
  value: UrlValue;
  label: string;
}
interface FilterDef {
  name: string;
  label: string;
  choices: FilterChoice[];
}

const filterable = (field: AnyField) => field.input === 'select' || field.input === 'checkbox' || field.input === 'reference' || field.input === 'references';

/** A field's choices: its options (limited to those its column labels, when it has such a column). */
function staticChoices(entity: AnyEntity, name: string, field: AnyField): FilterChoice[] {
  if (field.input === 'checkbox') {
    return [
      { value: true, label: adminTexts.yes },
      { value: false, label: adminTexts.no },
    ];
  }
  const column = entity.columns.find((c) => 'key' in c && c.key === name);
  const labels = column?.options;
  return (field.options ?? [])
    .filter(([value]) => !labels || String(value) in labels)
    .map(([value, label]) => ({ value: urlValue(String(value)), label: labels?.[String(value)] ?? label }));
}

/**
 * A referenced record as a filter names it: by its whole label (a learner's first and last name)
 * when the reference names it by one of the label's fields, else by the field the reference shows.
 */
function choiceLabel(target: AnyEntity, shown: string, row: AnyRow): string {
  const label = labelFieldsOf(target).includes(shown) ? recordLabel(target, row) : String(row[shown] ?? row.id);
  return toPersianDigits(label);
}

/** The filters of an entity; a reference's choices are the referenced entity's rows, by id. */
function useFilters(entity: AnyEntity): FilterDef[] {
  const [references, setReferences] = useState<Record<string, FilterChoice[]>>({});
  useEffect(() => {
    let live = true;
    for (const [name, field] of Object.entries(entity.allFields)) {
      // A reference may be «none» (0); a many-to-many filter finds the rows linked to a record.
      const reference = field.input === 'reference' ? field.reference : field.input === 'references' ? field.references : undefined;
      if (!reference) continue;
      const none = field.input === 'reference' ? [{ value: 0, label: reference.none }] : [];
      const label = reference.label;
      loadEntity(reference.entity)
        .then(async (target) => ({ target, rows: await fetchRows(target) }))
        .then(({ target, rows }) => {
          if (!live) return;
          const choices = [...none, ...rows.map((row) => ({ value: row.id, label: choiceLabel(target, label, row) }))];
          setReferences((before) => ({ ...before, [name]: choices }));
        })
        .catch(() => {
          // Without the referenced list the filter offers only «none»; the table still works.
          if (live) setReferences((before) => ({ ...before, [name]: none }));
        });
    }
    return () => {
      live = false;
    };
  }, [entity]);
  return useMemo(
    () =>
      // Read-only fields too: an order's status is the server's to set, and the admin's to filter by.
      Object.entries(entity.allFields)
        .filter(([, field]) => filterable(field))
        .map(([name, field]) => ({
          name,
          label: field.label,
          choices: field.input === 'reference' || field.input === 'references' ? (references[name] ?? []) : staticChoices(entity, name, field),
        })),
    [entity, references],
  );
}

// ---- saved views --------------------------------------------------------------------------

interface SavedView {
  id: number;
  name: string;
  query: string;
}

async function fetchViews(entityKey: string): Promise<SavedView[]> {
  const { data, error } = await api.GET('/api/Admin/views', { params: { query: { entity: entityKey } } });
  if (error || !data) throw new Error(serverMessage(error) ?? listTexts.viewsFailed);
  return data;
}

function useSavedViews(entityKey: string) {
  const [views, setViews] = useState<SavedView[]>([]);
  useEffect(() => {
    let live = true;
    fetchViews(entityKey)
      .then((found) => {
        if (live) setViews(found);
      })
      .catch(() => toast.error(listTexts.viewsFailed));
    return () => {
      live = false;
    };
  }, [entityKey]);
  const save = async (name: string, query: string): Promise<SavedView> => {
    const { data, error } = await api.POST('/api/Admin/views', { body: { entity: entityKey, name, query } });
    if (error || !data) throw new Error(serverMessage(error) ?? listTexts.saveViewFailed);
    setViews(await fetchViews(entityKey));
    return data;
  };
  const remove = async (view: SavedView): Promise<void> => {
    const { error, response } = await api.DELETE('/api/Admin/views/{id}', { params: { path: { id: view.id } } });
    if (error || !response.ok) throw new Error(serverMessage(error) ?? listTexts.removeViewFailed);
    setViews(await fetchViews(entityKey));
  };
  return { views, save, remove };
}

// ---- export -------------------------------------------------------------------------------

/** Downloads the CSV of the view; the bearer token goes in a header, so this is a fetch. */
async function downloadCsv(entity: AnyEntity, view: ListSearch): Promise<void> {
  const query = toQueryString(view);
  const token = readToken();
  const response = await fetch(`/api/Admin/${entity.key}/export${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(serverMessage(body) ?? listTexts.exportFailed);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${entity.key}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- the toolbar --------------------------------------------------------------------------

export interface ListToolbarProps {
  entity: AnyEntity;
  view: ListSearch;
  onView: (next: ListSearch, options?: { replace?: boolean }) => void;
  total: number | null;
}

const searchDelay = 300;

export function ListToolbar({ entity, view, onView, total }: ListToolbarProps) {
  const id = useId();
  const filters = useFilters(entity);
  const { views, save, remove } = useSavedViews(entity.key);
  const [text, setText] = useState(view.q ?? '');
  const typed = useRef<string | null>(null);
  // Searches asked for that the address has not shown yet: on a busy device the address lags
  // behind the typing, and its late values must not put an older text back under the fingers.
  const asked = useRef<Array<string | undefined>>([]);
  const [naming, setNaming] = useState(false);
  const [viewName, setViewName] = useState('');
  const [exporting, setExporting] = useState(false);

  // A view applied from elsewhere (a saved view, Back) replaces what the box shows.
  useEffect(() => {
    const ours = asked.current.indexOf(view.q);
    asked.current = ours >= 0 ? asked.current.slice(ours + 1) : [];
    if (ours < 0 && typed.current === null) setText(view.q ?? '');
  }, [view.q]);
  useEffect(() => {
    if (typed.current === null) return;
    const timer = setTimeout(() => {
      if (typed.current === null) return;
      // Kept as typed (a trailing space included): the URL's q comes back into this box.
      const q = typed.current?.trim() ? typed.current : undefined;
      typed.current = null;
      asked.current.push(q);
      onView({ ...view, q, page: undefined }, { replace: true });
    }, searchDelay);
    return () => clearTimeout(timer);
  }, [text, view, onView]);

  const current = toQueryString(view);
  const selected = views.find((saved) => saved.query === current);
  const ranges = useMemo(() => Object.entries(entity.allFields).filter(([, field]) => field.input === 'jalaliDate' && field.rangeFilter), [entity]);
  const active = [...filters.map((filter) => filter.name), ...ranges.map(([name]) => name)].filter((name) => view[`f.${name}`] !== undefined).length;
  const hasFilters = active > 0 || view.q !== undefined;

  const setFilter = (name: string, index: string) => {
    const key: FilterKey = `f.${name}`;
    const choice = filters.find((filter) => filter.name === name)?.choices[Number(index)];
    onView({ ...view, [key]: index === '' || !choice ? undefined : choice.value, page: undefined });
  };
  const applyView = (viewId: string) => {
    const chosen = views.find((saved) => String(saved.id) === viewId);
    if (!chosen) return;
    const next = fromQueryString(chosen.query);
    typed.current = null;
    setText(next.q ?? '');
    onView(next);
  };
  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const name = viewName.trim();
    if (!name) return;
    save(name, current)
      .then((saved) => {
        toast.success(listTexts.viewSaved(saved.name));
        setNaming(false);
        setViewName('');
      })
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : listTexts.saveViewFailed));
  };
  const removeSelected = () => {
    if (!selected) return;
    remove(selected)
      .then(() => toast.success(listTexts.viewRemoved(selected.name)))
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : listTexts.removeViewFailed));
  };
  const exportView = () => {
    setExporting(true);
    downloadCsv(entity, view)
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : listTexts.exportFailed))
      .finally(() => setExporting(false));
  };

  return (
    <ToolbarLayout
      active={active}
      search={
        ((entity.searchIn ?? []).length > 0 || (entity.searchThrough ?? []).length > 0) && (
          <>
            <label htmlFor={`${id}-q`} className="admin-visually-hidden">
              {adminTexts.search}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              className="admin-input admin-search"
              placeholder={adminTexts.searchPlaceholder}
              value={text}
              onChange={(event) => {
                typed.current = event.target.value;
                setText(event.target.value);
              }}
            />
          </>
        )
      }
      filters={
        <>
          {filters.map((filter) => {
            const value = view[`f.${filter.name}`];
            const index = value === undefined || Array.isArray(value) ? -1 : filter.choices.findIndex((c) => String(c.value) === String(value));
            return (
              <label key={filter.name} className="admin-list-filter">
                <span className="admin-list-filter-label">{filter.label}</span>
                <select className="admin-input admin-list-select" value={index < 0 ? '' : String(index)} onChange={(event) => setFilter(filter.name, event.target.value)}>
                  <option value="">{listTexts.all}</option>
                  {filter.choices.map((choice, i) => (
                    <option key={String(choice.value)} value={String(i)}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
          {ranges.map(([name, field]) => {
            const key: FilterKey = `f.${name}`;
            const value = view[key];
            return (
              <DateRangeFilter
                key={name}
                label={field.label}
                value={typeof value === 'string' ? value : ''}
                onChange={(next) => onView({ ...view, [key]: next === '' ? undefined : next, page: undefined })}
              />
            );
          })}
          {hasFilters && (
            <button
              type="button"
              className="admin-button admin-button-secondary admin-button-small"
              onClick={() => {
                typed.current = null;
                setText('');
                onView({ sort: view.sort });
              }}
            >
              {listTexts.clearFilters}
            </button>
          )}
        </>
      }
      count={
        <span className="admin-cell-muted admin-list-count" aria-live="polite">
          {total === null ? '' : adminTexts.rowCount(formatPersianNumber(total))}
        </span>
      }
      views={
        <>
          <label className="admin-list-filter">
            <span className="admin-list-filter-label">{listTexts.savedViews}</span>
            <select className="admin-input admin-list-select" value={selected ? String(selected.id) : ''} onChange={(event) => applyView(event.target.value)}>
              <option value="">{listTexts.chooseView}</option>
              {views.map((saved) => (
                <option key={saved.id} value={String(saved.id)}>
                  {saved.name}
                </option>
              ))}
            </select>
          </label>
          {selected && (
            <button type="button" className="admin-button admin-button-danger admin-button-small" onClick={removeSelected}>
              {listTexts.removeView}
            </button>
          )}
          {naming ? (
            <form className="admin-list-name" onSubmit={submitName}>
              <label htmlFor={`${id}-name`} className="admin-visually-hidden">
                {listTexts.viewName}
              </label>
              <input
                id={`${id}-name`}
                className="admin-input"
                placeholder={listTexts.viewName}
                maxLength={100}
                value={viewName}
                // The field appears because the admin asked to name the view.
                autoFocus
                onChange={(event) => setViewName(event.target.value)}
              />
              <button type="submit" className="admin-button admin-button-primary admin-button-small">
                {adminTexts.save}
              </button>
              <button type="button" className="admin-button admin-button-secondary admin-button-small" onClick={() => setNaming(false)}>
                {adminTexts.cancel}
              </button>
            </form>
          ) : (
            <button type="button" className="admin-button admin-button-secondary admin-button-small" onClick={() => setNaming(true)}>
              {listTexts.saveView}
            </button>
          )}
          <button type="button" className="admin-button admin-button-secondary admin-button-small admin-list-export" disabled={exporting} onClick={exportView}>
            {exporting ? listTexts.exporting : listTexts.export}
          </button>
        </>
      }
    />
  );
}

// ---- date range ---------------------------------------------------------------------------

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={listTexts.pager}>
      <button type="button" className="admin-button admin-button-secondary admin-button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {listTexts.previous}
      </button>
      <span aria-current="page">{listTexts.pageOf(page, pages)}</span>
      <button type="button" className="admin-button admin-button-secondary admin-button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {listTexts.next}
      </button>
    </nav>
  );
}
