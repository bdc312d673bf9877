/** The spec's loading fallback, shown inside the shell while a page's data is on its way. */
export const loadingText = 'در حال بارگذاری...';

export function RoutePending() {
  return (
    <div className="loading-fallback" role="status">
      {loadingText}
    </div>
  );
}
