// Users: listed through GetPagedFilter (rows under `queryResult`), edited by UpdateByAdmin with
// `userId`; after a save the row is patched in place and after a delete dropped locally (spec §4).
import * as v from 'valibot';
import { defineEntity } from './define';
import { optionalEmail, optionalPhone } from './validators';

export const roleLabels = { '0': 'لطفا انتخاب کنید', '1': 'کاربر عادی', '300': 'مدیر سیستم' } as const;

export default defineEntity<'User'>()({
  key: 'users',
  component: 'User',
  table: 'users',
  ops: {
    list: 'GET /api/User/GetPagedFilter',
    listItemsAt: 'queryResult',
    update: 'PUT /api/User/UpdateByAdmin',
    updateIdKey: 'userId',
    remove: 'DELETE /api/User/Delete',
  },
  fields: {
    phoneNumber: { label: 'شماره تلفن', input: 'tel', validate: optionalPhone('شماره تلفن') },
    emailAddress: { label: 'ایمیل', input: 'email', validate: optionalEmail('ایمیل') },
    role: {
      label: 'نقش',
      input: 'select',
      initial: 1,
      options: [
        [0, roleLabels['0']],
        [1, roleLabels['1']],
        [300, roleLabels['300']],
      ],
      validate: v.picklist([1, 300], 'نقش کاربر را انتخاب کنید'),
    },
  },
  columns: [
    { id: 'fullName', header: 'نام کامل', cell: 'text', value: (user) => `${user.firstName} ${user.lastName}`.trim() },
    { key: 'emailAddress', header: 'ایمیل', cell: 'text' },
    { key: 'phoneNumber', header: 'شماره تلفن', cell: 'phone' },
    { key: 'role', header: 'نقش', cell: 'option', options: { '1': roleLabels['1'], '300': roleLabels['300'] } },
    { id: 'status', header: 'وضعیت', cell: 'text', value: (user) => (user.isLockout ? 'غیرفعال' : 'فعال') },
    { key: 'lastLogin', header: 'آخرین ورود', cell: 'jalaliDateTime' },
  ],
  texts: {
    nav: 'کاربران',
    title: 'مدیریت کاربران',
    editTitle: 'ویرایش کاربر',
    confirmRemove: 'آیا مطمئنی که می‌خوای این کاربر حذف بشه؟',
    failed: { list: 'دریافت کاربران ناموفق بود', save: 'ویرایش کاربر ناموفق بود', remove: 'حذف کاربر ناموفق بود' },
    succeeded: { update: 'اطلاعات کاربر با موفقیت ویرایش شد', remove: 'کاربر با موفقیت حذف شد' },
  },
  afterSave: 'patch',
  afterRemove: 'removeLocal',
  searchIn: ['firstName', 'lastName', 'emailAddress', 'phoneNumber'],
});
