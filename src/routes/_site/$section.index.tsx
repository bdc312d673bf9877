// A public section made of an entity's records (the schema's publicView.section): /holidays.
// An address that names no section is the site's not-found page.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { publicSectionDisplays } from '../../../schema/publicSections.gen';
import { dataOrNotFound } from '../../components/site/loaders';
import { PublicSectionList } from '../../components/site/PublicSection';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import { useSeo } from '../../lib/seo';

export const Route = createFileRoute('/_site/$section/')({
  loader: async ({ context: { api }, params: { section } }) => {
    const display = Object.hasOwn(publicSectionDisplays, section) ? publicSectionDisplays[section] : undefined;
    if (!display) throw notFound();
    const records = dataOrNotFound(await api.GET('/api/Public/sections/{section}', { params: { path: { section } } }));
    return { display, records };
  },
  component: SectionPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function SectionPage() {
  const { display, records } = Route.useLoaderData();
  const { section } = Route.useParams();
  useSeo({ title: display.title, description: display.lead || display.title });
  return <PublicSectionList path={section} section={display} records={records} />;
}
