// A child as a parent enters it (the dashboard's form) and as the server stores it: one rule for
// both, so a child the form refuses is refused by the API too.
import * as v from 'valibot';
import { isCalendarDate, personNames, requiredText } from '../../validators';

export const childTexts = {
  birthDateMissing: 'تاریخ تولد را کامل انتخاب کنید',
  birthDateInvalid: 'تاریخ تولد معتبر نیست',
  birthDateFuture: 'تاریخ تولد نمی‌تواند در آینده باشد',
  grade: 'پایه تحصیلی',
} as const;

const birthDate = v.pipe(
  v.nullable(v.string(childTexts.birthDateInvalid)),
  v.check((value) => value !== null, childTexts.birthDateMissing),
  v.check((value) => value === null || (v.is(v.pipe(v.string(), v.isoTimestamp()), value) && isCalendarDate(value)), childTexts.birthDateInvalid),
  // Read when the check runs, not when the module loads: a server stays up for months.
  v.check((value) => value === null || !(Date.parse(value) > Date.now()), childTexts.birthDateFuture),
  v.transform((value) => value ?? ''),
);

export const ChildSchema = v.object({
  ...personNames,
  birthDate,
  grade: requiredText(childTexts.grade, 50),
});

export const childLabels = { firstName: 'نام', lastName: 'نام خانوادگی', birthDate: 'تاریخ تولد', grade: childTexts.grade } as const;
