import { createFileRoute } from '@tanstack/react-router';
import { AdminNotFound, EntityDetail } from '../../components/admin/EntityDetail';
import { loadScreenEntities } from '../../components/admin/entities';
import { isRegistryKey } from '../../components/admin/navigation';
import { toLatinDigits } from '../../../schema/rules/text';

/** A record id in the address: a positive whole number, in any digits people type. */
function parseRecordId(raw: string): number | null {
  const latin = toLatinDigits(raw);
  return /^[1-9][0-9]{0,14}$/.test(latin) ? Number(latin) : null;
}

// Every record of every registry entity has its own address, /admin/<entity>/<id>: a detail view
// drawn from the entity's schema file (its fields and the records that reference it). Not
// nested in /admin/$entity (the `_`): the list screen is not kept under it.
export const Route = createFileRoute('/admin/$entity_/$id')({
  params: {
    parse: ({ entity, id }) => ({ entity, id: parseRecordId(id) }),
    stringify: ({ entity, id }) => ({ entity, id: id === null ? '' : String(id) }),
  },
  // The entity's schema file, and those of the entities its record shows (references, related groups).
  loader: ({ params }) => (isRegistryKey(params.entity) ? loadScreenEntities(params.entity, 'record') : null),
  component: DetailRoute,
});

function DetailRoute() {
  const { entity, id } = Route.useParams();
  const schema = Route.useLoaderData();
  // An unknown entity or an id that is no number is the same "not found" as a missing record.
  if (!schema || id === null) return <AdminNotFound />;
  return <EntityDetail key={`${entity}-${id}`} entity={schema} id={id} />;
}
