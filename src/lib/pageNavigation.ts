// How a component that may run without the router (an island on a server-rendered page, see
// src/islands/) moves to another address. Inside the SPA the router takes the change; on a
// server-rendered page there is no router in the browser, so the browser loads the page, which
// the server renders in full.
type Navigator = (href: string, replace: boolean) => void;

let spaNavigator: Navigator | null = null;

/** Called once by the SPA's entry with its router's history. */
export function setSpaNavigator(navigator: Navigator): void {
  spaNavigator = navigator;
}

export function navigateTo(href: string, options: { replace?: boolean } = {}): void {
  const replace = options.replace ?? false;
  if (spaNavigator) spaNavigator(href, replace);
  else if (replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * Inside the SPA, a plain link an island rendered is followed by the router rather than by a
 * page load; links the router's own <Link> handled are already `defaultPrevented`.
 */
export function followIslandLinksInSpa(root: Document): void {
  root.addEventListener('click', (event) => {
    if (!spaNavigator || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(target instanceof HTMLAnchorElement) || !target.closest('academy-island')) return;
    if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return;
    const url = new URL(target.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    spaNavigator(`${url.pathname}${url.search}${url.hash}`, false);
  });
}
