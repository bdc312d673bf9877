// Learners' children, as their parents keep them in the learner dashboard (the server's own
// `children` table): the admin sees them, each under its parent, and reads a child's
// enrolments on its detail view; names and grades are the parent's to edit. An admin adds one for
// a parent who enrols by phone (by the parent's own rule: server/features/identity/children.ts).
import { defineEntity } from './define';
import { gradeMaxLength } from './rules/forms/childRules';
import { nameMaxLength } from './validators';

export default defineEntity({
  name: 'ChildRecord',
  key: 'children',
  tableOwner: 'server',
  api: 'Child',
  ops: { create: 'Create', update: false, remove: false },
  defaultedColumns: ['version'],
  fields: {
    // The limits of the parent's form (schema/rules/forms/childRules.ts), which alone writes these.
    firstName: { label: 'نام', input: 'text', required: true, createOnly: true, maxLength: nameMaxLength },
    lastName: { label: 'نام خانوادگی', input: 'text', required: true, createOnly: true, maxLength: nameMaxLength },
    userId: {
      label: 'والد',
      input: 'reference',
      createOnly: true,
      // A parent who has no account yet is added in place, from the user's own form.
      reference: { entity: 'users', label: 'firstName', none: 'انتخاب والد', onDelete: 'cascade', addInPlace: true },
    },
    birthDate: { label: 'تاریخ تولد', input: 'jalaliDate', createOnly: true },
    grade: { label: 'پایه تحصیلی', input: 'text', required: true, createOnly: true, maxLength: gradeMaxLength },
  },
  columns: [
    { id: 'fullName', header: 'نام فرزند', cell: 'text', value: (child) => `${child.firstName} ${child.lastName}`.trim() },
    { key: 'userId', header: 'والد', cell: 'reference' },
    { key: 'birthDate', header: 'تاریخ تولد', cell: 'jalaliDate' },
    { key: 'grade', header: 'پایه تحصیلی', cell: 'text' },
  ],
  nav: { group: 'people', order: 3 },
  texts: {
    nav: 'فرزندان',
    title: 'فرزندان فراگیران',
    addButton: 'افزودن فرزند',
    addTitle: 'فرزند تازه',
    editTitle: 'فرزند',
    confirmRemove: 'آیا از حذف این فرزند مطمئن هستید؟',
    failed: { list: 'خطا در دریافت فهرست فرزندان', save: 'خطا در ذخیره اطلاعات', remove: 'خطا در حذف فرزند' },
    succeeded: { create: 'فرزند افزوده شد', update: 'اطلاعات فرزند ذخیره شد', remove: 'فرزند حذف شد' },
    preferServerMessage: true,
  },
  searchIn: ['firstName', 'lastName', 'grade'],
  // A child found by the parent's name or phone too.
  searchThrough: [{ reference: 'userId' }],
  labelField: ['firstName', 'lastName'],
  sensitive: ['birthDate'],
});
