// The toasts a test's pages showed: recorded as they appear (a toast is gone two seconds later,
// and a busy machine can look later than that) and awaited by text.
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** Every toast the page has shown: its text and when (recordToasts). */
    academyToasts?: Array<{ text: string; at: number }>;
  }
}

/**
 * Kept by every page of a test's browser: each toast's text as it appears. A toast stays two
 * seconds (the admin's toastSettings); on a busy machine a test can look at the page later than
 * that, and a wait for a toast already gone never ends. A string, not a function: the page has
 * none of the helpers the test's transform adds to named functions.
 */
export const recordToasts = `
  window.academyToasts = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const toasts = node.matches('.Toastify__toast') ? [node] : [...node.querySelectorAll('.Toastify__toast')];
      for (const toast of toasts) window.academyToasts.push({ text: toast.textContent || '', at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * Does `action`, then waits for a toast containing `text` that appeared after the action began,
 * whether or not it is still on screen, and answers the toast's whole text (a reason under the
 * notice's text is part of it). A page the action navigated to is followed.
 */
export async function told(page: Page, text: string, action: () => Promise<unknown>): Promise<string> {
  const since = Date.now();
  await action();
  const found = await page
    .waitForFunction(
      ([from, wanted]) => (window.academyToasts ?? []).find((toast) => toast.at >= from && toast.text.includes(wanted))?.text,
      [since, text] as const,
    )
    .catch(async (error: unknown) => {
      // What the page said instead (an error toast, a dialog still open), so a failure names its cause.
      const seen = await page.evaluate(
        (from) => ({
          toasts: (window.academyToasts ?? []).filter((toast) => toast.at >= from).map((toast) => toast.text),
          dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((dialog) => (dialog.textContent ?? '').slice(0, 400)),
        }),
        since,
      );
      throw new Error(`no toast «${text}»; toasts since the action: ${JSON.stringify(seen.toasts)}; dialogs open: ${JSON.stringify(seen.dialogs)}`, { cause: error });
    });
  return String(await found.jsonValue());
}
