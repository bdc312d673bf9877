// Users: listed through GetPagedFilter (rows under `queryResult`), edited by UpdateByAdmin with
// `userId`; after a save the row is patched in place and after a delete dropped locally (spec §4).
// An admin may also create one (names, phone, email, role and, optionally, a password: the rules
// of sign-up, held by the server's create hook in server/features/identity/userAccounts.ts); the names are the
// learner's own afterwards.
import { defineEntity } from './define';
import { administratorRoleName } from './rules/roles';
import { opensAdminPanel } from './rules/roles';
import { nameMaxLength } from './validators';

export const roleLabels = { '0': 'لطفا انتخاب کنید', '1': 'کاربر عادی', '200': 'کارمند', '300': administratorRoleName } as const;

export default defineEntity({
  name: 'User',
  key: 'users',
  ops: {
    list: { name: 'GetPagedFilter', itemsAt: 'queryResult' },
    create: 'Create',
    update: { name: 'UpdateByAdmin', idKey: 'userId' },
  },
  // What signing in checks: the password's hash, when the account was made, and the number every
  // token carries (raised to sign the account out everywhere).
  stored: {
    passwordHash: { type: 'text' },
    createdAt: { type: 'text' },
    tokenVersion: { type: 'integer', default: 0 },
  },
  fields: {
    firstName: { label: 'نام', input: 'text', required: true, maxLength: nameMaxLength, createOnly: true },
    lastName: { label: 'نام خانوادگی', input: 'text', required: true, maxLength: nameMaxLength, createOnly: true },
    // The account's sign-in identifiers: the same rules as sign-up (see `mobile` in define.ts).
    phoneNumber: { label: 'شماره تلفن', input: 'tel', required: true, mobile: true },
    emailAddress: { label: 'ایمیل', input: 'email' },
    role: {
      label: 'نقش',
      input: 'select',
      initial: 1,
      placeholder: roleLabels['0'],
      options: [
        [1, roleLabels['1']],
        [200, roleLabels['200']],
        [300, roleLabels['300']],
      ],
    },
    // A staff member's permissions are their role's; a teacher's account names the teacher whose
    // courses are «their own» (schema/define/entity.ts ScopeDecl).
    staffRoleId: { label: 'نقش کارمند', input: 'reference', reference: { entity: 'staffRoles', label: 'name', none: 'بدون نقش' }, optionalInBody: true, hint: 'برای نقش «کارمند»: دسترسی‌های او از این نقش است' },
    teacherId: { label: 'مدرس', input: 'reference', reference: { entity: 'teachers', label: 'fullName', none: 'هیچ‌کدام' }, optionalInBody: true, hint: 'برای حساب یک مدرس: دوره‌های این مدرس «موارد خودِ» او هستند' },
    password: {
      label: 'رمز عبور',
      input: 'password',
      hint: 'دست‌کم ۸ نویسه. خالی بگذارید تا کاربر با «پیوند بازنشانی رمز» (از صفحه همین کاربر) رمز خودش را بگذارد.',
    },
    isLockout: { label: 'قفل شده', input: 'checkbox', readOnly: true },
    lastLogin: { label: 'آخرین ورود', input: 'jalaliDate', readOnly: true },
  },
  columns: [
    { id: 'fullName', header: 'نام کامل', cell: 'text', value: (user) => `${user.firstName} ${user.lastName}`.trim() },
    { key: 'emailAddress', header: 'ایمیل', cell: 'text' },
    { key: 'phoneNumber', header: 'شماره تلفن', essential: true, cell: 'phone' },
    {
      key: 'role',
      header: 'نقش',
      essential: true,
      cell: 'badge',
      options: { '1': roleLabels['1'], '200': roleLabels['200'], '300': roleLabels['300'] },
      tones: { '1': 'neutral', '200': 'info', '300': 'accent' },
    },
    { id: 'status', header: 'وضعیت', essential: true, cell: 'text', value: (user) => (user.isLockout ? 'غیرفعال' : 'فعال') },
    { key: 'lastLogin', header: 'آخرین ورود', cell: 'jalaliDateTime' },
  ],
  nav: { group: 'people', order: 2 },
  texts: {
    nav: 'کاربران',
    title: 'مدیریت کاربران',
    addButton: 'افزودن کاربر',
    addTitle: 'کاربر جدید',
    editTitle: 'ویرایش کاربر',
    confirmRemove: 'آیا مطمئنی که می‌خوای این کاربر حذف بشه؟',
    failed: { list: 'دریافت کاربران ناموفق بود', save: 'ویرایش کاربر ناموفق بود', remove: 'حذف کاربر ناموفق بود' },
    succeeded: { create: 'کاربر ساخته شد', update: 'اطلاعات کاربر با موفقیت ویرایش شد', remove: 'کاربر با موفقیت حذف شد' },
  },
  // Locking ends every session of the account at once and keeps it out until unlocked; the
  // server refuses locking oneself or the last active administrator (server/engine/actions.ts).
  actions: {
    lock: {
      call: 'Lock',
      label: 'قفل کردن',
      confirm: 'حساب این کاربر قفل شود؟ همه نشست‌های باز او همین حالا بسته می‌شود و تا باز شدن قفل نمی‌تواند وارد شود.',
      confirmLabel: 'قفل کن',
      when: (user) => !user.isLockout,
      tone: 'danger',
      // Undone by unlocking (its sessions stay ended), as an admin would.
      revert: () => ({ via: 'unlock' }),
      succeeded: 'حساب کاربر قفل شد',
      failed: 'قفل کردن حساب ناموفق بود',
    },
    unlock: {
      call: 'Unlock',
      label: 'باز کردن قفل',
      when: (user) => user.isLockout,
      revert: () => ({ via: 'lock' }),
      succeeded: 'قفل حساب کاربر باز شد',
      failed: 'باز کردن قفل حساب ناموفق بود',
    },
    // A one-time link (24 hours, only its hash stored) with which the user sets a new password;
    // using it ends all their sessions (server/features/identity/userAccounts.ts). The link is shown once.
    resetPassword: {
      call: 'ResetPassword',
      label: 'پیوند بازنشانی رمز',
      confirm:
        'یک پیوند یک‌بارمصرف ساخته می‌شود که تا ۲۴ ساعت کار می‌کند. آن را به خود کاربر بدهید تا رمز تازه‌ای بگذارد؛ با آن همه نشست‌های باز او بسته می‌شود و پیوندهای قبلی‌اش از کار می‌افتد.',
      confirmLabel: 'ساختن پیوند',
      onRow: false,
      revert: () => ({ never: 'پیوند بازنشانی ساخته‌شده پس گرفته نمی‌شود؛ اگر لازم است، پیوند تازه‌ای بسازید تا پیوند قبلی از کار بیفتد' }),
      // The link is the secret: shown once to copy, never stored readable.
      result: 'secret',
      succeeded: 'پیوند بازنشانی ساخته شد',
      failed: 'ساختن پیوند بازنشانی ناموفق بود',
    },
    // For a panel account that lost its phone and its recovery codes (server/features/secondFactor):
    // its authenticator, passkeys and recovery codes go, and it enrols again at its next sign-in.
    resetSecondFactor: {
      call: 'ResetSecondFactor',
      label: 'بازنشانی ورود دومرحله‌ای',
      confirm:
        'برنامه تأیید هویت، کلیدهای عبور و کدهای بازیابی این کاربر حذف می‌شود و او باید در ورود بعدی، ورود دومرحله‌ای را دوباره فعال کند. فقط وقتی این کار را بکنید که هویت او را از راه دیگری مطمئن شده‌اید.',
      confirmLabel: 'بازنشانی کن',
      onRow: false,
      tone: 'danger',
      when: (user) => opensAdminPanel(user.role),
      administratorOnly: true,
      revert: () => ({ never: 'عامل دوم حذف‌شده بازگردانده نمی‌شود؛ کاربر باید دوباره آن را فعال کند' }),
      succeeded: 'ورود دومرحله‌ای کاربر بازنشانی شد',
      failed: 'بازنشانی ورود دومرحله‌ای ناموفق بود',
    },
  },
  afterSave: 'patch',
  afterRemove: 'removeLocal',
  importable: true,
  searchIn: ['firstName', 'lastName', 'emailAddress', 'phoneNumber'],
  labelField: ['firstName', 'lastName'],
  // Who may open the panel and with which role is for administrators alone: a staff member who
  // could change it could grant themselves anything (the server keeps these read-only to staff).
  administratorOnly: ['role', 'staffRoleId', 'teacherId'],
  sensitive: ['phoneNumber', 'emailAddress'],
});
