import { useRouter } from '@tanstack/react-router';
import { StatusMessage } from '../site/StatusMessage';
import { dashboardTexts } from './texts';

export function DashboardError() {
  const router = useRouter();
  return (
    <div className="panel">
      <StatusMessage kind="error">{dashboardTexts.loadFailed}</StatusMessage>
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        تلاش دوباره
      </button>
    </div>
  );
}
