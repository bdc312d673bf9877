import { useServerRender } from '../../lib/seo';
import type { PostableForm, PostedAnswer } from '../../../schema/rules/forms/postedForm';

/**
 * What the server made of a plain post of `form` to the page being rendered (server/features/catalogue/formPosts.ts);
 * null in the browser. Used by the pages, never by an island: its answer reaches the island as props.
 */
export function usePostedForm(form: PostableForm): PostedAnswer | null {
  const posted = useServerRender()?.posted;
  return posted?.form === form ? posted : null;
}
