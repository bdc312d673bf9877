import { createFileRoute, notFound } from '@tanstack/react-router';
import { registry } from '../../../schema/registry.gen';
import { EntityScreen } from '../../components/admin/EntityScreen';
import { isRegistryKey } from '../../components/admin/navigation';

// Every entity screen comes from its schema file: a new entity in the registry gets its admin
// screen (and sidebar link) here without any change in src/.
export const Route = createFileRoute('/admin/$entity')({
  // beforeLoad stays in the entry chunk (only components and loaders are split), so the check
  // fetches the registry lazily: importing it here would put every schema and valibot into the
  // first load of the public pages.
  beforeLoad: async ({ params }) => {
    const { isRegistryKey: known } = await import('../../components/admin/navigation');
    if (!known(params.entity)) throw notFound();
  },
  component: EntityRoute,
});

function EntityRoute() {
  const { entity } = Route.useParams();
  if (!isRegistryKey(entity)) return null;
  return <EntityScreen key={entity} entity={registry[entity]} />;
}
