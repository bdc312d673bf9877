// Sign-in history: each sign-in opens a row of the server's own `sessions` table (server/features/identity/signInSessions.ts),
// named by its token's `sid`, ended by a sign-out, a password change or an admin's lock. The
// admin reads them, each under its user (the user's detail view lists theirs); nothing here is
// edited from the panel.
import { defineEntity } from './define';

export const sessionStateLabels = {
  open: 'باز',
  signOut: 'خروج کاربر',
  everywhere: 'خروج از همه دستگاه‌ها',
  password: 'تغییر رمز عبور',
  admin: 'بسته شده توسط مدیر',
  ended: 'پایان یافته',
} as const;

/** Why the session ended, or `open`: the badge column's value. */
function stateOf(session: { endedAt: string | null; endedBy: string }): string {
  if (session.endedAt === null || session.endedAt === '') return 'open';
  return session.endedBy in sessionStateLabels ? session.endedBy : 'ended';
}

const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** «Chrome 120 · Android» from a user agent; the first 40 characters of one it does not know. */
export function shortUserAgent(agent: string): string {
  const text = agent.trim();
  if (text === '') return '—';
  const browser = browsers.flatMap(([pattern, name]) => {
    const match = pattern.exec(text);
    return match ? [`${name} ${match[1] ?? ''}`.trim()] : [];
  })[0];
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (!browser && !system) return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return [browser, system].filter(Boolean).join(' · ');
}

export default defineEntity({
  name: 'SignInSession',
  key: 'sessions',
  tableOwner: 'server',
  api: 'Session',
  ops: { create: false, update: false, remove: false },
  defaultedColumns: ['version'],
  // When this session passed the panel's second factor, and the passkey challenge it was last
  // given (server/features/secondFactor): the server's own, never answered.
  stored: {
    secondFactorAt: { type: 'text', nullable: true },
    passkeyChallenge: { type: 'text', nullable: true },
  },
  fields: {
    userId: {
      label: 'کاربر',
      input: 'reference',
      readOnly: true,
      // A user's sign-in history goes with the account (the table's foreign key cascades).
      reference: { entity: 'users', label: 'firstName', none: 'بدون کاربر', onDelete: 'cascade' },
    },
    createdAt: { label: 'زمان ورود', input: 'jalaliDate', readOnly: true, nullable: false },
    lastSeenAt: { label: 'آخرین فعالیت', input: 'jalaliDate', readOnly: true, nullable: false },
    endedAt: { label: 'زمان پایان', input: 'jalaliDate', readOnly: true },
    endedBy: { label: 'علت پایان', input: 'text', readOnly: true, maxLength: 20, nullable: true },
    userAgent: { label: 'مرورگر (کامل)', input: 'text', readOnly: true, maxLength: 300, wide: true },
    address: { label: 'نشانی IP', input: 'text', readOnly: true, maxLength: 100 },
  },
  columns: [
    { key: 'userId', header: 'کاربر', cell: 'reference' },
    { key: 'createdAt', header: 'زمان ورود', cell: 'jalaliDateTime' },
    { key: 'lastSeenAt', header: 'آخرین فعالیت', essential: true, cell: 'jalaliDateTime' },
    {
      id: 'state',
      header: 'وضعیت',
      essential: true,
      cell: 'badge',
      options: sessionStateLabels,
      tones: { open: 'success', admin: 'danger', password: 'warning' },
      value: stateOf,
    },
    { key: 'endedAt', header: 'زمان پایان', cell: 'jalaliDateTime' },
    { id: 'device', header: 'مرورگر و دستگاه', cell: 'text', value: (session) => shortUserAgent(session.userAgent) },
    { key: 'address', header: 'نشانی IP', cell: 'text' },
  ],
  nav: { group: 'system', order: 4 },
  texts: {
    nav: 'سابقه ورود',
    title: 'سابقه ورود کاربران',
    editTitle: 'نشست ورود',
    confirmRemove: 'آیا از حذف این نشست مطمئن هستید؟',
    failed: { list: 'خطا در دریافت سابقه ورود', save: 'خطا در ذخیره اطلاعات', remove: 'خطا در حذف نشست' },
    succeeded: { update: 'نشست ذخیره شد', remove: 'نشست حذف شد' },
  },
  singular: 'نشست ورود',
  searchIn: ['address', 'userAgent', 'endedBy'],
  // A session has no name; its address tells one from another at a glance.
  labelField: 'address',
});
