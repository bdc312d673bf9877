// A child as a parent enters it (the dashboard's form) and as the server stores it: one rule for
// both, so a child the form refuses is refused by the API too; the contract's ChildFields is
// written from it by codegen (codegen/formContracts.ts).
import * as v from 'valibot';
import { isCalendarDate, personNames, requiredText } from '../../validators';

export const childTexts = {
  birthDateMissing: 'تاریخ تولد را کامل انتخاب کنید',
  birthDateInvalid: 'تاریخ تولد معتبر نیست',
  birthDateFuture: 'تاریخ تولد نمی‌تواند در آینده باشد',
  grade: 'پایه تحصیلی',
} as const;

// Required: the form sends '' while the date is incomplete, and a body without one is told the same.
const birthDate = v.pipe(
  v.string(childTexts.birthDateMissing),
  v.nonEmpty(childTexts.birthDateMissing),
  v.isoTimestamp(childTexts.birthDateInvalid),
  v.check(isCalendarDate, childTexts.birthDateInvalid),
  // Read when the check runs, not when the module loads: a server stays up for months.
  v.check((value) => !(Date.parse(value) > Date.now()), childTexts.birthDateFuture),
  v.description('the Tehran midnight of the birth day (schema/rules/calendar.ts)'),
);

export const gradeMaxLength = 50;

export const ChildSchema = v.object({
  ...personNames,
  birthDate,
  grade: v.pipe(requiredText(childTexts.grade, gradeMaxLength), v.description('school grade, free text such as «پنجم دبستان»')),
});

export const childLabels = { firstName: 'نام', lastName: 'نام خانوادگی', birthDate: 'تاریخ تولد', grade: childTexts.grade } as const;
