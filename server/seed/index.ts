// First-start sample data: an administrator, a few learners, a realistic catalogue and the
// images it shows. Runs only while the users table is empty.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAdminPhone, type AppConfig } from '../platform/config';
import { lockForSeeding, nowIso, type Database, type DB, type OrderStatus, type PaymentAttemptKind, type PaymentAttemptOutcome, type WaitlistStatus } from '../platform/db';
import type { MediaStore } from '../features/media/mediaStore';
import { isVariantName } from '../features/media/imageVariants';
import { hashPassword, unusablePasswordHash } from '../features/identity/passwords';
import type { Rgb } from '../features/media/png';
import { seedNotifications } from '../features/messaging/notifications';
import { sanitizeRichText } from '../platform/sanitize';
import { slugify } from '../platform/slug';
import { dayOf, syncCourseSessions } from '../features/classes/schedule';
import { academyDayOf, academyDayStart, dayKey, weekdayOfDay, weekdayIndex } from '../../schema/rules/calendar';
import { toGregorian, toJalaali } from 'jalaali-js';

const day = 24 * 3600_000;
const inDays = (n: number, hour = 16) => {
  const d = new Date(Date.now() + n * day);
  return new Date(academyDayStart(academyDayOf(d)).getTime() + hour * 3_600_000).toISOString();
};

const categories: Array<{ name: string; from: Rgb; to: Rgb; file: string }> = [
  { name: 'رباتیک', from: [255, 112, 67], to: [121, 85, 72], file: 'category-robotics.webp' },
  { name: 'برنامه‌نویسی کودکان', from: [66, 165, 245], to: [92, 107, 192], file: 'category-kids-coding.webp' },
  { name: 'طراحی بازی', from: [171, 71, 188], to: [236, 64, 122], file: 'category-game-design.webp' },
  { name: 'هوش مصنوعی', from: [38, 166, 154], to: [41, 98, 255], file: 'category-ai.webp' },
  { name: 'الکترونیک', from: [255, 202, 40], to: [239, 83, 80], file: 'category-electronics.webp' },
];

const teachers: Array<{ fullName: string; skill: string; descirption: string; from: Rgb; to: Rgb; file: string }> = [
  {
    fullName: 'مریم احمدی',
    skill: 'رباتیک و برنامه‌نویسی آردوینو',
    descirption: 'کارشناس ارشد مکاترونیک با هشت سال سابقه آموزش رباتیک به نوجوانان و مربی تیم‌های مسابقات ملی.',
    from: [255, 138, 101],
    to: [191, 54, 12],
    file: 'teacher-maryam-ahmadi.webp',
  },
  {
    fullName: 'علی رضایی',
    skill: 'پایتون و هوش مصنوعی',
    descirption: 'برنامه‌نویس ارشد یادگیری ماشین که دوست دارد مفاهیم پیچیده را با مثال‌های ساده و بازی آموزش دهد.',
    from: [100, 181, 246],
    to: [13, 71, 161],
    file: 'teacher-ali-rezaei.webp',
  },
  {
    fullName: 'سارا کریمی',
    skill: 'طراحی بازی با اسکرچ و یونیتی',
    descirption: 'طراح بازی‌های آموزشی و مدرس دوره‌های خلاقیت دیجیتال برای کودکان هفت تا چهارده سال.',
    from: [206, 147, 216],
    to: [106, 27, 154],
    file: 'teacher-sara-karimi.webp',
  },
  {
    fullName: 'حسین محمدی',
    skill: 'الکترونیک و اینترنت اشیا',
    descirption: 'مهندس الکترونیک و سازنده ده‌ها پروژه اینترنت اشیا؛ در کلاس‌هایش هر جلسه یک مدار واقعی ساخته می‌شود.',
    from: [255, 213, 79],
    to: [230, 81, 0],
    file: 'teacher-hossein-mohammadi.webp',
  },
];

interface SeedCourse {
  title: string;
  category: number;
  teacher: number;
  type: 'online' | 'offline';
  difficulty: '' | 'introductory' | 'advanced' | 'bootcamps';
  hours: number;
  price: number;
  holdingInDays: number;
  deadlineInDays: number;
  inActive?: boolean;
  prerequisite: string;
  description: string;
  headings: string[];
}

const courses: SeedCourse[] = [
  {
    title: 'رباتیک مقدماتی با لگو',
    category: 0, teacher: 0, type: 'offline', difficulty: 'introductory', hours: 16, price: 2_400_000,
    holdingInDays: 12, deadlineInDays: 9, prerequisite: 'ندارد',
    description: 'در این دوره کودکان با قطعات لگو ربات‌های ساده می‌سازند و با حسگرها و موتورها آشنا می‌شوند.',
    headings: ['آشنایی با قطعات و موتورها', 'ساخت ربات مسیریاب', 'حسگر رنگ و فاصله', 'پروژه پایانی: ربات امدادگر'],
  },
  {
    title: 'ساخت ربات با آردوینو',
    category: 0, teacher: 0, type: 'offline', difficulty: 'advanced', hours: 24, price: 3_900_000,
    holdingInDays: 30, deadlineInDays: 25, prerequisite: 'رباتیک مقدماتی یا آشنایی با مدارهای ساده',
    description: 'برنامه‌نویسی برد آردوینو، کار با سروو و موتور DC و ساخت یک ربات کامل که با گوشی کنترل می‌شود.',
    headings: ['برد آردوینو و محیط برنامه‌نویسی', 'کنترل موتورها', 'ارتباط بلوتوث', 'ساخت ربات کنترلی'],
  },
  {
    title: 'بوت‌کمپ تابستانی رباتیک',
    category: 0, teacher: 0, type: 'offline', difficulty: 'bootcamps', hours: 40, price: 7_500_000,
    holdingInDays: 45, deadlineInDays: 38, prerequisite: 'ندارد',
    description: 'دو هفته کار فشرده گروهی: طراحی، ساخت و مسابقه ربات‌ها در پایان دوره.',
    headings: ['کار گروهی و طراحی', 'مکانیک ربات', 'برنامه‌نویسی', 'مسابقه پایانی'],
  },
  {
    title: 'اسکرچ برای کودکان',
    category: 1, teacher: 2, type: 'online', difficulty: 'introductory', hours: 12, price: 1_200_000,
    holdingInDays: 7, deadlineInDays: 5, prerequisite: 'ندارد',
    description: 'کودکان با کشیدن و رها کردن بلوک‌ها داستان و انیمیشن می‌سازند و پایه‌های فکر برنامه‌نویسی را می‌آموزند.',
    headings: ['شخصیت‌ها و صحنه', 'حلقه‌ها و شرط‌ها', 'متغیرها', 'ساخت یک داستان تعاملی'],
  },
  {
    title: 'پایتون برای نوجوانان',
    category: 1, teacher: 1, type: 'online', difficulty: 'introductory', hours: 20, price: 2_800_000,
    holdingInDays: 20, deadlineInDays: 15, prerequisite: 'آشنایی با کار با رایانه',
    description: 'آموزش گام‌به‌گام زبان پایتون با پروژه‌های کوچک و جذاب مثل ماشین‌حساب و بازی حدس عدد.',
    headings: ['متغیر و نوع داده', 'شرط و حلقه', 'تابع', 'پروژه: بازی حدس عدد'],
  },
  {
    title: 'ساخت وب‌سایت با HTML و CSS',
    category: 1, teacher: 1, type: 'online', difficulty: '', hours: 14, price: 1_900_000,
    holdingInDays: 3, deadlineInDays: -2, prerequisite: 'ندارد',
    description: 'نوجوانان اولین صفحه وب خود را می‌سازند و با رنگ، چیدمان و تصویر آن را زیبا می‌کنند.',
    headings: ['ساختار صفحه', 'رنگ و فونت', 'چیدمان با فلکس', 'انتشار سایت'],
  },
  {
    title: 'طراحی بازی با اسکرچ',
    category: 2, teacher: 2, type: 'online', difficulty: 'introductory', hours: 12, price: 1_500_000,
    holdingInDays: 10, deadlineInDays: 8, prerequisite: 'اسکرچ برای کودکان',
    description: 'طراحی مرحله، امتیاز و شخصیت‌های بازی؛ هر کودک در پایان یک بازی کامل منتشر می‌کند.',
    headings: ['ایده و داستان بازی', 'حرکت و برخورد', 'امتیاز و مرحله', 'انتشار بازی'],
  },
  {
    title: 'بازی‌سازی سه‌بعدی با یونیتی',
    category: 2, teacher: 2, type: 'offline', difficulty: 'advanced', hours: 30, price: 4_800_000,
    holdingInDays: 35, deadlineInDays: 28, prerequisite: 'آشنایی با یک زبان برنامه‌نویسی',
    description: 'آشنایی با موتور یونیتی، فیزیک بازی و برنامه‌نویسی سی‌شارپ برای ساخت یک بازی سه‌بعدی ساده.',
    headings: ['محیط یونیتی', 'فیزیک و برخورد', 'اسکریپت‌نویسی', 'ساخت نسخه نهایی'],
  },
  {
    title: 'هوش مصنوعی برای کودکان',
    category: 3, teacher: 1, type: 'online', difficulty: 'introductory', hours: 10, price: 1_600_000,
    holdingInDays: 14, deadlineInDays: 11, prerequisite: 'ندارد',
    description: 'کودکان با ابزارهای ساده یاد می‌گیرند چطور رایانه از مثال‌ها یاد می‌گیرد و تصویرها را تشخیص می‌دهد.',
    headings: ['هوش مصنوعی چیست؟', 'آموزش با مثال', 'تشخیص تصویر', 'پروژه کلاسی'],
  },
  {
    title: 'یادگیری ماشین با پایتون',
    category: 3, teacher: 1, type: 'online', difficulty: 'advanced', hours: 32, price: 5_200_000,
    holdingInDays: 40, deadlineInDays: 33, prerequisite: 'پایتون برای نوجوانان',
    description: 'کار با داده، رسم نمودار و ساخت نخستین مدل‌های یادگیری ماشین با کتابخانه‌های رایج پایتون.',
    headings: ['کار با داده', 'رسم نمودار', 'رگرسیون و طبقه‌بندی', 'پروژه پایانی'],
  },
  {
    title: 'بوت‌کمپ هوش مصنوعی نوجوانان',
    category: 3, teacher: 1, type: 'online', difficulty: 'bootcamps', hours: 48, price: 9_000_000,
    holdingInDays: 60, deadlineInDays: 50, inActive: true, prerequisite: 'یادگیری ماشین با پایتون',
    description: 'دوره فشرده ساخت پروژه‌های واقعی هوش مصنوعی؛ زمان‌بندی این دوره هنوز قطعی نشده است.',
    headings: ['شبکه‌های عصبی', 'بینایی ماشین', 'پردازش زبان', 'ارائه پروژه'],
  },
  {
    title: 'الکترونیک مقدماتی',
    category: 4, teacher: 3, type: 'offline', difficulty: 'introductory', hours: 16, price: 2_100_000,
    holdingInDays: 9, deadlineInDays: 6, prerequisite: 'ندارد',
    description: 'آشنایی با قطعات الکترونیکی، بردبورد و ساخت مدارهای ساده مثل چراغ چشمک‌زن و زنگ هشدار.',
    headings: ['ولتاژ و جریان', 'مقاومت و LED', 'کار با بردبورد', 'ساخت زنگ هشدار'],
  },
  {
    title: 'اینترنت اشیا با ESP32',
    category: 4, teacher: 3, type: 'offline', difficulty: 'advanced', hours: 26, price: 4_300_000,
    holdingInDays: 28, deadlineInDays: 21, prerequisite: 'الکترونیک مقدماتی',
    description: 'ساخت دستگاه‌های هوشمند که از راه دور کنترل می‌شوند؛ از خواندن دما تا روشن کردن لامپ با گوشی.',
    headings: ['برد ESP32', 'حسگرها', 'اتصال به اینترنت', 'داشبورد کنترل'],
  },
];

const articles: Array<{ author: string; name: string; body: string; from: Rgb; to: Rgb; file: string; daysAgo: number }> = [
  {
    author: 'مریم احمدی',
    name: 'چرا رباتیک برای کودکان مفید است؟',
    from: [255, 171, 145], to: [216, 67, 21], file: 'article-robotics-benefits.webp', daysAgo: 20,
    body:
      '<h2>یادگیری با دست‌ها</h2><p>رباتیک به کودکان فرصت می‌دهد مفاهیم علمی را <strong>لمس کنند</strong>. وقتی ربات ساخته‌شده حرکت می‌کند، ' +
      'کودک نتیجه فکر خود را می‌بیند و اعتمادبه‌نفسش بیشتر می‌شود.</p><h2>مهارت‌هایی که پرورش می‌یابد</h2><ul><li>حل مسئله</li>' +
      '<li>کار گروهی</li><li>تفکر منطقی</li><li>صبر و پشتکار</li></ul><blockquote><p>بهترین راه یادگیری، ساختن است.</p></blockquote>',
  },
  {
    author: 'علی رضایی',
    name: 'از کجا برنامه‌نویسی را شروع کنیم؟',
    from: [129, 212, 250], to: [1, 87, 155], file: 'article-start-coding.webp', daysAgo: 14,
    body:
      '<p>برای کودکان زیر ده سال، محیط‌های بلوکی مانند <em>اسکرچ</em> بهترین شروع هستند. نوجوانان می‌توانند مستقیم با پایتون آغاز کنند.</p>' +
      '<h2>یک برنامه کوچک پایتون</h2><pre><code>name = input("اسمت چیه؟")\nprint("سلام", name)</code></pre>' +
      '<p style="text-align: center">مهم‌ترین نکته: <u>هر روز کمی تمرین کنید</u>.</p>',
  },
  {
    author: 'سارا کریمی',
    name: 'بازی‌سازی؛ سرگرمی یا آموزش؟',
    from: [225, 190, 231], to: [74, 20, 140], file: 'article-game-making.webp', daysAgo: 7,
    body:
      '<p>ساختن بازی، ترکیبی از هنر، داستان‌گویی و برنامه‌نویسی است. کودکی که بازی می‌سازد، یاد می‌گیرد قوانین را طراحی کند و از دید بازیکن فکر کند.</p>' +
      '<ol><li>ایده را روی کاغذ بکشید.</li><li>یک نسخه ساده بسازید.</li><li>از دوستانتان بخواهید بازی کنند.</li><li>بازی را بهتر کنید.</li></ol>' +
      '<p>برای دیدن نمونه‌ها به <a href="https://scratch.mit.edu">سایت اسکرچ</a> سر بزنید.</p>',
  },
  {
    author: 'حسین محمدی',
    name: 'نکات ایمنی در کارگاه الکترونیک',
    from: [255, 224, 130], to: [255, 111, 0], file: 'article-electronics-safety.webp', daysAgo: 2,
    body:
      '<h1>ایمنی، پیش از هر چیز</h1><p>در کلاس‌های الکترونیک کودکان فقط با <strong>ولتاژهای پایین</strong> و باتری کار می‌کنند.</p>' +
      '<ul><li>هرگز به پریز برق دست نزنید.</li><li>هویه را فقط با حضور مربی روشن کنید.</li><li>پس از کار، میز را مرتب کنید.</li></ul>' +
      '<p style="text-align: justify">رعایت این نکات ساده باعث می‌شود کارگاه جایی امن و لذت‌بخش برای یادگیری باشد.</p>',
  },
];

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

/**
 * The authority of a sample order paid through the gateway. By default one no gateway issued
 * (SEED-…, payments.ts): no gateway is ever asked about it, and its refund is recorded by hand. The
 * trial's local gateway (server/dev/trial.ts) records each such payment instead, so the sample
 * orders refund through it as a learner's would.
 */
export type SeedPaidAuthority = (payment: { amountInTomans: number; at: string }) => string;
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
  const dir = sampleImagesDir();
  const images = sampleImages.map(async ({ file }) => {
    await media.save('images', file, await readFile(path.join(dir, file)));
    // Their resized copies were made ahead too (server/seed/images/variants/<file>/).
    const variantDir = path.join(dir, 'variants', file);
    const names = (await readdir(variantDir)).filter(isVariantName);
    await media.saveVariants(file, await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(variantDir, name)) }))));
  });

  const now = nowIso();
  const inserting = db.transaction().execute(async (trx) => {
    // Re-checked inside the transaction: two processes starting together seed once.
    await lockForSeeding(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return;
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
    await trx
      .insertInto('users')
      .values({
        firstName: 'مدیر',
        lastName: 'سامانه',
        phoneNumber: phone,
        emailAddress: '',
        passwordHash: await hashing,
        role: 300,
        isLockout: 0,
        lastLogin: null,
        createdAt: now,
        tokenVersion: 0,
      })
      .execute();
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
        { orderId: order.id, childId: kid1, courseId: firstCourse, priceInTomans: c1.price, childName: 'آرین حسینی', courseTitle: c1.title },
        { orderId: order.id, childId: kid2, courseId: secondCourse, priceInTomans: c2.price, childName: 'باران حسینی', courseTitle: c2.title },
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
    await seedWaitlist(trx, courses.flatMap((c) => courseIds.get(c.title) ?? []));
    // Issue 15: the messages the seeded enrolments and offer sent (server/features/messaging/notifications.ts).
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
  await Promise.all([inserting, Promise.all(images), hashing]);

  if (!generated) print(`Admin sign-in: phone ${phone} (password from ADMIN_PASSWORD)`);
  else print(`Admin sign-in: phone ${phone} password ${password}  (shown only once; change it or set ADMIN_PASSWORD)`);
}

// ── Inbox and sign-in history (issue 13, items 3 and 4) ──────────────────────────────────────

const agents = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
} as const;

/**
 * Contact messages in every status, with the admins' notes, and a few sign-in sessions of the
 * sample accounts (open, signed out, ended by a password change and by the admin's lock), so the
 * inbox, its sidebar count and a user's sign-in history look as they will in use.
 */
async function seedInboxAndHistory(trx: Transaction<Database>, adminId: number, learnerIds: readonly number[]): Promise<void> {
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
  await trx
    .insertInto('contact_messages')
    .values([
      {
        fullName: 'سمیه احمدی',
        phoneNumber: '09191234567',
        emailAddress: 'somayeh.ahmadi@example.com',
        message:
          'سلام و وقت بخیر.\nدخترم کلاس ششم است و پارسال در دوره مقدماتی اسکرچ شرکت کرده.\n\nمی‌خواستم بدانم برای ادامه، دوره پایتون مناسب‌تر است یا رباتیک؟ ساعت کلاس‌ها هم برای ما مهم است، چون او تا ساعت ۱۴ مدرسه است.\n\nممنون از راهنمایی‌تان.',
        createdAt: ago(3),
        status: 'new',
        note: '',
      },
      {
        fullName: 'محمد صادقی',
        phoneNumber: '09361239876',
        emailAddress: '',
        message: 'دوره رباتیک حضوری در کرج چه روزهایی برگزار می‌شود؟ امکان جلسه آزمایشی هست؟',
        createdAt: ago(30),
        status: 'read',
        note: 'پنجشنبه‌ها؛ باید درباره جلسه آزمایشی با آقای محمدی هماهنگ شود.',
      },
      {
        fullName: 'فاطمه نوری',
        phoneNumber: '09131112233',
        emailAddress: 'f.noori@example.com',
        message: 'پرداخت انجام شد ولی ثبت‌نام در داشبورد دیده نمی‌شود. شماره پیگیری ۱۲۳۴۵۶ است.',
        createdAt: ago(75),
        status: 'answered',
        note: 'تماس گرفته شد (۱۰ دقیقه). ثبت‌نام انجام شده بود؛ صفحه را تازه نکرده بودند.',
      },
      {
        fullName: 'شرکت نمونه‌سازان',
        phoneNumber: '021-88776655',
        emailAddress: 'info@example.com',
        message: 'پیشنهاد همکاری برای تبلیغات در سایت شما داریم.',
        createdAt: ago(240),
        status: 'archived',
        note: 'تبلیغاتی؛ پاسخ لازم ندارد.',
      },
    ])
    .execute();

  const [first, second, third] = learnerIds;
  const rows = [
    { userId: adminId, createdAt: ago(2), lastSeenAt: ago(0.2), endedAt: null, endedBy: null, userAgent: agents.windowsFirefox, address: '5.160.12.40' },
    ...(first === undefined
      ? []
      : [
          { userId: first, createdAt: ago(26), lastSeenAt: ago(24), endedAt: null, endedBy: null, userAgent: agents.androidChrome, address: '91.98.33.17' },
          { userId: first, createdAt: ago(200), lastSeenAt: ago(190), endedAt: ago(189), endedBy: 'signOut', userAgent: agents.iphone, address: '2.176.44.9' },
          { userId: first, createdAt: ago(400), lastSeenAt: ago(390), endedAt: ago(300), endedBy: 'password', userAgent: agents.windowsFirefox, address: '91.98.33.17' },
        ]),
    ...(second === undefined
      ? []
      : [{ userId: second, createdAt: ago(50), lastSeenAt: ago(49), endedAt: ago(48), endedBy: 'everywhere', userAgent: agents.iphone, address: '37.129.8.200' }]),
    ...(third === undefined
      ? []
      : [{ userId: third, createdAt: ago(120), lastSeenAt: ago(100), endedAt: ago(96), endedBy: 'admin', userAgent: agents.androidChrome, address: '5.120.77.3' }]),
  ];
  await trx.insertInto('sessions').values(rows).execute();
}

// ---- orders in every status, with their items, gateway attempts and enrolments (issue 13) ----

interface MoneySeed {
  firstOrder: { id: number; authority: null; at: string; amount: number };
  learnerIds: number[];
  courses: Array<{ id: number; title: string; price: number }>;
  paidAuthority: SeedPaidAuthority;
}

/**
 * The orders screen's sample data: the family above's paid order gets its gateway attempts, and
 * two more learners get a child each and an order in every other status (paid, refunded, failed,
 * pending, cancelled, expired, refund due), plus one enrolment an admin made by hand.
 */
async function seedMoney(trx: Transaction<Database>, seed: MoneySeed): Promise<void> {
  const [learnerB, learnerC] = seed.learnerIds;
  const [k0, k1, k2, k3] = seed.courses;
  if (learnerB === undefined || learnerC === undefined || !k0 || !k1 || !k2 || !k3) return;
  const at = (days: number, minutes = 0) => new Date(Date.now() - days * day + minutes * 60_000).toISOString();
  let serial = 0;
  // The unpaid orders' (the paid ones' come from paidAuthority): never in a format a gateway
  // issues (Zarinpal: A and 35 digits), since a gateway's first authority would meet a sample
  // order's, and no gateway is ever asked about these (payments.ts).
  const authority = () => `SEED-${String(++serial).padStart(4, '0')}`;
  const attempt = (orderId: number, kind: PaymentAttemptKind, outcome: PaymentAttemptOutcome, amountInTomans: number, when: string, extra: { authority?: string; refId?: string; cardPan?: string } = {}) =>
    trx
      .insertInto('payment_attempts')
      .values({ orderId, kind, outcome, amountInTomans, at: when, authority: extra.authority ?? null, refId: extra.refId ?? null, cardPan: extra.cardPan ?? null })
      .execute();

  const first = seed.paidAuthority({ amountInTomans: seed.firstOrder.amount, at: seed.firstOrder.at });
  await trx.updateTable('orders').set({ authority: first, cardPan: '603799******4821' }).where('id', '=', seed.firstOrder.id).execute();
  await attempt(seed.firstOrder.id, 'request', 'ok', seed.firstOrder.amount, seed.firstOrder.at, { authority: first });
  await attempt(seed.firstOrder.id, 'verify', 'ok', seed.firstOrder.amount, seed.firstOrder.at, { authority: first, refId: '201', cardPan: '603799******4821' });

  const kids = await trx
    .insertInto('children')
    .values([
      { firstName: 'نیکا', lastName: 'موسوی', birthDate: '2014-02-20T00:00:00.000Z', grade: 'پنجم دبستان', userId: learnerB },
      { firstName: 'سینا', lastName: 'جعفری', birthDate: '2011-11-08T00:00:00.000Z', grade: 'هشتم', userId: learnerC },
    ])
    .returning(['id', 'userId', 'firstName', 'lastName'])
    .execute();
  const [nika, sina] = kids;
  if (!nika || !sina) return;

  type Plan = {
    child: typeof nika;
    course: typeof k0;
    status: OrderStatus;
    days: number;
    card?: string;
    enrol?: 'active' | 'cancelled';
    verify?: PaymentAttemptOutcome;
  };
  const plans: Plan[] = [
    { child: nika, course: k1, status: 'paid', days: 12, card: '610433******7310', enrol: 'active', verify: 'ok' },
    { child: nika, course: k2, status: 'refunded', days: 20, card: '610433******7310', enrol: 'cancelled', verify: 'ok' },
    { child: nika, course: k3, status: 'failed', days: 8, verify: 'refused' },
    { child: nika, course: k0, status: 'pending', days: 0 },
    { child: sina, course: k0, status: 'paid', days: 7, card: '589210******1094', enrol: 'active', verify: 'ok' },
    { child: sina, course: k0, status: 'refundDue', days: 4, card: '589210******1094', verify: 'ok' },
    { child: sina, course: k2, status: 'cancelled', days: 5, verify: 'unpaid' },
    { child: sina, course: k1, status: 'expired', days: 6 },
  ];
  for (const [i, plan] of plans.entries()) {
    const created = at(plan.days, -30 - i);
    const paid = plan.verify === 'ok' ? at(plan.days, -25 - i) : null;
    const gatewayAuthority = paid ? seed.paidAuthority({ amountInTomans: plan.course.price, at: paid }) : authority();
    const refId = paid ? String(300 + i) : null;
    const order = await trx
      .insertInto('orders')
      .values({
        userId: plan.child.userId,
        status: plan.status,
        totalInTomans: plan.course.price,
        refundDueInTomans: plan.status === 'refundDue' ? plan.course.price : 0,
        refundedInTomans: plan.status === 'refunded' ? plan.course.price : 0,
        refundedAt: plan.status === 'refunded' ? at(plan.days - 2) : null,
        authority: gatewayAuthority,
        refId,
        cardPan: plan.card ?? null,
        createdAt: created,
        paidAt: paid,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const childName = `${plan.child.firstName} ${plan.child.lastName}`;
    await trx
      .insertInto('order_items')
      .values({ orderId: order.id, childId: plan.child.id, courseId: plan.course.id, priceInTomans: plan.course.price, childName, courseTitle: plan.course.title })
      .execute();
    await attempt(order.id, 'request', 'ok', plan.course.price, created, { authority: gatewayAuthority });
    if (plan.verify) {
      await attempt(order.id, 'verify', plan.verify, plan.course.price, paid ?? at(plan.days, -20 - i), {
        authority: gatewayAuthority,
        ...(refId ? { refId } : {}),
        ...(plan.card ? { cardPan: plan.card } : {}),
      });
    }
    if (plan.status === 'refunded') await attempt(order.id, 'manualRefund', 'ok', plan.course.price, at(plan.days - 2), { authority: gatewayAuthority });
    if (plan.enrol && paid) {
      await trx
        .insertInto('enrollments')
        .values({
          childId: plan.child.id,
          courseId: plan.course.id,
          orderId: order.id,
          enrolledAt: paid,
          status: plan.enrol,
          cancelledAt: plan.enrol === 'cancelled' ? at(plan.days - 2) : null,
        })
        .execute();
    }
  }
  // Enrolled by an admin without a payment (a scholarship).
  await trx.insertInto('enrollments').values({ childId: sina.id, courseId: k3.id, orderId: null, enrolledAt: at(2) }).execute();
}

/**
 * Sales of the last months (issue 13, item 5), so the dashboard's monthly revenue and per-course
 * figures show something on a fresh start: one child of another family, a paid order every few
 * weeks (each course once), and one payment owed back.
 */
async function seedSalesHistory(
  trx: Transaction<Database>,
  parentId: number,
  courses: ReadonlyArray<{ id: number; title: string; price: number }>,
  paidAuthority: SeedPaidAuthority,
): Promise<void> {
  if (courses.length === 0) return;
  const child = await trx
    .insertInto('children')
    .values({ firstName: 'پرهام', lastName: 'جعفری', birthDate: '2013-02-20T00:00:00.000Z', grade: 'ششم', userId: parentId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const day = 86_400_000;
  const sales = courses.map((course, i) => ({ course, paidAt: new Date(Date.now() - (25 + i * 33) * day).toISOString() }));
  const cardPan = '589210******7731';
  // Each paid as a real one is: the gateway's request and verify on record, the card masked.
  const paidThroughGateway = async (orderId: number, authority: string, refId: string, amountInTomans: number, at: string) => {
    await trx.insertInto('payment_attempts').values({ orderId, kind: 'request', outcome: 'ok', amountInTomans, at, authority, refId: null, cardPan: null }).execute();
    await trx.insertInto('payment_attempts').values({ orderId, kind: 'verify', outcome: 'ok', amountInTomans, at, authority, refId, cardPan }).execute();
  };
  for (const { course, paidAt } of sales) {
    const authority = paidAuthority({ amountInTomans: course.price, at: paidAt });
    const refId = String(300 + course.id);
    const order = await trx
      .insertInto('orders')
      .values({ userId: parentId, status: 'paid', totalInTomans: course.price, authority, refId, cardPan, createdAt: paidAt, paidAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await paidThroughGateway(order.id, authority, refId, course.price, paidAt);
    await trx
      .insertInto('order_items')
      .values({ orderId: order.id, childId: child.id, courseId: course.id, priceInTomans: course.price, childName: 'پرهام جعفری', courseTitle: course.title })
      .execute();
    await trx.insertInto('enrollments').values({ childId: child.id, courseId: course.id, orderId: order.id, enrolledAt: paidAt }).execute();
  }
  // The same course paid a second time by another checkout: nothing left to enrol, owed back.
  const first = sales[0];
  if (!first) return;
  const owedAt = new Date(Date.parse(first.paidAt) + 2 * day).toISOString();
  const owedAuthority = paidAuthority({ amountInTomans: first.course.price, at: owedAt });
  const owed = await trx
    .insertInto('orders')
    .values({ userId: parentId, status: 'refundDue', totalInTomans: first.course.price, refundDueInTomans: first.course.price, authority: owedAuthority, refId: '399', cardPan, createdAt: owedAt, paidAt: owedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await paidThroughGateway(owed.id, owedAuthority, '399', first.course.price, owedAt);
  await trx
    .insertInto('order_items')
    .values({ orderId: owed.id, childId: child.id, courseId: first.course.id, priceInTomans: first.course.price, childName: 'پرهام جعفری', courseTitle: first.course.title })
    .execute();
}

// ── Class schedules (issue 14, item 1) ─────────────────────────────────────────────────────────

const academyAddress = 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچه نهم، پلاک ۱۲، ساختمان آکادمی';

/** Per seeded course (by title): ages, weekly slots (0 = Saturday) and, in person, the room; online, the class link. */
const schedules: ReadonlyArray<{ title: string; ages: readonly [number, number]; slots: ReadonlyArray<readonly [number, string, string]>; room?: string; link?: string }> = [
  { title: 'رباتیک مقدماتی با لگو', ages: [8, 11], slots: [[0, '16:00', '17:30'], [2, '16:00', '17:30']], room: 'کارگاه رباتیک ۱' },
  { title: 'ساخت ربات با آردوینو', ages: [12, 15], slots: [[1, '17:00', '19:00'], [3, '17:00', '19:00']], room: 'کارگاه رباتیک ۲' },
  { title: 'بوت‌کمپ تابستانی رباتیک', ages: [10, 14], slots: [[0, '09:00', '12:00'], [1, '09:00', '12:00'], [2, '09:00', '12:00'], [3, '09:00', '12:00']], room: 'سالن اصلی' },
  { title: 'اسکرچ برای کودکان', ages: [6, 8], slots: [[2, '17:00', '18:00'], [4, '17:00', '18:00']], link: 'https://meet.academy.example/scratch-kids' },
  { title: 'پایتون برای نوجوانان', ages: [12, 15], slots: [[0, '18:00', '19:30'], [3, '18:00', '19:30']], link: 'https://meet.academy.example/python-teens' },
  { title: 'ساخت وب‌سایت با HTML و CSS', ages: [11, 15], slots: [[5, '10:00', '12:00']], link: 'https://meet.academy.example/web-basics' },
  { title: 'طراحی بازی با اسکرچ', ages: [8, 11], slots: [[2, '16:00', '17:30']], link: 'https://meet.academy.example/scratch-games' },
  { title: 'بازی‌سازی سه‌بعدی با یونیتی', ages: [13, 17], slots: [[5, '14:00', '17:00']], room: 'کلاس ۳' },
  { title: 'هوش مصنوعی برای کودکان', ages: [9, 12], slots: [[1, '16:30', '17:30'], [4, '16:30', '17:30']], link: 'https://meet.academy.example/ai-kids' },
  { title: 'یادگیری ماشین با پایتون', ages: [14, 18], slots: [[0, '19:00', '20:30'], [2, '19:00', '20:30']], link: 'https://meet.academy.example/ml-python' },
  { title: 'بوت‌کمپ هوش مصنوعی نوجوانان', ages: [15, 18], slots: [], link: 'https://meet.academy.example/ai-bootcamp' },
  { title: 'الکترونیک مقدماتی', ages: [9, 12], slots: [[3, '16:00', '17:30'], [5, '10:00', '11:30']], room: 'آزمایشگاه الکترونیک' },
  { title: 'اینترنت اشیا با ESP32', ages: [13, 16], slots: [[4, '17:00', '19:00']], room: 'آزمایشگاه الکترونیک' },
];

/** Iran's official holidays on fixed solar days (month, day, occasion). */
const fixedHolidays: ReadonlyArray<readonly [number, number, string]> = [
  [1, 1, 'عید نوروز'],
  [1, 2, 'عید نوروز'],
  [1, 3, 'عید نوروز'],
  [1, 4, 'عید نوروز'],
  [1, 12, 'روز جمهوری اسلامی'],
  [1, 13, 'روز طبیعت'],
  [3, 14, 'رحلت امام خمینی'],
  [3, 15, 'قیام ۱۵ خرداد'],
  [11, 22, 'پیروزی انقلاب اسلامی'],
  [12, 29, 'ملی شدن صنعت نفت'],
];

/**
 * Ages, place and weekly slots of the sample courses, their sessions made by the same sync the
 * panel runs (server/features/classes/schedule.ts) from the course's start until its hours are taught, around the
 * next official holiday; and in «رباتیک مقدماتی با لگو» a moved session, a cancelled one and a
 * make-up session added by hand, so every case of the schedule shows.
 */
async function seedSchedule(trx: Transaction<Database>, courseIds: ReadonlyMap<string, number>): Promise<void> {
  const addDays = (d: { jy: number; jm: number; jd: number }, n: number) => {
    const { gy, gm, gd } = toGregorian(d.jy, d.jm, d.jd);
    const g = new Date(Date.UTC(gy, gm - 1, gd + n));
    return toJalaali(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate());
  };
  const today = dayOf(new Date().toISOString());
  if (!today) return;
  // The next official holiday from a week on: within the courses' terms when one comes soon.
  const soonest = dayKey(addDays(today, 7));
  const holiday = [today.jy, today.jy + 1]
    .flatMap((jy) => fixedHolidays.map(([jm, jd, title]) => ({ day: { jy, jm, jd }, title })))
    .find((h) => dayKey(h.day) >= soonest);
  if (holiday) await trx.insertInto('holidays').values({ date: academyDayStart(holiday.day).toISOString(), title: holiday.title }).execute();

  for (const plan of schedules) {
    const id = courseIds.get(plan.title);
    if (id === undefined) continue;
    const course = await trx.selectFrom('courses').select(['timeOfHolding', 'durationInHours', 'type']).where('id', '=', id).executeTakeFirstOrThrow();
    const start = dayOf(course.timeOfHolding);
    // As many sessions as the course's hours take, counted from its start on its weekdays.
    const hoursOf = ([, from, to]: readonly [number, string, string]) => {
      const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
      return (minutes(to) - minutes(from)) / 60;
    };
    let lastSessionDate: string | null = null;
    if (start && plan.slots.length > 0) {
      let taught = 0;
      let day = start;
      for (let i = 0; i < 400 && taught < Number(course.durationInHours); i++, day = addDays(day, 1)) {
        for (const slot of plan.slots) if (slot[0] === weekdayOfDay(day)) taught += hoursOf(slot);
        if (taught >= Number(course.durationInHours)) break;
      }
      lastSessionDate = academyDayStart(day).toISOString();
    }
    await trx
      .updateTable('courses')
      .set({
        ageMin: plan.ages[0],
        ageMax: plan.ages[1],
        lastSessionDate,
        address: plan.room ? academyAddress : '',
        room: plan.room ?? '',
        classLink: plan.link ?? '',
      })
      .where('id', '=', id)
      .execute();
    if (plan.slots.length > 0) {
      await trx
        .insertInto('course_slots')
        .values(plan.slots.map(([weekday, startTime, endTime]) => ({ courseId: id, weekday, startTime, endTime })))
        .execute();
    }
    await syncCourseSessions(trx, id);
  }

  const lego = courseIds.get('رباتیک مقدماتی با لگو');
  if (lego === undefined) return;
  const sessions = await trx.selectFrom('class_sessions').selectAll().where('courseId', '=', lego).orderBy('date').execute();
  const [, , toMove, toCancel] = sessions;
  if (!toMove || !toCancel) return;
  const movedDay = dayOf(toMove.date);
  if (movedDay) {
    await trx
      .updateTable('class_sessions')
      .set((eb) => ({
        movedFrom: toMove.date,
        date: academyDayStart(addDays(movedDay, 1)).toISOString(),
        startTime: '17:00',
        endTime: '18:30',
        note: 'به دلیل برگزاری مسابقه رباتیک دانش‌آموزی، این جلسه یک روز بعد برگزار می‌شود',
        version: eb('version', '+', 1),
      }))
      .where('id', '=', toMove.id)
      .execute();
  }
  await trx
    .updateTable('class_sessions')
    .set((eb) => ({ status: 'cancelled', note: 'به دلیل بیماری مدرس لغو شد؛ جلسه جبرانی پنجشنبه برگزار می‌شود', version: eb('version', '+', 1) }))
    .where('id', '=', toCancel.id)
    .execute();
  const cancelledDay = dayOf(toCancel.date);
  if (cancelledDay) {
    // The make-up session: the Thursday after the cancelled one, added by hand.
    let makeUp = addDays(cancelledDay, 1);
    while (weekdayOfDay(makeUp) !== 5) makeUp = addDays(makeUp, 1);
    await trx
      .insertInto('class_sessions')
      .values({ courseId: lego, date: academyDayStart(makeUp).toISOString(), startTime: '10:00', endTime: '11:30', status: 'scheduled', movedFrom: null, room: '', note: 'جلسه جبرانی', origin: 'manual' })
      .execute();
  }
}

/**
 * A course that has met: its weekly slot (when the schedule left it none), three past sessions
 * with their roll taken (one absence, one excused) and two to come, one of them moved, so the
 * session screens, the roll and the parent's timetable show real data on `npm start`.
 */
async function seedRoll(trx: Transaction<Database>, adminId: number, courseId: number): Promise<void> {
  const midnight = academyDayStart(academyDayOf(Date.now()));
  const dayAt = (offset: number) => new Date(midnight.getTime() + offset * 86_400_000).toISOString();
  const weekday = weekdayIndex(midnight);
  const hasSlots = await trx.selectFrom('course_slots').select('id').where('courseId', '=', courseId).executeTakeFirst();
  if (!hasSlots) await trx.insertInto('course_slots').values({ courseId, weekday, startTime: '16:00', endTime: '17:30' }).execute();
  // The seeded courses all start soon, so the sessions already held are the introductory
  // workshops before the term (hand-made); the two to come are added only when the weekly
  // pattern made none.
  const hasSessions = await trx.selectFrom('class_sessions').select('id').where('courseId', '=', courseId).executeTakeFirst();
  const plan = [
    { offset: -21, movedFrom: null, marks: ['present', 'present'] },
    { offset: -14, movedFrom: null, marks: ['absent', 'present'] },
    { offset: -7, movedFrom: null, marks: ['excused', 'present'] },
    ...(hasSessions
      ? []
      : [
          { offset: 8, movedFrom: dayAt(7), marks: [] },
          { offset: 14, movedFrom: null, marks: [] },
        ]),
  ] as const;
  const enrolled = await trx.selectFrom('enrollments').select(['id', 'childId']).where('courseId', '=', courseId).where('status', '=', 'active').orderBy('id').execute();
  for (const session of plan) {
    const { id } = await trx
      .insertInto('class_sessions')
      .values({
        courseId,
        date: dayAt(session.offset),
        startTime: '16:00',
        endTime: '17:30',
        status: 'scheduled',
        movedFrom: session.movedFrom,
        room: '',
        note: session.movedFrom ? 'به‌جای جلسه تعطیل رسمی' : session.offset < 0 && hasSessions ? 'کارگاه آشنایی پیش از شروع دوره' : '',
        origin: 'manual',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (session.marks.length === 0) continue;
    const takenAt = new Date(midnight.getTime() + session.offset * 86_400_000 + 17 * 3_600_000).toISOString();
    const rows = enrolled.map((e, i) => ({
      sessionId: id,
      childId: e.childId,
      enrollmentId: e.id,
      status: session.marks[i % session.marks.length] ?? 'present',
      note: '',
      takenBy: adminId,
      takenAt,
    }));
    if (rows.length > 0) await trx.insertInto('attendance').values(rows).execute();
  }
}

/**
 * Seats and the waiting list (issue 14, item 3): the first course is full — its seats enrolled
 * but one, which is held for a child offered it from the waiting list — with two more children
 * waiting behind; two other courses show their seats left.
 */
async function seedWaitlist(trx: Transaction<Database>, courseIds: readonly number[]): Promise<void> {
  const [full, roomy, , nearlyFull] = courseIds;
  if (full === undefined || roomy === undefined || nearlyFull === undefined) return;
  const enrolled = await trx.selectFrom('enrollments').select('childId').where('courseId', '=', full).where('status', '=', 'active').execute();
  const enrolledIds = new Set(enrolled.map((e) => e.childId));
  const candidates = (await trx.selectFrom('children').select(['id', 'firstName']).orderBy('id').execute()).filter((c) => !enrolledIds.has(c.id));
  const [offered, ...waiting] = candidates.slice(0, 3);
  if (!offered) return;
  await trx.updateTable('courses').set({ capacity: enrolled.length + 1 }).where('id', '=', full).execute();
  await trx.updateTable('courses').set({ capacity: 15 }).where('id', '=', roomy).execute();
  await trx.updateTable('courses').set({ capacity: 12 }).where('id', '=', nearlyFull).execute();
  const waitingStatus: WaitlistStatus = 'waiting';
  const hour = 3_600_000;
  const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
  await trx
    .insertInto('waitlist_entries')
    .values([
      { courseId: full, childId: offered.id, status: 'offered', joinedAt: at(-72), offeredAt: at(-4), holdUntil: at(20), position: 0 },
      ...waiting.map((child, i) => ({ courseId: full, childId: child.id, status: waitingStatus, joinedAt: at(-48 + i * 5), offeredAt: null, holdUntil: null, position: i + 1 })),
    ])
    .execute();
}
