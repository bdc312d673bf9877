// Files sent through XMLHttpRequest in a jsdom test file, for msw: msw turns the request's body
// into a fetch Request, which cannot read jsdom's File and FormData (it sends "undefined" named
// "blob"). The test's files and the app's FormData are Node's instead, as in a browser where
// XMLHttpRequest and fetch share one FormData.
import { vi } from 'vitest';

/** Makes the app's `new FormData()` Node's (undici's); undone by vi.unstubAllGlobals(). */
export async function useNodeFormData(): Promise<void> {
  const form = await new Response(new URLSearchParams('a=b')).formData();
  vi.stubGlobal('FormData', form.constructor);
}

/** A File the app can send and msw can read back: `size` bytes of `fill`, made by Node's own multipart parser. */
export async function nodeFile(name: string, type: string, size = 64, fill = 7): Promise<File> {
  const boundary = 'node-file-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  // Bytes, not a Blob: in a jsdom test file `Blob` is jsdom's, which Node's Response cannot read.
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size, fill), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const form = await new Response(body, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw new Error('no file parsed');
  return file;
}
