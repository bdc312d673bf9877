// Files sent through XMLHttpRequest in a jsdom test file, for msw. msw lets jsdom's own
// XMLHttpRequest send the request (jsdom writes the multipart body from its FormData and File,
// as a browser does) and catches it at Node's http layer; a handler then reads it with
// request.formData(), Node's multipart reader, which makes each file with the global File and
// refuses one that is not Node's own. So the page keeps jsdom's File and FormData, and only the
// global File that reader sees is Node's.
import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

/** jsdom's File, the kind a file input gives the page, kept before letMswReadUploads() replaces the global. */
const PageFile = File;

/** Lets msw handlers read uploads with request.formData(); undone by vi.unstubAllGlobals(). */
export function letMswReadUploads(): void {
  vi.stubGlobal('File', NodeFile);
}

/** A file as the page would get it from a file input: `size` bytes of `fill`. */
export function pageFile(name: string, type: string, size = 64, fill = 7): File {
  return new PageFile([new Uint8Array(size).fill(fill)], name, type ? { type } : {});
}
