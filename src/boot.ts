// The script a server-rendered page starts with (server/ssr.ts puts it in place of the app's
// entry): the app is fetched once the browser reports the page's first contentful paint. Loaded
// from the document's head, the app's modules were fetched, compiled and run ahead of that paint
// and held the page back by about a second on a phone-sized CPU (Lighthouse). Until the app
// arrives the page reads as it should and its links work; the app then adopts it (hydration).

// Vazirmatn's faces are inside the page's stylesheet (src/styles/fonts.css), yet Chromium decodes
// them off the main thread and lays the page out first with the fallback's metrics, then moves the
// text when they are ready (CLS up to 0.04). This script is `async blocking="render"`
// (server/ssr.ts): the first paint waits until the four faces are ready (a few tens of ms, the
// bytes are already here), never more than 1.5 s. The text 'اa' reaches both the Persian and the
// Latin face of each weight.
await Promise.race([
  Promise.all(['400 1em Vazirmatn', '700 1em Vazirmatn'].map((font) => document.fonts.load(font, 'اa'))).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 1500)),
]);

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

// A module (loaded as one), so the wait for the fonts above can be a top-level await.
export {};
