// What the public routes' loaders call. Kept apart from the components: a route's loader stays in
// the entry chunk, so whatever module it imports from is in the first load of every SPA screen.
import { notFound } from '@tanstack/react-router';
import type { components } from '../../../codegen/openapi.gen';

export type PublicSession = components['schemas']['PublicSession'];

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a catalogue call; a 404 becomes the not-found page, anything else the error view. */
export function dataOrNotFound<T>(result: FetchResult<T>): T {
  if (result.response.status === 404) throw notFound();
  if (result.data === undefined) throw new Error(`HTTP ${result.response.status}`);
  return result.data;
}

interface PublicApi {
  GET: (
    path: '/api/Public/courses/{slug}/sessions',
    init: { params: { path: { slug: string } } },
  ) => Promise<{ data?: PublicSession[]; response: Response }>;
}

/** The course's upcoming sessions for its page; none when the call fails (the page still shows). */
export async function loadCourseSessions(api: PublicApi, slug: string): Promise<PublicSession[]> {
  try {
    const answer = await api.GET('/api/Public/courses/{slug}/sessions', { params: { path: { slug } } });
    return answer.data ?? [];
  } catch {
    return [];
  }
}
