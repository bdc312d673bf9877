// One record of a public section, when its entity has a slug: /<section>/<slug>.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { publicSectionDisplays } from '../../../schema/publicSections.gen';
import { dataOrNotFound } from '../../components/site/loaders';
import { PublicSectionRecordPage } from '../../components/site/PublicSection';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import { useSeo } from '../../lib/seo';
import { toPersianDigits } from '../../../schema/rules/text';

export const Route = createFileRoute('/_site/$section/$slug')({
  loader: async ({ context: { api }, params: { section, slug } }) => {
    const display = Object.hasOwn(publicSectionDisplays, section) ? publicSectionDisplays[section] : undefined;
    if (!display?.pages) throw notFound();
    const record = dataOrNotFound(await api.GET('/api/Public/sections/{section}/{slug}', { params: { path: { section, slug } } }));
    return { display, record };
  },
  component: SectionRecordPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function SectionRecordPage() {
  const { display, record } = Route.useLoaderData();
  const { section } = Route.useParams();
  const name = toPersianDigits(String(record[display.name] ?? record.id));
  useSeo({ title: name, description: `${name} | ${display.title}` });
  return <PublicSectionRecordPage path={section} section={display} record={record} />;
}
