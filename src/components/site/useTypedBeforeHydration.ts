import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';

/**
 * On a slow phone a server-rendered form is on screen seconds before its island hydrates, and
 * what the visitor types meanwhile is in the page but not in the island's state: the form would
 * then show the text and refuse it as empty. Once hydrated, the island takes those values over.
 */
export function useTypedBeforeHydration<K extends string>(
  form: RefObject<HTMLFormElement | null>,
  fields: readonly K[],
  setValues: Dispatch<SetStateAction<Record<K, string>>>,
): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    setValues((current) => {
      const next: Record<K, string> = { ...current };
      let changed = false;
      for (const name of fields) {
        const control = element.elements.namedItem(name);
        if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.value !== current[name]) {
          next[name] = control.value;
          changed = true;
        }
      }
      return changed ? next : current;
    });
    // Once, after hydration: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
