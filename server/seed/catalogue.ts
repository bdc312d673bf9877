// The sample catalogue: categories, teachers, courses and articles, each with its image.
import type { Rgb } from '../features/media/port';
import { academyDayOf, academyDayStart } from '../../schema/rules/calendar';

export const day = 24 * 3600_000;
export const inDays = (n: number, hour = 16) => {
  const d = new Date(Date.now() + n * day);
  return new Date(academyDayStart(academyDayOf(d)).getTime() + hour * 3_600_000).toISOString();
};

export const categories: Array<{ name: string; from: Rgb; to: Rgb; file: string }> = [
  { name: 'رباتیک', from: [255, 112, 67], to: [121, 85, 72], file: 'category-robotics.webp' },
  { name: 'برنامه‌نویسی کودکان', from: [66, 165, 245], to: [92, 107, 192], file: 'category-kids-coding.webp' },
  { name: 'طراحی بازی', from: [171, 71, 188], to: [236, 64, 122], file: 'category-game-design.webp' },
  { name: 'هوش مصنوعی', from: [38, 166, 154], to: [41, 98, 255], file: 'category-ai.webp' },
  { name: 'الکترونیک', from: [255, 202, 40], to: [239, 83, 80], file: 'category-electronics.webp' },
];

export const teachers: Array<{ fullName: string; skill: string; descirption: string; from: Rgb; to: Rgb; file: string }> = [
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

export const courses: SeedCourse[] = [
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

export const articles: Array<{ author: string; name: string; body: string; from: Rgb; to: Rgb; file: string; daysAgo: number }> = [
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

