import { createFileRoute, useRouter } from '@tanstack/react-router';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { ProfileForm } from '../../components/dashboard/ProfileForm';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/dashboard/profile')({
  loader: async ({ context: { api } }) => {
    const { data } = await api.GET('/api/Me');
    if (!data) throw new Error('profile unavailable');
    return data;
  },
  component: ProfilePage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

function ProfilePage() {
  const profile = Route.useLoaderData();
  const router = useRouter();
  return (
    <div className="panel">
      <ProfileForm key={profile.id} profile={profile} onSaved={() => void router.invalidate()} />
    </div>
  );
}
