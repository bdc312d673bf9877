// Where focus goes when an admin dialog opens and closes, for every dialog alike (EntityModal,
// AlertShell and so ConfirmDialog and the safety dialogs): in on its first field, back out to the
// button that opened it. A keyboard or screen-reader user otherwise lands on the close button
// when a form opens, and at the top of the page when it closes.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The element that opened a dialog, and a name to find its twin by if the list re-drew it. */
export interface Opener {
  element: HTMLElement | null;
  key: string | null;
}

/** Every element that can be given a focus-back name carries it in this attribute. */
export const focusKeyAttribute = 'data-focus-key';
/** The screen's heading: where focus goes when the opener is gone (its row was deleted). */
export const focusHomeAttribute = 'data-focus-home';

let handedOver: { element: HTMLElement; at: number } | null = null;

/**
 * A menu names its own trigger before it closes and opens a dialog, so the dialog returns to the
 * trigger rather than to the menu item that vanished. Taken by the next dialog that opens soon.
 */
export function openFrom(element: HTMLElement | null): void {
  handedOver = element ? { element, at: Date.now() } : null;
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.isConnected ? active : null;
}

/** The opener as things stand, leaving a menu's handed-over trigger for the dialog to take. */
function openerNow(): Opener {
  const named = handedOver && Date.now() - handedOver.at < 1000 ? handedOver.element : null;
  const element = named ?? focusedElement();
  const key = element?.closest(`[${focusKeyAttribute}]`)?.getAttribute(focusKeyAttribute) ?? null;
  return { element, key };
}

export function captureOpener(): Opener {
  const opener = openerNow();
  handedOver = null;
  return opener;
}

function target(opener: Opener): HTMLElement | null {
  if (opener.element?.isConnected) return opener.element;
  if (opener.key !== null) {
    for (const element of document.querySelectorAll<HTMLElement>(`[${focusKeyAttribute}]`)) {
      if (element.getAttribute(focusKeyAttribute) === opener.key) return element;
    }
  }
  return null;
}

const home = () => document.querySelector<HTMLElement>(`[${focusHomeAttribute}]`);

/** Ends the hold in force, if any (one at a time: the newest opener is the one that counts). */
let releaseHold: (() => void) | null = null;

/**
 * Keeps focus on the screen while what `opener` started settles: the list or the record is read
 * again after a save, a delete or an action, and a button that goes with it (a deleted row's, an
 * action's the record no longer offers: a refunded order's refund) takes focus with it. Whenever
 * focus is lost so (on the page itself), it is put back on the opener's twin or, failing that, on
 * the screen's heading. Driven by the page's own changes, not a clock: the read may answer at any
 * time on a slow connection or a busy machine. The hold ends once the admin moves focus elsewhere
 * (a dialog opening takes it too), presses a key or the pointer, or a newer hold begins.
 */
export function holdFocus(opener: Opener): void {
  releaseHold?.();
  const observer = new MutationObserver(() => {
    if (!focusedElement()) (target(opener) ?? home())?.focus();
  });
  function release(): void {
    observer.disconnect();
    document.removeEventListener('focusin', moved, true);
    document.removeEventListener('keydown', release, true);
    document.removeEventListener('pointerdown', release, true);
    if (releaseHold === release) releaseHold = null;
  }
  function moved(event: FocusEvent): void {
    if (event.target !== target(opener) && event.target !== home()) release();
  }
  releaseHold = release;
  // A button that goes is removed or hidden; a disabled one loses focus too.
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  document.addEventListener('focusin', moved, true);
  document.addEventListener('keydown', release, true);
  document.addEventListener('pointerdown', release, true);
}

/** Holds focus (holdFocus) for what the focused control, or a menu's trigger, is starting now. */
export function holdFocusHere(): void {
  holdFocus(openerNow());
}

/**
 * Focus back to the opener, or to its re-drawn twin (the list refreshed), or to the screen's
 * heading when both are gone; then held there (holdFocus) while the screen settles. Focus the
 * admin has moved elsewhere meanwhile is left where it is.
 */
export function focusBack(opener: Opener | null): void {
  if (!opener) return;
  // The page may be gone (a test's document torn down, a navigation away).
  if (typeof document === 'undefined') return;
  (target(opener) ?? (focusedElement() ? null : home()))?.focus();
  holdFocus(opener);
}

/** The first field of a form inside `container`, the place a dialog with fields opens on. */
export function firstField(container: ParentNode | null): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([type="file"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [contenteditable="true"]',
    ) ?? null
  );
}

/** Records the opener as the dialog opens (before the dialog moves focus into itself). */
export function useOpener(open: boolean): RefObject<Opener | null> {
  const opener = useRef<Opener | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open && !wasOpen.current) opener.current = captureOpener();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
