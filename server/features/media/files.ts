// Media files: a storage interface (the local disk here, object storage in server/features/media/s3Media.ts) and
// the /api/File calls.
import '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { storedExtension, uploadRules, uploadTexts, type UploadKind } from '../../../schema/uploads';
import type { DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { toPersianDigits } from '../../../schema/rules/digits';
import { imageWidths, isImageWidth } from '../../../schema/rules/imageWidths';
import { chooseVariant, ImageRejected, makeVariants } from './imageVariants';
import { cleanOriginalName, contentTypeOfName, forgetFile, libraryOf, libraryTexts, mediaUsage, recordUpload } from './mediaLibrary';
import { currentUser, parse, type Register } from '../../platform/http';
import { isSafeFileName, type MediaKind, type MediaStore, type StoredFile } from './mediaStore';

/** The upload rule of a store kind: its sizes and types are declared once, in schema/uploads.ts. */
const uploadKindOf = (kind: MediaKind): UploadKind => (kind === 'images' ? 'image' : 'video');

/**
 * What a multipart body may add to its one file: the boundary lines and the part's headers (its
 * file name among them). A Content-Length over the file limit plus this cannot hold an allowed
 * file, so it is refused before a byte of the body is read.
 */
const multipartAllowance = 16 * 1024;

/** How many leading bytes file-type needs to tell every allowed type (its own sample size). */
const sniffBytes = 4100;

export const fileTexts = {
  noFile: 'فایلی انتخاب نشده',
  notMultipart: 'فایل باید به صورت multipart/form-data در فیلد file ارسال شود',
  badName: 'نام فایل نامعتبر است',
  notFound: 'فایل یافت نشد',
  badRange: 'محدوده درخواستی نامعتبر است',
  malformed: 'فایل ارسالی ناقص یا نامعتبر است؛ دوباره بارگذاری کنید',
  unfinished: 'ارسال فایل ناتمام ماند',
} as const;

/**
 * RFC 2046's boundary: 1–70 characters of its own alphabet, optionally quoted. Checked before
 * parsing so a missing or empty boundary is told as such, not as a parser failure.
 */
const boundaryParam = /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;
const hasValidBoundary = (contentType: string | undefined): boolean => boundaryParam.test(contentType ?? '');

/**
 * The multipart parser (busboy) reports a truncated part, a wrong boundary or a malformed part
 * header as a plain Error without a code or status. It only reads the request's own bytes, so
 * such an error is always the client's; the plugin's own limits carry a code and a status and
 * are answered by the app's error handler.
 */
const isParserError = (error: unknown): boolean =>
  // A plain Error only: a TypeError or RangeError of our own code stays a 500, not a 400.
  error instanceof Error && Object.getPrototypeOf(error) === Error.prototype && !('statusCode' in error) && !('code' in error);

const fileNameSchema = v.pipe(
  v.string(fileTexts.badName),
  v.check(isSafeFileName, fileTexts.badName),
);
const mediaTypeSchema = v.picklist(['image', 'video'], 'نوع رسانه باید image یا video باشد');
const deleteQuery = v.object({
  fileName: fileNameSchema,
  mediaType: mediaTypeSchema,
  // A file still in use is deleted only when the admin saw where and said yes.
  confirmed: v.optional(v.picklist(['1', 'true'], 'مقدار تأیید نامعتبر است')),
});
const libraryQuery = v.object({ mediaType: mediaTypeSchema });
const fileParams = v.object({ fileName: fileNameSchema });
const widthTexts = `عرض تصویر باید یکی از ${imageWidths.map((width) => toPersianDigits(width)).join('، ')} باشد`;
const imageQuery = v.object({
  w: v.optional(
    v.pipe(
      v.string(widthTexts),
      v.transform(Number),
      v.guard(isImageWidth, widthTexts),
    ),
  ),
});

/**
 * Per app (one store): the copies each image has, by name, as read from the store. They change
 * only when the image is uploaded or deleted, so the listing is read once (an image without
 * copies is read again, since another process may be making them); and the images whose copies
 * this process is making for a first request (an image older than them).
 */
interface VariantState {
  listings: Map<string, readonly string[]>;
  making: Set<string>;
}
const maxListings = 20_000;

async function variantsOf(media: MediaStore, state: VariantState, name: string): Promise<readonly string[] | null> {
  const known = state.listings.get(name);
  if (known) return known;
  const listed = await media.listVariants(name);
  if (listed) {
    if (state.listings.size >= maxListings) state.listings.clear();
    state.listings.set(name, listed);
  }
  return listed;
}

async function readAll(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/**
 * Makes the copies of an image stored before they existed (an upload of an older version, a
 * restored backup), once, in the background; its requests get the original meanwhile. An image
 * libvips refuses gets an empty set, so it is not tried again on every request.
 */
function makeMissingVariants(media: MediaStore, state: VariantState, name: string, file: StoredFile, log: (error: unknown) => void): void {
  const { making } = state;
  if (making.has(name)) return;
  making.add(name);
  void (async () => {
    const bytes = await readAll(file);
    const variants = await makeVariants(bytes).catch((error: unknown) => {
      if (error instanceof ImageRejected) return [];
      throw error;
    });
    await media.saveVariants(name, variants);
  })()
    .catch(log)
    .finally(() => making.delete(name));
}

/** A single `bytes=` range within the file, or 'invalid' (416), or null for the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // Multiple or odd ranges: answering the whole file is allowed.
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

async function serve(media: MediaStore, state: VariantState, kind: MediaKind, request: FastifyRequest, reply: FastifyReply) {
  const { fileName } = parse(fileParams, request.params);
  const { w } = kind === 'images' ? parse(imageQuery, request.query) : { w: undefined };
  let file = await media.open(kind, fileName);
  let type = contentTypeOfName(fileName);
  if (!file || !type || !type.startsWith(kind === 'images' ? 'image/' : 'video/')) throw new HttpError(404, fileTexts.notFound);
  // The original standing in for a copy not made yet: the same address gives the copy soon.
  let standIn = false;
  if (w !== undefined) {
    // A resized copy in the best format the browser takes: the answer depends on Accept.
    reply.header('Vary', 'Accept');
    const variants = await variantsOf(media, state, fileName);
    if (variants === null) makeMissingVariants(media, state, fileName, file, (error) => request.log.error(error));
    const chosen = variants && chooseVariant(variants, w, request.headers.accept);
    const copy = chosen ? await media.openVariant(fileName, chosen) : null;
    if (chosen && copy) {
      file = copy;
      type = chosen.endsWith('.avif') ? 'image/avif' : 'image/webp';
    }
    standIn = variants === null || (chosen !== null && copy === null);
  }
  // A stored file opened on its own (a polyglot that is also HTML, a browser that ignores the
  // type) is a sandboxed document without scripts, forms or its own origin.
  const policy = reply.getHeader('Content-Security-Policy');
  if (typeof policy === 'string' && !/(^|;\s*)sandbox\b/.test(policy)) reply.header('Content-Security-Policy', `${policy}; sandbox`);
  reply
    .header('Content-Type', type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', 'inline')
    // Stored names are generated and never reused for other bytes, so they can be cached for good;
    // a stand-in only until the copy exists.
    .header('Cache-Control', standIn ? 'no-cache' : 'public, max-age=31536000, immutable')
    .header('Last-Modified', file.modified.toUTCString())
    .header('Accept-Ranges', 'bytes');
  const range = parseRange(request.headers.range, file.size);
  if (range === 'invalid') {
    reply.removeHeader('Content-Disposition');
    return reply
      .code(416)
      .header('Content-Range', `bytes */${file.size}`)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ message: fileTexts.badRange });
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(file.stream(range));
  }
  return reply.header('Content-Length', file.size).send(file.stream());
}

async function storedBytes(media: MediaStore, kind: MediaKind, name: string): Promise<Buffer> {
  const file = await media.open(kind, name);
  if (!file) throw new Error(`${name} was not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function isFileTooLarge(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

function rejectedAsBadRequest(error: unknown): never {
  if (error instanceof ImageRejected) throw new HttpError(400, error.message);
  throw error;
}

/**
 * 413 for a file over its kind's limit. The connection closes after the answer, so the rest of
 * the body is never read (Node would otherwise read and discard it to keep the connection).
 */
function tooLarge(kind: MediaKind, reply: FastifyReply): HttpError {
  reply.header('Connection', 'close');
  return new HttpError(413, uploadTexts.tooLarge(uploadKindOf(kind)));
}

/** The first `sniffBytes` of the part (all of it when shorter), read from its chunk iterator. */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer; ended: boolean }> {
  const read: Buffer[] = [];
  let length = 0;
  while (length < sniffBytes) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(read), ended: true };
    read.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(read), ended: false };
}

async function upload(media: MediaStore, db: DB, kind: MediaKind, request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart() || !hasValidBoundary(request.headers['content-type'])) throw new HttpError(400, fileTexts.notMultipart);
  const uploadKind = uploadKindOf(kind);
  const rule = uploadRules[uploadKind];
  // A browser declares the body's length: a file too large is refused on it, before the body is
  // read. A body without a length (chunked) is cut off at the limit below.
  if (Number(request.headers['content-length']) > rule.maxBytes + multipartAllowance) throw tooLarge(kind, reply);
  let sentName: string | undefined;
  let fileName: string;
  let type: string;
  let size = 0;
  try {
    const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 10, parts: 20 } });
    if (!part) throw new HttpError(400, fileTexts.noFile);
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new HttpError(400, fileTexts.noFile);
    }
    sentName = part.filename;
    const file = part.file;
    // At the limit busboy stops passing the file on but reads (and drops) the rest of the part,
    // which for a body without an end never comes: the upload ends there, with its 413.
    file.once('limit', () => file.destroy(tooLarge(kind, reply)));
    const chunks = file[Symbol.asyncIterator]();
    // The type is decided from the first bytes as soon as they arrive (the name and type the
    // client sent are ignored), so a wrong file is refused before the rest of it is read.
    const { head, ended } = await readHead(chunks);
    if (head.length === 0) throw new HttpError(400, uploadTexts.empty);
    const detected = await fileTypeFromBuffer(head);
    const ext = detected ? storedExtension(uploadKind, detected.mime) : undefined;
    if (!detected || !ext) throw new HttpError(400, uploadTexts.badType(uploadKind));
    type = detected.mime;
    fileName = `${randomBytes(16).toString('hex')}.${ext}`;
    async function* whole(): AsyncGenerator<Buffer> {
      size = head.length;
      yield head;
      if (!ended) {
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
          size += next.value.length;
          yield next.value;
        }
      }
      // A file over the limit comes to an end at the limit without an error (busboy cuts it);
      // only the stream's flag tells, and a cut file must not be stored as if whole.
      if (file.truncated) throw tooLarge(kind, reply);
    }
    await media.save(kind, fileName, whole());
  } catch (error) {
    // The sender went away part-way (the admin's «لغو», a dropped connection): there is no one
    // to answer, and nothing was stored.
    if (request.raw.destroyed && !request.raw.complete) throw new HttpError(400, fileTexts.unfinished);
    // The rest of a refused body is not read: the connection closes after the answer.
    if (!request.raw.complete) reply.header('Connection', 'close');
    if (isFileTooLarge(error)) throw tooLarge(kind, reply);
    if (isParserError(error)) throw new HttpError(400, fileTexts.malformed);
    throw error;
  }
  // The copies are made before the file is listed anywhere: a file libvips cannot read, or a
  // pixel bomb, is removed and refused here with its reason rather than failing later on a page.
  // (Images are at most a few MB: the stored file is read back whole for sharp.)
  if (kind === 'images') {
    const variants = await storedBytes(media, kind, fileName)
      .then(makeVariants)
      .catch(async (error: unknown) => {
        await media.remove(kind, fileName);
        return rejectedAsBadRequest(error);
      });
    await media.saveVariants(fileName, variants);
  }
  // The name the admin knows the file by is kept beside the generated one, never used as a path.
  await recordUpload(db, {
    kind,
    storedName: fileName,
    originalName: cleanOriginalName(sentName, fileName),
    size,
    type,
    uploaderId: request.user?.id ?? null,
  });
  return { fileName };
}

export function registerFiles(register: Register, media: MediaStore, db: DB) {
  const variants: VariantState = { listings: new Map(), making: new Set() };
  register('GET /api/File/all-images', 'admin', listImages, { need: 'panel' });
  register('GET /api/File/all-videos', 'admin', listVideos, { need: 'panel' });
  register('POST /api/File/upload-image', 'admin', uploadImage, { need: 'panel' });
  register('POST /api/File/upload-video', 'admin', uploadVideo, { need: 'panel' });
  register('GET /api/File/library', 'admin', mediaLibrary, { need: 'panel' });
  register('GET /api/File/image/{fileName}', 'public', serveImage);
  register('GET /api/File/video/{fileName}', 'public', serveVideo);
  register('DELETE /api/File/delete', 'admin', deleteFile, { need: 'administrator' });

  function listImages() {
    return media.list('images');
  }

  function listVideos() {
    return media.list('videos');
  }

  function uploadImage(request: FastifyRequest, reply: FastifyReply) {
    return upload(media, db, 'images', request, reply);
  }

  function uploadVideo(request: FastifyRequest, reply: FastifyReply) {
    return upload(media, db, 'videos', request, reply);
  }

  async function mediaLibrary(request: FastifyRequest) {
    const { mediaType } = parse(libraryQuery, request.query, { mediaType: 'نوع رسانه' });
    return { items: await libraryOf(db, mediaType === 'image' ? 'images' : 'videos') };
  }

  function serveImage(request: FastifyRequest, reply: FastifyReply) {
    return serve(media, variants, 'images', request, reply);
  }

  function serveVideo(request: FastifyRequest, reply: FastifyReply) {
    return serve(media, variants, 'videos', request, reply);
  }

  async function deleteFile(request: FastifyRequest) {
    currentUser(request);
    const { fileName, mediaType, confirmed } = parse(deleteQuery, request.query, { fileName: 'نام فایل', mediaType: 'نوع رسانه', confirmed: 'تأیید' });
    const kind = mediaType === 'image' ? 'images' : 'videos';
    const places = (await mediaUsage(db, kind, [fileName])).get(fileName) ?? [];
    if (places.length > 0 && confirmed === undefined) throw new HttpError(409, libraryTexts.inUse(places.length), { places });
    const removed = await media.remove(kind, fileName);
    variants.listings.delete(fileName);
    await forgetFile(db, kind, fileName);
    if (!removed) throw new HttpError(404, fileTexts.notFound);
    return { fileName };
  }
}
