import { useRouter } from '@tanstack/react-router';
import { StatusMessage } from './StatusMessage';

export const loadFailedText = 'دریافت اطلاعات با مشکل مواجه شد. لطفاً دوباره تلاش کنید.';

/** A route's loader failed (network or server): say so and offer a retry, never a blank page. */
export function RouteError() {
  const router = useRouter();
  return (
    <section className="page">
      <StatusMessage kind="error">{loadFailedText}</StatusMessage>
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        تلاش دوباره
      </button>
    </section>
  );
}
