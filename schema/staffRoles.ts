// Staff roles: what a person at the panel who is not an administrator may do, granted per entity
// (the four verbs, record actions, sensitive fields hidden or read-only, a teacher's own rows
// only). A user with the staff role (users.role 200) holds one; a change takes effect on their
// next call. Only administrators manage roles (the server refuses a staff grant of this entity).
import { defineEntity } from './define';
import { readGrants } from './rules/permissions';

export default defineEntity({
  name: 'StaffRole',
  key: 'staffRoles',
  table: 'staff_roles',
  fields: {
    name: { label: 'نام نقش', input: 'text', required: true, maxLength: 60 },
    description: { label: 'شرح', input: 'textarea', maxLength: 500 },
    grants: { label: 'دسترسی‌ها', input: 'grants', initial: '{"entities":{}}', wide: true },
  },
  columns: [
    { key: 'name', header: 'نام نقش', essential: true, cell: 'text' },
    { key: 'description', header: 'شرح', cell: 'text' },
    {
      id: 'entityCount',
      header: 'بخش‌ها',
      cell: 'text',
      value: (role) => `${Object.values(readGrants(role.grants).entities).filter((grant) => grant.verbs.length > 0).length.toLocaleString('fa-IR')} بخش`,
    },
  ],
  unique: [['name']],
  nav: { group: 'system', order: 5 },
  texts: {
    nav: 'نقش‌های کارکنان',
    title: 'نقش‌ها و دسترسی‌های کارکنان',
    addButton: 'افزودن نقش',
    addTitle: 'نقش تازه',
    editTitle: 'ویرایش نقش',
    confirmRemove: 'این نقش حذف شود؟',
    empty: 'نقشی تعریف نشده است',
    failed: { list: 'دریافت نقش‌ها ناموفق بود', save: 'ذخیره نقش ناموفق بود', remove: 'حذف نقش ناموفق بود' },
    succeeded: { create: 'نقش ساخته شد', update: 'نقش ویرایش شد', remove: 'نقش حذف شد' },
  },
  searchIn: ['name'],
  labelField: 'name',
  singular: 'نقش',
  // Roles are an administrator's alone: a role that could edit roles could grant itself anything.
  staffGrantable: false,
});
