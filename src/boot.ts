// The script a server-rendered page starts with (server/ssr.ts puts it in place of the app's
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

/**
 * A sign-in or sign-up posted before the scripts arrived (server/formPosts.ts) answers with a page
 * carrying the new session in `<meta name="session-handoff">` (why there: server/ssr.ts). It is
 * moved into localStorage under the key src/lib/auth.ts reads (this script imports nothing, so
 * that the page's first script costs one request), removed from the page, and the visitor goes
 * where the scripted form would have sent them, the answer replaced in history so that Back
 * does not post the form again.
 */
function adoptPostedSession(): boolean {
  const handoff = document.querySelector<HTMLMetaElement>('meta[name="session-handoff"]');
  if (!handoff) return false;
  const destination = handoff.dataset.destination ?? '/';
  try {
    localStorage.setItem('accessToken', handoff.content);
  } catch {
    // Storage refused (a private window's quota): the destination then asks to sign in again.
  }
  handoff.remove();
  // Same-site paths only, whatever the page says (the server sends nothing else).
  location.replace(destination.startsWith('/') && !destination.startsWith('//') ? destination : '/');
  return true;
}

// A tab opened in the background paints nothing until it is shown: start at once there, and
// after a few seconds anywhere, so the page never waits on a paint report that does not come.
if (adoptPostedSession()) {
  // The page is being replaced: its islands would only be thrown away.
} else if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') start();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
}
