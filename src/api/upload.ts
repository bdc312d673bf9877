// Every upload goes through this one helper. fetch reports no upload
// progress, so it is an XMLHttpRequest: the progress of the body, an abort signal for «لغو», the
// bearer token as the API client sends it, the GET cache cleared after a stored file (as after
// any write), and each way it can end told apart: stored, refused by the server (its Persian
// message), cut by the network, cancelled.
import type { paths } from '../../codegen/openapi.gen';
import type { UploadKind } from '../../schema/uploads';
import { readToken } from '../lib/auth';
import { baseUrl, clearGetCache, serverMessage } from './client';

const uploadPaths = {
  image: '/api/File/upload-image',
  video: '/api/File/upload-video',
} as const satisfies Record<UploadKind, keyof paths>;

export const uploadErrorTexts = {
  failed: 'خطا در آپلود فایل',
  network: 'ارسال فایل قطع شد؛ اتصال اینترنت را بررسی کنید و دوباره بفرستید',
  cancelled: 'آپلود لغو شد',
} as const;

export type UploadEnd = 'refused' | 'network' | 'cancelled';

export class UploadError extends Error {
  constructor(
    readonly end: UploadEnd,
    message: string,
    /** The server's status when it answered; 0 when it did not. */
    readonly status = 0,
  ) {
    super(message);
  }
}

export interface SendFileOptions {
  kind: UploadKind;
  file: File;
  /** Bytes of the request body sent so far, of its total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one file as `multipart/form-data` (field `file`); answers the name the server stored it under. */
export function sendFile({ kind, file, onProgress, signal }: SendFileOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('cancelled', uploadErrorTexts.cancelled));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrl()}${uploadPaths[kind]}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body !== null && 'fileName' in body && typeof body.fileName === 'string') {
        // A stored file changes what the library, lists and pickers read.
        clearGetCache();
        resolve(body.fileName);
        return;
      }
      // A 401 included: the session is not ended here, since leaving the page would lose the
      // form the admin is filling in; their next save signs in again in place.
      reject(new UploadError('refused', serverMessage(body) ?? uploadErrorTexts.failed, xhr.status));
    });
    xhr.addEventListener('error', () => reject(new UploadError('network', uploadErrorTexts.network)));
    xhr.addEventListener('abort', () => reject(new UploadError('cancelled', uploadErrorTexts.cancelled)));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
