import { createFileRoute } from '@tanstack/react-router';
import { ChildSchedule } from '../../components/dashboard/ChildSchedule';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { familyTexts } from '../../components/dashboard/familyTexts';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/dashboard/classes')({
  loader: async ({ context: { api } }) => {
    const { data } = await api.GET('/api/Learner/Schedule');
    if (!data) throw new Error('schedule unavailable');
    return data;
  },
  component: ClassesPage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

function ClassesPage() {
  const { children } = Route.useLoaderData();
  return (
    <>
      <div className="dash-toolbar">
        <h2>{familyTexts.classes.title}</h2>
      </div>
      {children.length === 0 ? <p className="empty-state">{familyTexts.classes.noChildren}</p> : children.map((child) => <ChildSchedule key={child.childId} child={child} />)}
    </>
  );
}
