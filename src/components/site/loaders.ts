import { notFound } from '@tanstack/react-router';

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
