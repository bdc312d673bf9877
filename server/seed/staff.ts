// With the sample data, one account for each example role (server/features/staff/exampleRoles.ts)
// and one per seeded teacher, so a newcomer can sign in and see each role's panel.
import type { Transaction } from 'kysely';
import { staffRole } from '../../schema/rules/roles';
import type { Database } from '../platform/db';

export interface SeededStaff {
  label: string;
  phone: string;
}

/**
 * One account per example role, and one teacher's account per seeded teacher (its courses are
 * its own), all with the one password printed at first start.
 */
export async function seedStaffAccounts(trx: Transaction<Database>, teachers: ReadonlyMap<string, number>, passwordHash: string, now: string): Promise<SeededStaff[]> {
  // The example roles, put in by their feature's first-start data just before.
  const roles = new Map((await trx.selectFrom('staff_roles').select(['id', 'name']).execute()).map((row) => [row.name, Number(row.id)]));
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
