// The script a server-rendered page starts with (server/features/catalogue/ssr.ts puts it in place of the app's
// entry): the app is fetched once the browser reports the page's first contentful paint. Loaded
// from the document's head, the app's modules were fetched, compiled and run ahead of that paint
// and held the page back by about a second on a phone-sized CPU (Lighthouse). Until the app
// arrives the page reads as it should and its links work; the app then adopts it (hydration).
const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;

let started = false;
function start(): void {
  if (started || !entry) return;
  started = true;
  void import(/* @vite-ignore */ entry);
}

// A tab opened in the background paints nothing until it is shown: start at once there, and
// after a few seconds anywhere, so the page never waits on a paint report that does not come.
if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') start();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
}
