// The one declaration of what an upload accepts, read by the form before sending and by the
// server after: sizes, types, the statement beside the input and every refusal's wording.
import { describe, expect, it } from 'vitest';
import { acceptOf, contentTypeOfExtension, formatSize, storedExtension, uploadProblem, uploadRules, uploadTexts } from '../../../schema/uploads';

const mb = 1024 * 1024;

describe('sizes as an admin reads them', () => {
  it('bytes, kilobytes and megabytes, one decimal, Persian digits', () => {
    expect(formatSize(0)).toBe('۰ بایت');
    expect(formatSize(1023)).toBe('۱٬۰۲۳ بایت');
    expect(formatSize(1024)).toBe('۱ کیلوبایت');
    expect(formatSize(1536)).toBe('۱٫۵ کیلوبایت');
    expect(formatSize(5 * mb)).toBe('۵ مگابایت');
  });

  it('a file just over the limit is rounded up, so it never reads as the limit itself', () => {
    const justOver = 5 * mb + 1;
    expect(formatSize(justOver)).toBe('۵ مگابایت');
    expect(uploadTexts.fileTooLarge('image', justOver)).toBe('حجم این فایل ۵٫۱ مگابایت است؛ حجم تصویر نباید بیشتر از ۵ مگابایت باشد');
  });
});

describe('the statement and the accept attribute', () => {
  it('lists the types with right-to-left marks after the commas and the limit', () => {
    expect(uploadTexts.statement('image')).toBe('قالب‌های مجاز: JPG،\u200f PNG،\u200f WebP،\u200f GIF یا AVIF؛ حداکثر ۵ مگابایت');
    expect(uploadTexts.statement('video')).toBe('قالب‌های مجاز: MP4،\u200f WebM،\u200f OGG یا MOV؛ حداکثر ۱۰۰ مگابایت');
    expect(uploadTexts.badType('video')).toBe('نوع فایل مجاز نیست؛ ویدیو باید MP4،\u200f WebM،\u200f OGG یا MOV باشد');
  });

  it('accepts each type by its content type and by every extension', () => {
    const accept = acceptOf('image').split(',');
    for (const type of uploadRules.image.types) {
      expect(accept).toContain(type.mime);
      for (const ext of type.extensions) expect(accept).toContain(`.${ext}`);
    }
    expect(accept).not.toContain('video/mp4');
  });
});

describe('the check before sending', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('takes a file whose type or extension is one of the kind’s', () => {
    expect(uploadProblem('image', file('photo.PNG', '', 10))).toBeUndefined();
    expect(uploadProblem('image', file('photo', 'IMAGE/JPEG', 10))).toBeUndefined();
    expect(uploadProblem('video', file('clip.mov', 'video/quicktime', 10))).toBeUndefined();
  });

  it('refuses another type, a file over the limit and an empty file, in that order', () => {
    expect(uploadProblem('image', file('notes.txt', 'text/plain', 10))).toBe(uploadTexts.badType('image'));
    expect(uploadProblem('image', file('clip.mp4', 'video/mp4', 10))).toBe(uploadTexts.badType('image'));
    expect(uploadProblem('image', file('big.png', 'image/png', 5 * mb + 1))).toBe(uploadTexts.fileTooLarge('image', 5 * mb + 1));
    expect(uploadProblem('image', file('edge.png', 'image/png', 5 * mb))).toBeUndefined();
    expect(uploadProblem('image', file('empty.png', 'image/png', 0))).toBe('فایل انتخاب‌شده خالی است');
    expect(uploadProblem('video', file('big.mp4', 'video/mp4', 100 * mb + 1))).toBe(uploadTexts.fileTooLarge('video', 100 * mb + 1));
  });
});

describe('stored names', () => {
  it('a sniffed type is stored under its first extension, only by a kind that accepts it', () => {
    expect(storedExtension('image', 'image/jpeg')).toBe('jpg');
    expect(storedExtension('video', 'video/ogg')).toBe('ogv');
    expect(storedExtension('image', 'video/mp4')).toBeUndefined();
    expect(storedExtension('image', 'image/svg+xml')).toBeUndefined();
  });

  it('a stored extension stands for its content type, whatever its case', () => {
    expect(contentTypeOfExtension('JPEG')).toBe('image/jpeg');
    expect(contentTypeOfExtension('ogg')).toBe('video/ogg');
    expect(contentTypeOfExtension('webm')).toBe('video/webm');
    expect(contentTypeOfExtension('svg')).toBeUndefined();
    expect(contentTypeOfExtension('')).toBeUndefined();
  });
});

describe('the declaration itself, as every reader sees it', () => {
  it('each kind’s accept attribute names its types and extensions, in order', () => {
    expect(acceptOf('image')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp,image/gif,.gif,image/avif,.avif');
    expect(acceptOf('video')).toBe('video/mp4,.mp4,video/webm,.webm,video/ogg,.ogv,.ogg,video/quicktime,.mov');
  });

  it('each limit and noun is in the refusals', () => {
    expect(uploadTexts.tooLarge('image')).toBe('حجم تصویر نباید بیشتر از ۵ مگابایت باشد');
    expect(uploadTexts.tooLarge('video')).toBe('حجم ویدیو نباید بیشتر از ۱۰۰ مگابایت باشد');
    expect(uploadTexts.badType('image')).toBe('نوع فایل مجاز نیست؛ تصویر باید JPG،\u200f PNG،\u200f WebP،\u200f GIF یا AVIF باشد');
    expect(uploadRules.image.maxBytes).toBe(5 * mb);
    expect(uploadRules.video.maxBytes).toBe(100 * mb);
  });

  it('every type is stored under its first extension, and every extension stands for its type', () => {
    const stored = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif' };
    for (const [mime, ext] of Object.entries(stored)) expect(storedExtension('image', mime)).toBe(ext);
    const videos = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv', 'video/quicktime': 'mov' };
    for (const [mime, ext] of Object.entries(videos)) expect(storedExtension('video', mime)).toBe(ext);
    const types = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', mp4: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg', mov: 'video/quicktime' };
    for (const [ext, mime] of Object.entries(types)) expect(contentTypeOfExtension(ext)).toBe(mime);
  });
});

describe('sizes and names at their edges', () => {
  it('a megabyte is read in megabytes, a byte less in kilobytes', () => {
    expect(formatSize(mb)).toBe('۱ مگابایت');
    expect(formatSize(mb - 1)).toBe('۱٬۰۲۴ کیلوبایت');
  });

  it('a name without a dot has no extension; a name that is only one has', () => {
    const file = (name: string) => ({ name, type: '', size: 10 });
    expect(uploadProblem('image', file('png'))).toBe(uploadTexts.badType('image'));
    expect(uploadProblem('image', file('.png'))).toBeUndefined();
    expect(uploadProblem('video', file('archive.mp4.zip'))).toBe(uploadTexts.badType('video'));
  });
});
