// @vitest-environment node
// The first start on an empty data dir: the sample images the seed copies are all there and are
// real WebP files (by content, as an upload is checked), and the first administrator's password (hashed while the server's modules load, by
// main.ts) signs in.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, dayKey } from '../../../schema/rules/calendar';
import { company } from '../../../schema/rules/company';
import { hashPassword } from '../../../server/features/identity/passwords';
import { freePort } from '../../e2e/harness';
import { usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';
import { serverEntry } from '../../support/server-entry';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

/** Width and height from a lossy WebP's VP8 frame header, after checking the container. */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.toString('ascii', 8, 16)).toBe('WEBPVP8 ');
  expect([...bytes.subarray(23, 26)]).toEqual([0x9d, 0x01, 0x2a]); // the key frame's start code
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

describe('first start', () => {
  it('seeds courses that start on their first session, held in person at the academy’s own address', async () => {
    type Course = { slug: string; title: string; type: string; address: string; timeOfHolding: string | null };
    const courses = (await server.call<Course[]>('GET', '/api/Course/GetSelectList', { token: admin })).body;
    const today = dayKey(academyDayOf(Date.now()));
    const dayOf = (iso: string) => dayKey(academyDayOf(Date.parse(iso)));
    let checked = 0;
    for (const course of courses) {
      if (course.type === 'offline') expect(course.address, course.title).toBe(company.address);
      if (!course.timeOfHolding || dayOf(course.timeOfHolding) < today) continue;
      const sessions = await server.call<Array<{ date: string; status: string }>>('GET', '/api/Public/courses/{slug}/sessions', { params: { slug: course.slug } });
      // An inactive course has no public sessions to compare with.
      const first = sessions.status === 200 ? sessions.body.find((session) => session.status === 'scheduled') : undefined;
      if (!first) continue;
      expect(dayOf(first.date), course.title).toBe(dayOf(course.timeOfHolding));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('seeds every sample image the catalogue shows, as a complete WebP', async () => {
    const shown: Array<[string, string]> = [];
    for (const [list, field] of [
      ['/api/Category/GetSelectList', 'coverImage'],
      ['/api/Teacher/GetSelectList', 'coverImage'],
      ['/api/Course/GetSelectList', 'coverImage'],
      ['/api/Article/GetSelectList', 'image'],
    ] as const) {
      const answer = await server.call<Array<Record<string, unknown>>>('GET', list, { token: admin });
      for (const row of answer.body) shown.push([list, String(row[field])]);
    }
    expect(shown.length).toBe(5 + 4 + 13 + 4);
    const listed = await server.call<string[]>('GET', '/api/File/all-images', { token: admin });
    for (const [list, name] of shown) {
      expect(listed.body, `${list}: ${name}`).toContain(name);
      const served = await fetch(`${server.url}/api/File/image/${encodeURIComponent(name)}`);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect((await fileTypeFromBuffer(bytes))?.mime, name).toBe('image/webp');
      const size = webpSize(bytes);
      expect(size, name).toEqual(list.includes('Teacher') ? { width: 256, height: 256 } : { width: 640, height: 360 });
    }
  });

  it('uses the password and hash begun before the app loaded, and prints a generated password once', async () => {
    const password = 'early-generated-password-1';
    const early = await startServer({ adminPassword: undefined, firstAdmin: { password, generated: true, hash: hashPassword(password) } });
    try {
      expect(early.printed.join('\n')).toContain(`password ${password}`);
      expect(await early.signIn(adminPhone, password)).toMatch(/^ey/);
    } finally {
      await early.close();
    }
  });

  // main.ts itself, as `npm run serve:dev` runs it; its early hashing is for the SQLite file.
  it.skipIf(usePostgres)('npm start on an empty data dir: the printed password signs in, and is printed only once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-first-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1' };
    for (const name of ['ADMIN_PASSWORD', 'ADMIN_PHONE', 'DATABASE_URL', 'DATABASE_FILE', 'JWT_SECRET', 'MEDIA_DIR']) delete env[name];
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, serverEntry(), { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.once('exit', () => reject(new Error(`server exited: ${output}`)));
        const poll = setInterval(() => {
          if (output.includes('Academy is running')) {
            clearInterval(poll);
            resolve();
          }
        }, 20);
      });
      const stop = async () => {
        child.removeAllListeners('exit');
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      };
      return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
    };
    try {
      const first = await start();
      const password = /Admin sign-in: phone 09120000000 password (\S+)/.exec(first.output())?.[1];
      try {
        expect(password).toMatch(/^[\w-]{16}$/);
        const signIn = (pw: string) =>
          fetch(`${first.url}/api/Auth/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: adminPhone, password: pw }) });
        expect((await signIn(password ?? '')).status).toBe(200);
        expect((await signIn(`${password ?? ''}x`)).status).toBe(401);
      } finally {
        await first.stop();
      }
      const second = await start();
      await second.stop();
      expect(second.output()).not.toContain('Admin sign-in');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
