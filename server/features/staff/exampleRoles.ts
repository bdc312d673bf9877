// The staff roles an academy starts with, as examples an administrator edits: put in every new
// database, production included (the sample data adds one account for each). The grants are
// written from the schemas (an entity's every record action, its sensitive fields), so a schema
// that gains an action or a field is granted or hidden here without a second list.
import type { Transaction } from 'kysely';
import { registry } from '../../../schema/registry.gen';
import type { RegistryKey } from '../../../schema/registryKeys.gen';
import { verbs, type EntityGrant, type Grants, type Verb } from '../../../schema/rules/permissions';
import type { Database } from '../../platform/db';

type GrantOptions = Partial<Pick<EntityGrant, 'hidden' | 'readOnly' | 'own'>> & { verbs?: readonly Verb[]; actions?: 'all' | readonly string[] };

function grant(key: RegistryKey, options: GrantOptions = {}): [RegistryKey, EntityGrant] {
  const actions = options.actions === 'all' || options.actions === undefined ? registry[key].actions.map((action) => action.key) : [...options.actions];
  return [key, { verbs: [...(options.verbs ?? verbs)], actions: options.verbs?.includes('read') === false ? [] : actions, hidden: [...(options.hidden ?? [])], readOnly: [...(options.readOnly ?? [])], own: options.own ?? false }];
}
const read = { verbs: ['read'], actions: [] } as const;
/** Every sensitive field of an entity, which a role that must not see money or contacts hides. */
const sensitiveOf = (key: RegistryKey): string[] => [...(registry[key].decl.sensitive ?? [])];
const grants = (...entries: Array<[RegistryKey, EntityGrant]>): Grants => ({ entities: Object.fromEntries(entries) });

export const exampleRoles: ReadonlyArray<{ name: string; description: string; grants: Grants }> = [
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

export async function seedExampleRoles(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('staff_roles')
    .values(exampleRoles.map((role) => ({ name: role.name, description: role.description, grants: JSON.stringify(role.grants) })))
    .execute();
}
