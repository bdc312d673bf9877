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

export function captureOpener(): Opener {
  const named = handedOver && Date.now() - handedOver.at < 1000 ? handedOver.element : null;
  handedOver = null;
  const element = named ?? focusedElement();
  const key = element?.closest(`[${focusKeyAttribute}]`)?.getAttribute(focusKeyAttribute) ?? null;
  return { element, key };
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

/**
 * Focus back to the opener. The list refreshes after a save or a delete, and a row that goes
 * takes its focused button with it: for a moment after closing, focus that is lost (on the page
 * itself) is put back on the opener's twin or, failing that, on the screen's heading. Focus the
 * admin has moved elsewhere meanwhile is left where it is.
 */
export function focusBack(opener: Opener | null): void {
  if (!opener) return;
  const rescue = (always: boolean) => {
    // The page may be gone by a later retry (a test's document torn down, a navigation away).
    if (typeof document === 'undefined') return;
    if (!always && focusedElement()) return;
    const element = target(opener) ?? (focusedElement() ? null : document.querySelector<HTMLElement>(`[${focusHomeAttribute}]`));
    element?.focus();
  };
  rescue(true);
  for (const delay of [50, 200, 500, 1000, 2000]) setTimeout(() => rescue(false), delay);
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
