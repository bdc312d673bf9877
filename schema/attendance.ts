// Attendance (the server's own `attendance` table, migration 015): one row per child per class
// session. The session's «حضور و غیاب» action makes the rows of the children actively enrolled
// in its course; the admin then marks each one in the status cell itself (an editable column)
// on the session's detail view, on a phone too. Every mark is an update: versioned, audited,
// stamped with who marked it and when. Parents read their own children's rows in the dashboard.
import { defineEntity } from './define';

export const attendanceStatusLabels = {
  unmarked: 'ثبت نشده',
  present: 'حاضر',
  absent: 'غایب',
  excused: 'غیبت موجه',
} as const;

export default defineEntity({
  name: 'AttendanceRecord',
  key: 'attendance',
  tableOwner: 'server',
  api: 'Attendance',
  // Rows come from the session's roll (its action), never one by one; they go with their child.
  ops: { create: false, remove: false },
  // The enrolment the roll was made from (0 when none).
  stored: { enrollmentId: { type: 'integer', default: 0 } },
  defaultedColumns: ['version', 'status', 'note', 'takenBy'],
  fields: {
    childId: {
      label: 'فرزند',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'children', label: 'firstName', none: 'فرزند حذف شده', onDelete: 'cascade' },
    },
    sessionId: {
      label: 'جلسه',
      input: 'reference',
      readOnly: true,
      // A session that has a roll is cancelled, not deleted: the parents have seen its record.
      reference: { entity: 'classSessions', label: 'date', none: 'جلسه حذف شده', onDelete: 'refuse' },
    },
    status: {
      label: 'حضور',
      input: 'select',
      options: [
        ['unmarked', attendanceStatusLabels.unmarked],
        ['present', attendanceStatusLabels.present],
        ['absent', attendanceStatusLabels.absent],
        ['excused', attendanceStatusLabels.excused],
      ],
    },
    note: { label: 'توضیح', input: 'text', maxLength: 300 },
    takenBy: {
      label: 'ثبت‌کننده',
      input: 'reference',
      readOnly: true,
      auto: 'actor',
      reference: { entity: 'users', label: 'firstName', none: '—', onDelete: 'keep' },
    },
    takenAt: { label: 'زمان ثبت', input: 'jalaliDate', readOnly: true, auto: 'updated' },
  },
  columns: [
    { key: 'childId', header: 'فرزند', cell: 'reference' },
    {
      key: 'status',
      header: 'حضور',
      essential: true,
      cell: 'badge',
      options: attendanceStatusLabels,
      tones: { present: 'success', absent: 'danger', excused: 'warning' },
      edit: true,
    },
    { id: 'course', header: 'دوره', essential: true, cell: 'text', path: ['sessionId', 'courseId'] },
    { key: 'sessionId', header: 'جلسه', cell: 'reference' },
    { key: 'takenBy', header: 'ثبت‌کننده', cell: 'reference' },
    { key: 'takenAt', header: 'زمان ثبت', cell: 'jalaliDateTime' },
  ],
  nav: { group: 'classes', order: 2 },
  texts: {
    nav: 'حضور و غیاب',
    title: 'حضور و غیاب',
    editTitle: 'ویرایش حضور و غیاب',
    confirmRemove: 'آیا از حذف این ردیف حضور و غیاب مطمئن هستید؟',
    empty: 'هنوز حضور و غیابی ثبت نشده است',
    failed: { list: 'خطا در دریافت حضور و غیاب', save: 'ثبت حضور و غیاب ناموفق بود', remove: 'خطا در حذف ردیف حضور و غیاب' },
    succeeded: { update: 'حضور و غیاب ثبت شد', remove: 'ردیف حضور و غیاب حذف شد' },
  },
  searchIn: ['note'],
  labelField: 'childId',
  singular: 'ردیف حضور و غیاب',
  scope: { through: 'sessionId' },
  sensitive: ['note'],
});
