// @vitest-environment node
// ASVS V5 (the upload holes of Strapi, Payload and Directus): size limits per kind; the type is
// sniffed from the bytes and must be an allowed raster image or video (no SVG, no HTML, however
// named); the stored name is the server's; serving and deleting refuse every path-traversal
// spelling and planted symlinks, and no file outside the media store is ever touched; served
// media is never rendered as a page.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: string;
/** Files outside the media store that no request may read, change or delete. */
let sentinels: Array<{ file: string; hash: string }> = [];
let outsideDir = '';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  // One sentinel in the data dir (next to the database), one in its parent, one in a sibling folder.
  outsideDir = `${server.dataDir}-outside`;
  mkdirSync(outsideDir, { recursive: true });
  const files = [path.join(server.dataDir, 'sentinel.png'), path.join(path.dirname(server.dataDir), `${path.basename(server.dataDir)}-sentinel.png`), path.join(outsideDir, 'sentinel.png')];
  for (const file of files) writeFileSync(file, `do not touch ${file}`);
  sentinels = [...files, path.join(server.dataDir, 'academy.sqlite')].map((file) => ({ file, hash: '' }));
  for (const s of sentinels) if (!s.file.endsWith('.sqlite')) s.hash = sha(s.file);
});
afterAll(async () => {
  await server.close();
  rmSync(outsideDir, { recursive: true, force: true });
  for (const s of sentinels) if (!s.file.startsWith(server.dataDir)) rmSync(s.file, { force: true });
});

function expectSentinelsIntact(label: string) {
  for (const s of sentinels) {
    expect(existsSync(s.file), `${label}: ${s.file} exists`).toBe(true);
    if (s.hash) expect(sha(s.file), `${label}: ${s.file} unchanged`).toBe(s.hash);
  }
}

const form = (bytes: Uint8Array, name: string, type: string) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
};

async function upload(kind: 'image' | 'video', bytes: Uint8Array, name: string, type: string) {
  const response = await fetch(`${server.url}/api/File/upload-${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form(bytes, name, type),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const mp4Header = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);

const mediaFiles = () =>
  ['images', 'videos'].flatMap((kind) => {
    const dir = path.join(server.dataDir, 'media', kind);
    return existsSync(dir) ? readdirSync(dir).map((f) => `${kind}/${f}`) : [];
  });

describe('upload limits and type sniffing', () => {
  it('answers 413 over the limit of each kind, and stores nothing', async () => {
    const before = mediaFiles();
    const bigImage = new Uint8Array(5 * 1024 * 1024 + 1);
    bigImage.set(encodePng(2, 2, () => [1, 2, 3]));
    const image = await upload('image', bigImage, 'big.png', 'image/png');
    expect(image.status).toBe(413);
    expect(image.text).toContain('۵ مگابایت');
    const bigVideo = new Uint8Array(100 * 1024 * 1024 + 1);
    bigVideo.set(mp4Header);
    const video = await upload('video', bigVideo, 'big.mp4', 'video/mp4');
    expect(video.status).toBe(413);
    expect(video.text).toContain('۱۰۰ مگابایت');
    // Just under the image limit is fine: the limit, not the size class, refused the above.
    const fits = new Uint8Array(5 * 1024 * 1024);
    fits.set(encodePng(2, 2, () => [1, 2, 3]));
    expect((await upload('image', fits, 'fits.png', 'image/png')).status).toBe(200);
    expect(mediaFiles().length).toBe(before.length + 1);
    expect(mediaFiles().filter((f) => f.includes('.part'))).toEqual([]);
  });

  it('refuses SVG, SVG renamed .png, HTML renamed .jpg and HTML-first polyglots, whatever the client claims', async () => {
    const before = mediaFiles();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    const png = encodePng(4, 4, () => [9, 9, 9]);
    const cases: Array<[string, 'image' | 'video', Uint8Array, string, string]> = [
      ['svg', 'image', text(svg), 'logo.svg', 'image/svg+xml'],
      ['svg with xml prolog', 'image', text(`<?xml version="1.0"?>${svg}`), 'logo.svg', 'image/svg+xml'],
      ['svg renamed .png', 'image', text(svg), 'logo.png', 'image/png'],
      ['html renamed .jpg', 'image', text(html), 'photo.jpg', 'image/jpeg'],
      ['html renamed .gif', 'image', text(html), 'anim.gif', 'image/gif'],
      ['html then png bytes', 'image', concat(text(html), png), 'poly.png', 'image/png'],
      ['svg then png bytes', 'image', concat(text(svg), png), 'poly.png', 'image/png'],
      ['html renamed .mp4', 'video', text(html), 'clip.mp4', 'video/mp4'],
      ['png as a video', 'video', png, 'clip.mp4', 'video/mp4'],
      ['pdf', 'image', text('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'), 'doc.png', 'image/png'],
      ['empty file', 'image', new Uint8Array(0), 'empty.png', 'image/png'],
    ];
    for (const [label, kind, bytes, name, type] of cases) {
      const answer = await upload(kind, bytes, name, type);
      expect(answer.status, label).toBe(400);
    }
    expect(mediaFiles()).toEqual(before);
  });

  it('names the stored file itself, from the sniffed type, ignoring the client name and type', async () => {
    const png = encodePng(4, 4, () => [1, 200, 3]);
    for (const name of ['../../evil.html', '..\\..\\evil.png', '/etc/passwd', 'a.png\u0000.html', 'x.svg', 'عکس.png']) {
      const answer = await upload('image', png, name, 'text/html');
      expect(answer.status, name).toBe(200);
      const { fileName } = v.parse(v.object({ fileName: v.string() }), JSON.parse(answer.text));
      expect(fileName, name).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(existsSync(path.join(server.dataDir, 'media', 'images', fileName))).toBe(true);
    }
    expectSentinelsIntact('upload names');
  });

  it('serves a PNG-first polyglot only as an inert image (image type, nosniff, sandboxed, never HTML)', async () => {
    // Bytes that are a valid PNG but carry HTML after the image end: the type check rightly says
    // PNG, so the serving headers are what keeps the HTML from ever running.
    const poly = concat(encodePng(2, 2, () => [0, 0, 0]), text('<html><script>window.__xss=1</script></html>'));
    const answer = await upload('image', poly, 'poly.html', 'text/html');
    expect(answer.status).toBe(200);
    const { fileName } = v.parse(v.object({ fileName: v.string() }), JSON.parse(answer.text));
    expect(fileName).toMatch(/\.png$/);
    const served = await fetch(`${server.url}/api/File/image/${fileName}`, { headers: { accept: 'text/html' } });
    await served.arrayBuffer();
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition') ?? 'inline').not.toMatch(/html/);
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|;\s*)sandbox(\s|;|$)/);
    expect(/script-src([^;]*)/.exec(csp)?.[1] ?? '').not.toContain("'unsafe-inline'");
  });
});

/** A raw POST: the body (one byte per character) and Content-Type go out exactly as written, however broken. */
function rawPost(target: string, contentType: string | null, latin1Body: string): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(server.url);
  const body = Buffer.from(latin1Body, 'latin1');
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${admin}`, 'content-length': body.length };
    if (contentType !== null) headers['content-type'] = contentType;
    const request = http.request({ host: hostname, port, method: 'POST', path: target, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('malformed multipart bodies', () => {
  it('answers every broken spelling with 400 and a Persian message, never 500, and stores nothing', async () => {
    const boundary = 'AcademyBoundary123';
    const head = (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const png = encodePng(4, 4, () => [9, 8, 7]).toString('latin1');
    const whole = `${head(boundary)}${png}\r\n--${boundary}--\r\n`;
    const form = `multipart/form-data; boundary=${boundary}`;
    const cases: Array<[string, string | null, string]> = [
      ['truncated part (no closing boundary)', form, `${head(boundary)}${png}`],
      ['truncated part after its CRLF', form, `${head(boundary)}${png}\r\n`],
      ['truncated part header', form, `--${boundary}\r\nContent-Disposition: form-da`],
      ['missing boundary parameter', 'multipart/form-data', whole],
      ['empty boundary parameter', 'multipart/form-data; boundary=', whole],
      ['unterminated quoted boundary', 'multipart/form-data; boundary="AcademyBoundary123', whole],
      ['boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(71)}`, whole],
      ['wrong boundary', 'multipart/form-data; boundary=SomethingElse', whole],
      ['body that is no multipart at all', form, 'hello world'],
      ['part header without a blank line', form, `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n`],
      ['only the closing boundary', form, `--${boundary}--\r\n`],
      ['no content type', null, whole],
    ];
    const before = mediaFiles().length;
    for (const kind of ['image', 'video'] as const) {
      for (const [label, contentType, body] of cases) {
        const answer = await rawPost(`/api/File/upload-${kind}`, contentType, body);
        expect(answer.status, `${kind}: ${label}`).toBe(400);
        expect(answer.contentType, `${kind}: ${label}`).toContain('application/json');
        const message = v.parse(v.object({ message: v.string() }), JSON.parse(answer.text)).message;
        expect(message, `${kind}: ${label}`).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(mediaFiles().length).toBe(before);
    // The same bytes, well formed, are accepted: the refusals above are about the framing.
    expect((await rawPost('/api/File/upload-image', form, whole)).status).toBe(200);
    console.log(`uploads: ${cases.length * 2} malformed multipart bodies refused with 400`);
  });
});

describe('path traversal on serve and delete', () => {
  const rawForms = [
    '..%2Fsentinel.png',
    '..%2f..%2fsentinel.png',
    '%2e%2e%2fsentinel.png',
    '%2e%2e/sentinel.png',
    '%252e%252e%252fsentinel.png',
    '..%252fsentinel.png',
    '%2Fetc%2Fpasswd',
    '..%5Csentinel.png',
    '..%5C..%5Csentinel.png',
    'sentinel.png%00.png',
    '%00',
    '..%00%2Fsentinel.png',
    '....%2F%2Fsentinel.png',
    '..%c0%afsentinel.png',
    '%2e%2e%5csentinel.png',
    '.%2E%2Fsentinel.png',
    '..',
    '.',
  ];
  const decodedForms = [
    '../sentinel.png',
    '../../sentinel.png',
    '..%2fsentinel.png',
    '%2e%2e%2fsentinel.png',
    '%252e%252e%252fsentinel.png',
    '/etc/passwd',
    '..\\sentinel.png',
    '..\\..\\sentinel.png',
    'sentinel.png\u0000.png',
    '\u0000',
    'images/../../sentinel.png',
    '....//sentinel.png',
    '../academy.sqlite',
    '../../academy.sqlite',
    'C:\\Windows\\win.ini',
    '',
    '.',
    '..',
  ];

  it('refuses every spelling on serve (both kinds), and touches nothing outside the store', async () => {
    let tried = 0;
    for (const kind of ['image', 'video']) {
      for (const name of rawForms) {
        const response = await fetch(`${server.url}/api/File/${kind}/${name}`);
        const body = await response.text();
        expect([400, 404], `${kind} ${name} → ${response.status}`).toContain(response.status);
        expect(body, name).not.toContain('do not touch');
        expect(body, name).not.toContain('root:');
        expectSentinelsIntact(`serve ${kind} ${name}`);
        tried += 1;
      }
    }
    console.log(`uploads: ${tried} traversal spellings refused on serve`);
  });

  it('refuses every spelling on delete (both media types, raw and encoded), and touches nothing outside the store', async () => {
    let tried = 0;
    // Known only once the server runs: the sentinels' absolute and store-relative paths.
    const computed = [
      path.join(outsideDir, 'sentinel.png'),
      `../../${path.basename(server.dataDir)}-sentinel.png`,
      `../../../${path.basename(server.dataDir)}-sentinel.png`,
      `../../../${path.basename(outsideDir)}/sentinel.png`,
    ];
    for (const mediaType of ['image', 'video']) {
      for (const fileName of [...decodedForms, ...computed]) {
        const response = await fetch(`${server.url}/api/File/delete?${new URLSearchParams({ fileName, mediaType }).toString()}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${admin}` },
        });
        await response.arrayBuffer();
        expect([400, 404], `${mediaType} ${JSON.stringify(fileName)} → ${response.status}`).toContain(response.status);
        expectSentinelsIntact(`delete ${fileName}`);
        tried += 1;
      }
      for (const raw of rawForms) {
        const response = await fetch(`${server.url}/api/File/delete?fileName=${raw}&mediaType=${mediaType}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${admin}` },
        });
        await response.arrayBuffer();
        expect([400, 404], `${mediaType} raw ${raw} → ${response.status}`).toContain(response.status);
        expectSentinelsIntact(`delete raw ${raw}`);
        tried += 1;
      }
    }
    console.log(`uploads: ${tried} traversal spellings refused on delete`);
  });

  it('neither follows nor deletes a symlink planted in the store that points outside', async () => {
    const images = path.join(server.dataDir, 'media', 'images');
    const videos = path.join(server.dataDir, 'media', 'videos');
    mkdirSync(images, { recursive: true });
    mkdirSync(videos, { recursive: true });
    const links: Array<[string, string, 'image' | 'video']> = [
      [path.join(images, 'planted.png'), path.join(outsideDir, 'sentinel.png'), 'image'],
      [path.join(images, 'planted2.png'), path.join(server.dataDir, 'sentinel.png'), 'image'],
      [path.join(videos, 'planted.mp4'), path.join(outsideDir, 'sentinel.png'), 'video'],
      [path.join(images, 'dirlink.png'), outsideDir, 'image'],
    ];
    for (const [link, target] of links) symlinkSync(target, link);
    for (const [link, , kind] of links) {
      const name = path.basename(link);
      const served = await fetch(`${server.url}/api/File/${kind}/${name}`);
      expect(await served.text(), name).not.toContain('do not touch');
      expect(served.status, name).toBe(404);
      const removed = await fetch(`${server.url}/api/File/delete?fileName=${name}&mediaType=${kind}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } });
      await removed.arrayBuffer();
      expect(removed.status, name).toBe(404);
      expectSentinelsIntact(`symlink ${name}`);
    }
    const listed = await fetch(`${server.url}/api/File/all-images`, { headers: { authorization: `Bearer ${admin}` } });
    const names = v.parse(v.array(v.string()), await listed.json());
    expect(names).not.toContain('planted.png');
    expect(names).not.toContain('dirlink.png');
    expect(readdirSync(outsideDir)).toEqual(['sentinel.png']);
  });
});
