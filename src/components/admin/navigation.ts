import type { RegistryKey } from '../../../schema/define';
import { registry, registryKeys } from '../../../schema/registry.gen';

export function isRegistryKey(value: string): value is RegistryKey {
  return (registryKeys as readonly string[]).includes(value);
}

export type AdminPage = '/admin/dashboard' | '/admin/media' | '/admin/emails' | '/admin/audit';
export type AdminLink = { label: string; href: string } & ({ entity: RegistryKey } | { page: AdminPage });

const entityLink = (entity: RegistryKey): AdminLink => ({ entity, label: registry[entity].texts.nav, href: `/admin/${entity}` });
const pageLink = (page: AdminPage, label: string): AdminLink => ({ page, label, href: page });

// The spec's sidebar order (§2); an entity added to the registry later is listed before «ایمیل».
const specOrder: RegistryKey[] = ['users', 'courses', 'categories', 'articles', 'teachers'];
const laterEntities = registryKeys.filter((key) => !specOrder.includes(key) && registry[key].sidebar).map(entityLink);

export const adminLinks: AdminLink[] = [
  pageLink('/admin/dashboard', 'داشبورد'),
  entityLink('users'),
  entityLink('courses'),
  entityLink('categories'),
  entityLink('articles'),
  pageLink('/admin/media', 'مدیا'),
  entityLink('teachers'),
  ...laterEntities,
  pageLink('/admin/emails', 'ایمیل'),
  pageLink('/admin/audit', 'گزارش تغییرات'),
];
