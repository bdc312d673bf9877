// The staff roles an academy starts with, as examples an administrator edits, and (with the
// sample data) one account for each, so a newcomer can sign in and see each role's panel. The
// grants are written from the schemas (an entity's every record action, its sensitive fields),
// so a schema that gains an action or a field is granted or hidden here without a second list.
import type { Transaction } from 'kysely';
import { registry } from '../../schema/registry.gen';
import type { RegistryKey } from '../../schema/registryKeys.gen';
import { verbs, type EntityGrant, type Grants, type Verb } from '../../schema/rules/permissions';
import { staffRole } from '../../schema/rules/roles';
import type { Database } from '../platform/db';

type GrantOptions = Partial<Pick<EntityGrant, 'hidden' | 'readOnly' | 'own'>> & { verbs?: readonly Verb[]; actions?: 'all' | readonly string[] };

function grant(key: RegistryKey, options: GrantOptions = {}): [RegistryKey, EntityGrant] {
  const actions = options.actions === 'all' || options.actions === undefined ? registry[key].actions.map((action) => action.key) : [...options.actions];
  return [key, { verbs: [...(options.verbs ?? verbs)], actions: options.verbs?.includes('read') === false ? [] : actions, hidden: [...(options.hidden ?? [])], readOnly: [...(options.readOnly ?? [])], own: options.own ?? false }];
}
const read = { verbs: ['read'], actions: [] } as const;
/** Every sensitive field of an entity, which a role that must not see money or contacts hides. */
const sensitiveOf = (key: RegistryKey): string[] => [...(registry[key].decl.sensitive ?? [])];
const grants = (...entries: Array<[RegistryKey, EntityGrant]>): Grants => ({ entities: Object.fromEntries(entries) });

export const seededRoles: ReadonlyArray<{ name: string; description: string; grants: Grants }> = [
  {
    name: 'مدیر آموزش',
    description: 'دوره‌ها، کلاس‌ها، برنامه، حضور و غیاب، مدرسان و ثبت‌نام‌ها؛ بدون پرداخت‌ها',
    grants: grants(
      grant('courses'),
      grant('courseSlots'),
      grant('classSessions'),
      grant('attendance'),
      grant('holidays'),
      grant('teachers'),
      grant('categories'),
      grant('enrollments', { hidden: ['amountInTomans', 'refundedInTomans'] }),
      grant('children', read),
      grant('users', { ...read, hidden: sensitiveOf('users') }),
    ),
  },
  {
    name: 'حسابدار',
    description: 'سفارش‌ها، بازگشت وجه، تراکنش‌ها، کدهای تخفیف و گزارش فروش',
    grants: grants(
      grant('orders', { verbs: ['read'], actions: 'all' }),
      grant('orderItems', read),
      grant('paymentAttempts', read),
      grant('coupons'),
      grant('siblingDiscounts'),
      grant('enrollments', read),
      grant('courses', read),
      grant('children', read),
      grant('users', read),
    ),
  },
  {
    name: 'پذیرش',
    description: 'ثبت‌نام حضوری و تلفنی، والدین و فرزندان، پیام‌ها؛ بدون درآمد و پرداخت‌ها',
    grants: grants(
      grant('users', { verbs: ['read', 'create', 'update'], actions: [] }),
      grant('children', { verbs: ['read', 'create', 'update'] }),
      grant('enrollments', { verbs: ['read', 'create', 'update'], hidden: ['amountInTomans', 'refundedInTomans'] }),
      grant('messages'),
      grant('waitlist', read),
      grant('courses', { ...read, hidden: ['classLink'] }),
      grant('classSessions', read),
      grant('courseSlots', read),
    ),
  },
  {
    name: 'مدرس',
    description: 'جلسه‌ها و حضور و غیاب دوره‌های خودش؛ بدون قیمت‌ها و اطلاعات تماس والدین',
    grants: grants(
      grant('courses', { ...read, hidden: sensitiveOf('courses').filter((name) => name !== 'classLink'), own: true }),
      grant('courseSlots', { ...read, own: true }),
      grant('classSessions', { verbs: ['read', 'update'], actions: 'all', own: true }),
      grant('attendance', { verbs: ['read', 'update'], own: true }),
      grant('enrollments', { ...read, hidden: sensitiveOf('enrollments'), own: true }),
      grant('children', { ...read, hidden: sensitiveOf('children') }),
    ),
  },
  {
    name: 'نویسنده محتوا',
    description: 'مقاله‌ها، معرفی مدرسان و دسته‌بندی‌ها و کتابخانه مدیا',
    grants: grants(grant('articles'), grant('teachers', { verbs: ['read', 'update'] }), grant('categories', { verbs: ['read', 'update'] }), grant('courses', { ...read, hidden: sensitiveOf('courses') })),
  },
];

export async function seedStaffRoles(trx: Transaction<Database>): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('staff_roles')
    .values(seededRoles.map((role) => ({ name: role.name, description: role.description, grants: JSON.stringify(role.grants) })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((row) => [row.name, Number(row.id)]));
}

export interface SeededStaff {
  label: string;
  phone: string;
}

/**
 * One account per example role, and one teacher's account per seeded teacher (its courses are
 * its own), all with the one password printed at first start.
 */
export async function seedStaffAccounts(trx: Transaction<Database>, roles: ReadonlyMap<string, number>, teachers: ReadonlyMap<string, number>, passwordHash: string, now: string): Promise<SeededStaff[]> {
  const people: Array<{ role: string; firstName: string; lastName: string; teacherId: number; label: string }> = [
    { role: 'حسابدار', firstName: 'نرگس', lastName: 'حسابی', teacherId: 0, label: 'حسابدار' },
    { role: 'پذیرش', firstName: 'سمیرا', lastName: 'پذیرا', teacherId: 0, label: 'پذیرش' },
    { role: 'نویسنده محتوا', firstName: 'کاوه', lastName: 'قلمی', teacherId: 0, label: 'نویسنده محتوا' },
    { role: 'مدیر آموزش', firstName: 'پرویز', lastName: 'آموزگار', teacherId: 0, label: 'مدیر آموزش' },
    ...[...teachers].map(([fullName, teacherId]) => {
      const [firstName = fullName, ...rest] = fullName.split(' ');
      return { role: 'مدرس', firstName, lastName: rest.join(' '), teacherId, label: `مدرس: ${fullName}` };
    }),
  ];
  const seeded: SeededStaff[] = [];
  for (const [index, person] of people.entries()) {
    const phone = `0912700${String(index + 1).padStart(4, '0')}`;
    await trx
      .insertInto('users')
      .values({
        firstName: person.firstName,
        lastName: person.lastName,
        phoneNumber: phone,
        emailAddress: '',
        passwordHash,
        role: staffRole,
        staffRoleId: roles.get(person.role) ?? 0,
        teacherId: person.teacherId,
        isLockout: 0,
        lastLogin: null,
        createdAt: now,
        tokenVersion: 0,
      })
      .execute();
    seeded.push({ label: person.label, phone });
  }
  return seeded;
}
