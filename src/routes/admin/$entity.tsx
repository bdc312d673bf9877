import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadScreenEntities } from '../../components/admin/entities';
import { EntityScreen } from '../../components/admin/EntityScreen';
import { readsEntity } from '../../components/admin/accessView';
import { accessKnownNow, ensurePanelAccess } from '../../components/admin/panelAccess';
import { isRegistryKey } from '../../components/admin/navigation';
import { listPageSize, toApiQuery, validateListSearch, type ListSearch } from '../../lib/listSearch';

// Every entity screen comes from its schema file: a new entity in the registry gets its admin
// screen (and sidebar link) here without any change in src/. Its list's view (sort, filters,
// search, page) is the URL's search, so a view can be bookmarked, shared and restored on reload.
export const Route = createFileRoute('/admin/$entity')({
  validateSearch: (search: Record<string, unknown>): ListSearch => validateListSearch(search),
  loaderDeps: ({ search }) => search,
  // beforeLoad stays in the entry chunk (only components and loaders are split), so the check
  // fetches the entities' keys lazily: importing them here would put them into the first load
  // of the public pages.
  beforeLoad: async ({ params }) => {
    const { isRegistryKey: known } = await import('../../components/admin/navigation');
    if (!known(params.entity)) throw notFound();
  },
  // The entity's schema file, and those of the entities its list shows, load with the screen's
  // code, and the list's page starts as soon as the schema is here, without waiting for that code
  // (the screen's own call joins it: fetchPage). The loader stays in the entry chunk: the list's
  // calls come with the schema files, in parallel, so the first screen (the dashboard) does not
  // load them.
  loader: async ({ params, deps }) => {
    if (!isRegistryKey(params.entity)) return null;
    // An administrator's list does not wait for the access answer the panel reads beside it.
    const [entity, access, { fetchPage }] = await Promise.all([loadScreenEntities(params.entity, 'list'), accessKnownNow() ?? ensurePanelAccess(), import('../../machines/entityApi')]);
    // A screen the caller's role does not read says so (EntityScreen): no list is asked for.
    if (readsEntity(access, entity.key)) fetchPage(entity, toApiQuery(deps, listPageSize)).catch(() => undefined);
    return entity;
  },
  component: EntityRoute,
});

function EntityRoute() {
  const { entity } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The list's own address (its match), not the router's location, which moves to the record as
  // soon as it is clicked.
  const here = Route.useMatch({ select: (match) => match.pathname });
  const onView = useCallback(
    (next: ListSearch, options: { replace?: boolean } = {}) => {
      // A search lands a moment after the last key (ListToolbar's delay). By then the admin may
      // have opened a record, and on a busy phone the list is still on screen while the record
      // loads: the list's view is for the list, so it is dropped rather than pulling them back.
      if (router.latestLocation.pathname !== here) return;
      void navigate({ search: next, replace: options.replace ?? false });
    },
    [navigate, router, here],
  );
  const schema = Route.useLoaderData();
  if (!schema) return null;
  return <EntityScreen key={entity} entity={schema} view={search} onView={onView} />;
}
