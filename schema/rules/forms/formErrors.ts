import type * as v from 'valibot';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first Persian message per top-level field, as the forms show them beside each input. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
