import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import { api, serverMessage } from '../../api/client';
import { ChildForm, type ChildFields } from '../../components/dashboard/ChildForm';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { dashboardTexts } from '../../components/dashboard/texts';
import { StatusMessage } from '../../components/site/StatusMessage';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { RoutePending } from '../../components/site/RoutePending';
import { WaitlistSection } from '../../components/dashboard/WaitlistSection';
import { ConfirmDialog } from '../../components/site/ConfirmDialog';
import { validateChildrenSearch, withChosenChild } from '../../../schema/rules/forms/redirect';

type Child = components['schemas']['Child'];

export const Route = createFileRoute('/dashboard/')({
  // `?add=child&returnTo=`: «افزودن فرزند» on a course page opens the form and goes back there.
  validateSearch: validateChildrenSearch,
  loader: async ({ context: { api: client } }) => {
    const { data } = await client.GET('/api/Children');
    if (!data) throw new Error('children unavailable');
    return data;
  },
  component: ChildrenPage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

const texts = dashboardTexts.children;

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; child: Child };
type Notice = { kind: 'success' | 'error'; text: string } | null;

function ChildrenPage() {
  const children = Route.useLoaderData();
  const router = useRouter();
  const navigate = useNavigate();
  const { add, returnTo } = Route.useSearch();
  const [editing, setEditing] = useState<Editing>(add === 'child' ? { kind: 'add' } : { kind: 'none' });
  const [notice, setNotice] = useState<Notice>(null);
  // The child whose removal is being asked about, in the site's own dialog.
  const [removing, setRemoving] = useState<Child | null>(null);

  const save = async (fields: ChildFields): Promise<string | null> => {
    const result =
      editing.kind === 'edit'
        ? await api.PUT('/api/Children/Update', { body: { ...fields, id: editing.child.id } })
        : await api.POST('/api/Children/Create', { body: fields });
    if (!result.data) return serverMessage(result.error) ?? texts.saveFailed;
    if (editing.kind === 'add' && returnTo) {
      await navigate({ href: withChosenChild(returnTo, result.data.id) });
      return null;
    }
    setEditing({ kind: 'none' });
    setNotice({ kind: 'success', text: texts.saved });
    await router.invalidate();
    return null;
  };

  const remove = async (child: Child) => {
    setRemoving(null);
    const { data, error } = await api.DELETE('/api/Children/Delete', { body: { id: child.id } });
    if (!data) {
      setNotice({ kind: 'error', text: serverMessage(error) ?? texts.removeFailed });
      return;
    }
    if (editing.kind === 'edit' && editing.child.id === child.id) setEditing({ kind: 'none' });
    setNotice({ kind: 'success', text: texts.removed });
    await router.invalidate();
  };

  return (
    <>
      <div className="panel dash-section">
        <div className="dash-toolbar">
          <h2>{texts.title}</h2>
          {editing.kind === 'none' && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setNotice(null);
                setEditing({ kind: 'add' });
              }}
            >
              {texts.add}
            </button>
          )}
        </div>
        {notice && <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage>}
        {children.length === 0 && editing.kind === 'none' && <p className="empty-state">{texts.empty}</p>}
        {children.length > 0 && (
          <ul className="dash-list" aria-label="فرزندان">
            {children.map((child) => (
              <li key={child.id} className="dash-item">
                <div className="dash-item__main">
                  <strong>
                    {child.firstName} {child.lastName}
                  </strong>
                  <span className="dash-item__meta">
                    {texts.birthDate}: {formatJalaliLong(child.birthDate)} · {texts.grade}: {child.grade || '—'}
                  </span>
                </div>
                <div className="dash-item__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`${texts.edit} ${child.firstName} ${child.lastName}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing({ kind: 'edit', child });
                    }}
                  >
                    {texts.edit}
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`${texts.remove} ${child.firstName} ${child.lastName}`}
                    onClick={() => setRemoving(child)}
                  >
                    {texts.remove}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {editing.kind !== 'none' && (
          <ChildForm
            key={editing.kind === 'edit' ? editing.child.id : 'new'}
            child={editing.kind === 'edit' ? editing.child : null}
            onSave={save}
            onCancel={() => {
              if (editing.kind === 'add' && returnTo) void navigate({ href: returnTo });
              else setEditing({ kind: 'none' });
            }}
          />
        )}
      </div>
      {/* A place on a waiting list, or a seat offered with its deadline, is seen on arrival. */}
      <WaitlistSection />
      <ConfirmDialog
        open={removing !== null}
        title={texts.removeTitle}
        confirmLabel={texts.remove}
        cancelLabel={texts.cancel}
        danger
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? `${removing.firstName} ${removing.lastName}: ${texts.confirmRemove}` : texts.confirmRemove}</p>
      </ConfirmDialog>
    </>
  );
}
