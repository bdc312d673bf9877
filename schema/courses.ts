// Courses: /admin/courses. Spec §3 fields (with the data's own spelling `techerId`), §5 rules, §8 texts.
import { defineEntity } from './define';
import { courseTypeLabels, difficultyLabels } from './labels';

export { courseTypeLabels, difficultyLabels };

export default defineEntity({
  name: 'Course',
  key: 'courses',
  // When the course was added (set by the server; the catalogue sorts by it).
  stored: { createdAt: { type: 'text' } },
  // Never the class link (enrolled learners only), the early-bird columns (the answer carries the
  // price in force) or the internal state.
  publicView: {
    component: 'PublicCourseView',
    fields: ['title', 'durationInHours', 'timeOfHolding', 'registrationDeadline', 'priceInTomans', 'description', 'coverImage', 'coverVideo', 'headings', 'prerequisite', 'difficulty', 'type', 'lastSessionDate', 'ageMin', 'ageMax', 'capacity', 'address', 'room'],
  },
  fields: {
    title: { label: 'عنوان دوره', input: 'text', required: true },
    durationInHours: { label: 'مدت (ساعت)', input: 'number' },
    timeOfHolding: { label: 'تاریخ برگزاری', input: 'jalaliDate', notAfter: 'lastSessionDate', hint: 'تاریخ نخستین جلسه؛ روزی که کلاس ندارد به نخستین روز کلاس پس از آن برده می‌شود' },
    lastSessionDate: { label: 'تاریخ آخرین جلسه', input: 'jalaliDate', hint: 'جلسه‌ها از برنامه هفتگی تا این تاریخ ساخته می‌شوند' },
    // Registration closes by the time the course starts: refused (server and form) otherwise.
    registrationDeadline: { label: 'مهلت ثبت‌نام', input: 'jalaliDate', notAfter: 'timeOfHolding' },
    priceInTomans: { label: 'قیمت (تومان)', input: 'number', integer: true, money: true },
    // Early-bird price: charged instead of the price until the end of earlyBirdUntil's
    // day (server/features/commerce/discounts.ts), shown struck through beside the price on the site.
    earlyBirdPriceInTomans: { label: 'قیمت ثبت‌نام زودهنگام (تومان)', input: 'number', integer: true, money: true, notAfter: 'priceInTomans', hint: 'خالی یا صفر: بدون ثبت‌نام زودهنگام' },
    earlyBirdUntil: { label: 'مهلت ثبت‌نام زودهنگام', input: 'jalaliDate', notAfter: 'timeOfHolding', hint: 'قیمت زودهنگام تا پایان همین روز' },
    type: {
      label: 'نوع دوره',
      input: 'select',
      placeholder: 'انتخاب نوع دوره',
      options: [
        ['online', courseTypeLabels.online],
        ['offline', courseTypeLabels.offline],
      ],
    },
    inActive: {
      label: 'وضعیت دوره',
      input: 'select',
      options: [
        [false, 'فعال'],
        [true, 'غیرفعال'],
      ],
    },
    difficulty: {
      label: 'سطح دوره',
      input: 'select',
      options: [
        ['', difficultyLabels['']],
        ['introductory', difficultyLabels.introductory],
        ['advanced', difficultyLabels.advanced],
        ['bootcamps', difficultyLabels.bootcamps],
      ],
    },
    techerId: {
      label: 'مدرس',
      input: 'reference',
      reference: { entity: 'teachers', label: 'fullName', none: 'بدون مدرس' },
    },
    // Besides the course's teacher (techerId, as the spec has it): those who help teach it.
    assistantTeacherIds: {
      label: 'مدرسان دستیار',
      input: 'references',
      references: { entity: 'teachers', label: 'fullName', none: 'بدون دستیار' },
      max: 10,
    },
    categoryId: {
      label: 'دسته‌بندی',
      input: 'reference',
      reference: { entity: 'categories', label: 'name', none: 'بدون دسته‌بندی' },
    },
    prerequisite: { label: 'پیش‌نیاز', input: 'text', maxLength: 500 },
    // Ages in whole years at the course's start; empty (0) means no bound on that side.
    ageMin: { label: 'حداقل سن (سال)', input: 'number', integer: true, max: 18, notAfter: 'ageMax', hint: 'خالی یا صفر: بدون حداقل' },
    ageMax: { label: 'حداکثر سن (سال)', input: 'number', integer: true, max: 18, hint: 'خالی یا صفر: بدون حداکثر' },
    capacity: { label: 'ظرفیت (نفر)', input: 'number', integer: true, max: 1000, hint: 'خالی یا صفر: بدون محدودیت' },
    address: { label: 'نشانی محل برگزاری', input: 'textarea', maxLength: 500, hint: 'برای دوره‌های حضوری' },
    room: { label: 'کلاس', input: 'text', maxLength: 100 },
    // Shown only to learners enrolled in the course (their dashboard) and to admins: never public.
    classLink: { label: 'لینک کلاس آنلاین', input: 'text', maxLength: 500, hint: 'فقط به فراگیران ثبت‌نام‌شده نشان داده می‌شود' },
    coverImage: { label: 'لینک تصویر کاور', input: 'imageLink' },
    coverVideo: { label: 'لینک ویدیوی معرفی', input: 'videoLink' },
    description: { label: 'توضیحات', input: 'textarea', wide: true },
    headings: {
      label: 'سرفصل‌ها',
      input: 'textarea',
      wide: true,
      hint: 'هر سرفصل در یک خط',
    },
  },
  columns: [
    { key: 'title', header: 'عنوان', cell: 'text' },
    { key: 'durationInHours', header: 'مدت (ساعت)', cell: 'hours' },
    { key: 'priceInTomans', header: 'قیمت (تومان)', essential: true, cell: 'toman' },
    // Seats taken of the capacity, «۱۲ از ۱۵» (just the count when the course has no capacity).
    { id: 'seats', header: 'صندلی‌ها', essential: true, cell: 'text', many: { entity: 'enrollments', by: 'courseId', count: { where: { status: 'active' }, of: 'capacity' } } },
    { key: 'timeOfHolding', header: 'تاریخ برگزاری', essential: true, cell: 'jalaliDate' },
    { key: 'prerequisite', header: 'پیش‌نیاز', cell: 'text' },
    { key: 'techerId', header: 'مدرس', cell: 'reference' },
    { key: 'assistantTeacherIds', header: 'مدرسان دستیار', cell: 'references' },
    { key: 'categoryId', header: 'دسته‌بندی', cell: 'reference' },
    { key: 'type', header: 'نوع دوره', cell: 'option', options: courseTypeLabels },
    { key: 'inActive', header: 'وضعیت دوره', essential: true, cell: 'option', options: { true: 'غیرفعال', false: 'فعال' } },
  ],
  nav: { group: 'classes', order: 3 },
  texts: {
    nav: 'دوره‌ها',
    title: 'مدیریت دوره‌ها',
    addButton: 'افزودن دوره جدید',
    addTitle: 'افزودن دوره جدید',
    editTitle: 'ویرایش دوره',
    confirmRemove: 'آیا از حذف دوره مطمئن هستید؟',
    failed: { list: 'خطا در دریافت دوره‌ها', save: 'خطا در ذخیره‌سازی دوره', remove: 'خطا در حذف دوره' },
    succeeded: { create: 'دوره با موفقیت ایجاد شد', update: 'دوره با موفقیت ویرایش شد', remove: 'دوره با موفقیت حذف شد' },
    preferServerMessage: true,
  },
  actions: {
    // Re-runs the sync server/engine/behaviours.ts runs on every change of dates, slots and holidays
    // (server/features/classes/schedule.ts): for sessions made before a holiday was entered, or to see the counts.
    resyncSessions: {
      call: 'ResyncSessions',
      label: 'ساخت دوباره جلسات',
      confirm: 'جلسه‌های آینده این دوره از روی برنامه هفتگی، تاریخ‌ها و تعطیلات دوباره ساخته شوند؟ جلسه‌های جابه‌جا‌شده، لغو‌شده، دستی و گذشته دست نمی‌خورند.',
      confirmLabel: 'ساخت دوباره',
      onRow: false,
      revert: () => ({ never: 'ساخت دوباره جلسات بازگرداندنی نیست؛ جلسه‌ها همیشه از روی برنامه دوره ساخته می‌شوند' }),
      succeeded: 'جلسه‌ها هماهنگ شد',
      failed: 'ساخت دوباره جلسات ناموفق بود',
    },
    // A new course from the new first day (server/features/classes/courseCopy.ts): dates moved
    // together, weekly pattern and teachers kept, no enrolments, inactive until checked.
    copyForNextTerm: {
      call: 'CopyForNextTerm',
      label: 'کپی برای ترم بعد',
      confirm: 'دوره‌ای تازه با همین برنامه هفتگی، مدرسان و دسته‌بندی ساخته می‌شود؛ همه تاریخ‌ها به همان اندازه جلو می‌روند. دوره تازه غیرفعال است و ثبت‌نامی ندارد تا آن را بررسی و فعال کنید.',
      confirmLabel: 'ساخت کپی',
      onRow: false,
      fields: {
        startsOn: { label: 'تاریخ نخستین جلسه ترم تازه', input: 'jalaliDate', hint: 'به همان روز هفته‌ای برده می‌شود که این دوره آغاز شد؛ خالی: نخستین چنین روزی پس از پایان این دوره' },
      },
      revert: () => ({ never: 'کپی دوره بازگرداندنی نیست؛ در صورت نیاز دوره تازه را حذف کنید' }),
      succeeded: 'کپی دوره برای ترم بعد ساخته شد؛ آن را بررسی و فعال کنید',
      failed: 'ساخت کپی دوره ناموفق بود',
    },
  },
  slugFrom: 'title',
  importable: true,
  searchIn: ['title', 'prerequisite'],
  // A term's courses moved to another category, or put out of sale together.
  bulkEdit: ['categoryId', 'inActive'],
  // A teacher's own courses: those they teach or assist in.
  scope: { teacher: ['techerId', 'assistantTeacherIds'] },
  sensitive: ['priceInTomans', 'earlyBirdPriceInTomans', 'capacity', 'classLink'],
});
