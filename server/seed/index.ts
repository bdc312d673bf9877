// First-start sample data: an administrator, a few learners, a realistic catalogue and the
// images it shows. Runs only while the users table is empty.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAdminPhone, type AppConfig } from '../platform/config';
import type { Transaction } from 'kysely';
import { administratorRole } from '../../schema/rules/roles';
import { lockForSeeding, nowIso, type Database, type DB } from '../platform/db';
import { type MediaStore, isVariantName, type Rgb } from '../features/media/port';
import { hashPassword, unusablePasswordHash } from '../features/identity/port';
import { seedStaffAccounts, type SeededStaff } from './staff';
import { seedFeatures } from '../features/index';
import { seedNotifications } from '../features/messaging/port';
import { sanitizeRichText } from '../platform/sanitize';
import { slugify } from '../platform/slug';
import { articles, categories, courses, day, inDays, teachers } from './catalogue';
import { numberSeededInvoices, seedMoney, type SeedPaidAuthority, seedSalesHistory, seedWaitlist } from './money';
import { seedInboxAndHistory } from './messages';
import { seedRoll, seedSchedule } from './classes';

const learners = [
  { firstName: 'نرگس', lastName: 'حسینی', phoneNumber: '09121111111', emailAddress: 'narges@example.com' },
  { firstName: 'رضا', lastName: 'موسوی', phoneNumber: '09122222222', emailAddress: '' },
  { firstName: 'الهام', lastName: 'جعفری', phoneNumber: '09123333333', emailAddress: 'elham@example.com' },
];

const courseImage = (index: number) => `course-${index + 1}.webp`;

/** How scripts/make-seed-images.ts draws a sample image (see server/features/media/png.ts). */
export type SampleDrawing = { kind: 'cover'; from: Rgb; to: Rgb; seed: number } | { kind: 'person'; from: Rgb; to: Rgb };

const cover = (from: Rgb, to: Rgb, seed: number): SampleDrawing => ({ kind: 'cover', from, to, seed });
const person = (from: Rgb, to: Rgb): SampleDrawing => ({ kind: 'person', from, to });

/**
 * The images the seed stores, by file name. They are drawn once by scripts/make-seed-images.ts
 * and committed under server/seed/images/ (WebP, about a tenth of the PNGs once drawn here at
 * every first start), with their resized copies in server/seed/images/variants/: drawing and
 * resizing them would cost the first start, and they are the public pages' largest paint, so
 * their bytes matter on a phone.
 */
export const sampleImages: ReadonlyArray<{ file: string; drawing: SampleDrawing }> = [
  ...categories.map((c, i) => ({ file: c.file, drawing: cover(c.from, c.to, i + 1) })),
  ...teachers.map((t) => ({ file: t.file, drawing: person(t.from, t.to) })),
  ...courses.flatMap((c, i) => {
    const cat = categories[c.category];
    return cat ? [{ file: courseImage(i), drawing: cover(cat.to, cat.from, i + 11) }] : [];
  }),
  ...articles.map((a, i) => ({ file: a.file, drawing: cover(a.from, a.to, i + 31) })),
];

/**
 * server/seed/images/: beside this module in the sources, two folders up from the bundle's
 * chunk in dist-server/assets/.
 */
export function sampleImagesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here, up = 0; up < 4; dir = path.dirname(dir), up++) {
    const candidate = path.join(dir, 'server', 'seed', 'images');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`server/seed/images not found above ${here}`);
}

/** Rows inserted in one statement, their ids by a unique column (RETURNING's order is unspecified). */
function idsBy<K extends string>(rows: ReadonlyArray<{ id: number } & Record<K, string>>, key: K): Map<string, number> {
  return new Map(rows.map((row) => [row[key], row.id]));
}

const unissuedAuthority: SeedPaidAuthority = () => `SEED-${randomBytes(8).toString('hex').toUpperCase()}`;

export async function seedIfEmpty(
  db: DB,
  media: MediaStore,
  config: AppConfig,
  print: (line: string) => void,
  paidAuthority: SeedPaidAuthority = unissuedAuthority,
): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;

  const adminPhone = config.adminPhone ?? '';
  const phone = /^09\d{9}$/.test(adminPhone) ? adminPhone : defaultAdminPhone;
  const password = config.firstAdmin?.password ?? config.adminPassword ?? randomBytes(12).toString('base64url');
  const generated = config.firstAdmin ? config.firstAdmin.generated : !config.adminPassword;
  // scrypt (N = 2^17, ~0.7 s) runs on libuv's thread pool, usually begun by main.ts before the
  // server's modules loaded. The ready-made images are copied and the catalogue inserted while it
  // finishes; only the administrator's row waits for it.
  const hashing = config.firstAdmin?.hash ?? hashPassword(password);
  // A production database gets its administrator and nothing else: no sample learner, order,
  // session or message would ever be the academy's own, and a sample session is one nobody ends.
  const sample = config.sampleData !== false;
  const dir = sampleImagesDir();
  const images = (sample ? sampleImages : []).map(async ({ file }) => {
    await media.save('images', file, await readFile(path.join(dir, file)));
    // Their resized copies were made ahead too (server/seed/images/variants/<file>/).
    const variantDir = path.join(dir, 'variants', file);
    const names = (await readdir(variantDir)).filter(isVariantName);
    await media.saveVariants(file, await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(variantDir, name)) }))));
  });

  // One password for every sample staff account, hashed once, printed with the administrator's.
  const staffPassword = randomBytes(9).toString('base64url');
  const staffHashing = sample ? hashPassword(staffPassword) : Promise.resolve('');
  const staff: SeededStaff[] = [];
  const now = nowIso();
  const insertAdministrator = async (trx: Transaction<Database>) =>
    trx
      .insertInto('users')
      .values({
        firstName: 'مدیر',
        lastName: 'سامانه',
        phoneNumber: phone,
        emailAddress: '',
        passwordHash: await hashing,
        role: administratorRole,
        isLockout: 0,
        lastLogin: null,
        createdAt: now,
        tokenVersion: 0,
      })
      .execute();
  const inserting = db.transaction().execute(async (trx) => {
    // Re-checked inside the transaction: two processes starting together seed once.
    await lockForSeeding(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return;
    // What each feature puts in every new database (the example staff roles), sample data or not.
    await seedFeatures(trx);
    if (!sample) {
      await insertAdministrator(trx);
      return;
    }
    const categoryIds = idsBy(
      await trx
        .insertInto('categories')
        .values(categories.map((c) => ({ name: c.name, slug: slugify(c.name), inActive: 0, coverImage: c.file })))
        .returning(['id', 'name'])
        .execute(),
      'name',
    );
    const teacherIds = idsBy(
      await trx
        .insertInto('teachers')
        .values(teachers.map((t) => ({ fullName: t.fullName, slug: slugify(t.fullName), skill: t.skill, descirption: t.descirption, coverImage: t.file })))
        .returning(['id', 'fullName'])
        .execute(),
      'fullName',
    );
    const courseIds = idsBy(
      await trx
        .insertInto('courses')
        .values(
          courses.map((c, i) => ({
            title: c.title,
            slug: slugify(c.title),
            durationInHours: c.hours,
            timeOfHolding: inDays(c.holdingInDays),
            registrationDeadline: inDays(c.deadlineInDays, 23),
            priceInTomans: c.price,
            description: c.description,
            coverImage: courseImage(i),
            coverVideo: '',
            headings: c.headings.join('\n'),
            prerequisite: c.prerequisite,
            techerId: teacherIds.get(teachers[c.teacher]?.fullName ?? '') ?? 0,
            categoryId: categoryIds.get(categories[c.category]?.name ?? '') ?? 0,
            difficulty: c.difficulty,
            type: c.type,
            inActive: c.inActive ? 1 : 0,
            createdAt: now,
          })),
        )
        .returning(['id', 'title'])
        .execute(),
      'title',
    );
    await seedSchedule(trx, courseIds);
    await trx
      .insertInto('articles')
      .values(
        articles.map((a) => ({
          author: a.author,
          name: a.name,
          body: sanitizeRichText(a.body),
          image: a.file,
          slug: slugify(a.name),
          createdAt: new Date(Date.now() - a.daysAgo * day).toISOString(),
        })),
      )
      .execute();

    // The administrator first, so it keeps id 1 as before.
    await insertAdministrator(trx);
    staff.push(...(await seedStaffAccounts(trx, teacherIds, await staffHashing, now)));
    // Sample learners cannot sign in (unusable hash); they make the admin screens look real.
    const learnerIds = idsBy(
      await trx
        .insertInto('users')
        .values(
          learners.map((l, i) => ({
            ...l,
            passwordHash: unusablePasswordHash,
            role: 1,
            isLockout: i === 2 ? 1 : 0,
            lastLogin: i === 0 ? new Date(Date.now() - day).toISOString() : null,
            createdAt: new Date(Date.now() - (10 - i) * day).toISOString(),
            tokenVersion: 0,
          })),
        )
        .returning(['id', 'phoneNumber'])
        .execute(),
      'phoneNumber',
    );

    const admin = await trx.selectFrom('users').select('id').where('phoneNumber', '=', phone).executeTakeFirstOrThrow();
    await seedInboxAndHistory(
      trx,
      admin.id,
      learners.flatMap((l) => learnerIds.get(l.phoneNumber) ?? []),
    );

    // One family with a paid order, so the learner screens and the dashboard have real numbers.
    const [c1, c2] = [courses[0], courses[3]];
    const parentId = learnerIds.get(learners[0]?.phoneNumber ?? '');
    const firstCourse = courseIds.get(c1?.title ?? '');
    const secondCourse = courseIds.get(c2?.title ?? '');
    if (!c1 || !c2 || parentId === undefined || firstCourse === undefined || secondCourse === undefined) return;
    const kids = idsBy(
      await trx
        .insertInto('children')
        .values([
          { firstName: 'آرین', lastName: 'حسینی', birthDate: '2015-04-12T00:00:00.000Z', grade: 'چهارم دبستان', userId: parentId },
          { firstName: 'باران', lastName: 'حسینی', birthDate: '2012-09-03T00:00:00.000Z', grade: 'هفتم', userId: parentId },
        ])
        .returning(['id', 'firstName'])
        .execute(),
      'firstName',
    );
    const kid1 = kids.get('آرین');
    const kid2 = kids.get('باران');
    if (kid1 === undefined || kid2 === undefined) return;
    const paidAt = new Date(Date.now() - 3 * day).toISOString();
    const order = await trx
      .insertInto('orders')
      .values({
        userId: parentId,
        status: 'paid',
        totalInTomans: c1.price + c2.price,
        // Replaced by the one its gateway attempts name (seedMoney).
        authority: unissuedAuthority({ amountInTomans: c1.price + c2.price, at: paidAt }),
        refId: '201',
        createdAt: paidAt,
        paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values([
        { orderId: order.id, childId: kid1, courseId: firstCourse, listPriceInTomans: c1.price, priceInTomans: c1.price, childName: 'آرین حسینی', courseTitle: c1.title },
        { orderId: order.id, childId: kid2, courseId: secondCourse, listPriceInTomans: c2.price, priceInTomans: c2.price, childName: 'باران حسینی', courseTitle: c2.title },
      ])
      .execute();
    await trx
      .insertInto('enrollments')
      .values([
        { childId: kid1, courseId: firstCourse, orderId: order.id, enrolledAt: paidAt },
        { childId: kid2, courseId: secondCourse, orderId: order.id, enrolledAt: paidAt },
      ])
      .execute();
    await seedRoll(trx, admin.id, firstCourse);
    await seedMoney(trx, {
      firstOrder: { id: order.id, authority: null, at: paidAt, amount: c1.price + c2.price },
      paidAuthority,
      learnerIds: learners.slice(1).flatMap((l) => learnerIds.get(l.phoneNumber) ?? []),
      courses: courses.flatMap((c) => {
        const id = courseIds.get(c.title);
        return id === undefined ? [] : [{ id, title: c.title, price: c.price }];
      }),
    });
    const historyParent = learnerIds.get(learners[2]?.phoneNumber ?? '');
    const historyCourses = courses.slice(4, 10).flatMap((c) => {
      const id = courseIds.get(c.title);
      return id === undefined ? [] : [{ id, title: c.title, price: c.price }];
    });
    if (historyParent !== undefined) await seedSalesHistory(trx, historyParent, historyCourses, paidAuthority);
    await numberSeededInvoices(trx);
    await seedWaitlist(trx, courses.flatMap((c) => courseIds.get(c.title) ?? []));
    // The messages the seeded enrolments and offer sent (server/features/messaging/notifications.ts).
    await seedNotifications(trx);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await trx
      .insertInto('contact_messages')
      .values([
        {
          fullName: 'مهسا کریمی',
          phoneNumber: '09123456780',
          emailAddress: 'mahsa.karimi@example.com',
          message: 'سلام، پسرم نه ساله است و به رباتیک علاقه دارد. کدام دوره را برای شروع پیشنهاد می‌کنید؟',
          createdAt: daysAgo(2),
        },
        {
          fullName: 'علی رستمی',
          phoneNumber: '09357654321',
          emailAddress: '',
          message: 'آیا برای دوره‌های حضوری امکان پرداخت اقساطی وجود دارد؟',
          createdAt: daysAgo(1),
        },
      ])
      .execute();
  });
  // All three awaited together, so a failure of any is reported, not left unhandled.
  await Promise.all([inserting, Promise.all(images), hashing, staffHashing]);

  if (!generated) print(`Admin sign-in: phone ${phone} (password from ADMIN_PASSWORD)`);
  else print(`Admin sign-in: phone ${phone} password ${password}  (shown only once; change it or set ADMIN_PASSWORD)`);
  if (staff.length > 0) {
    print(`Staff sign-in, each with password ${staffPassword} (shown only once; each sees the panel of its role):`);
    for (const person of staff) print(`  ${person.label}: phone ${person.phone}`);
  }
}
