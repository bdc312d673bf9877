// @vitest-environment jsdom
// The admin sidebar as declared: entities place themselves in their schema file (nav), the
// screens that are not entities in their route's staticData; groups in their order, daily first.
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { defaultNav, navGroups } from '../../../schema/define';
import { registry, registryKeys } from '../../../schema/registry.gen';
import { entitySummary } from '../../../codegen/entityIndex';
import { entitySummaries } from '../../../schema/entityIndex.gen';
import { adminNavigation, type NavRoute } from '../../../src/components/admin/navigation';
import { createAppRouter } from '../../../src/router';

const routes = (): NavRoute[] => Object.values(createAppRouter({ history: createMemoryHistory() }).routesById);
const labels = (groups: ReturnType<typeof adminNavigation>) => groups.flatMap((group) => group.links.map((link) => link.label));

describe('admin sidebar', () => {
  it('groups every screen under its Persian heading, daily screens first', () => {
    const groups = adminNavigation(routes());
    expect(groups.map((group) => group.title)).toEqual(['', 'فروش', 'کلاس‌ها', 'افراد', 'محتوا', 'سیستم']);
    expect(groups.map((group) => group.title)).toEqual(navGroups.map((group) => group.title));
    const all = labels(groups);
    // Every entity with a link, and the four screens declared on their routes: 22 in all.
    const entities = registryKeys.filter((key) => registry[key].sidebar).map((key) => registry[key].texts.nav);
    expect([...all].sort()).toEqual([...entities, 'داشبورد', 'مدیا', 'ایمیل', 'گزارش تغییرات'].sort());
    expect(all).toHaveLength(22);
    expect(all.slice(0, 3)).toEqual(['داشبورد', 'سفارش‌ها', 'ثبت‌نام‌ها']);
    const group = (title: string) => groups.find((g) => g.title === title)?.links.map((link) => link.label);
    expect(group('کلاس‌ها')?.slice(0, 2)).toEqual(['جلسات کلاس‌ها', 'حضور و غیاب']);
    expect(group('افراد')?.[0]).toBe('پیام‌های تماس');
    expect(group('محتوا')).toEqual(['مقالات', 'مدیا']);
    expect(group('سیستم')).toEqual(['پیام‌های ارسالی', 'ایمیل', 'گزارش تغییرات', 'سابقه ورود', 'نقش‌های کارکنان']);
  });

  it('puts an entity that declares no place at the end of the default group', () => {
    const decl = registry.teachers.decl;
    const declared = decl.nav;
    delete decl.nav;
    try {
      // The sidebar reads the entities' summaries (codegen/entityIndex.ts), made from the schema files.
      const groups = adminNavigation(routes(), { ...entitySummaries, teachers: entitySummary(registry.teachers, Object.values(registry)) });
      const home = groups.find((group) => group.key === defaultNav.group);
      expect(home?.links.at(-1)?.label).toBe('همیاران');
      expect(groups.find((group) => group.key === 'people')?.links.map((link) => link.label)).not.toContain('همیاران');
    } finally {
      decl.nav = declared;
    }
  });

  it('links a staff member to what their role reads and the panel’s own screens, never to the roles', () => {
    const read = { verbs: ['read' as const], actions: [], hidden: [], readOnly: [], own: false };
    const grants = { entities: { orders: read, classSessions: { ...read, verbs: [] }, staffRoles: read } };
    const groups = adminNavigation(routes(), entitySummaries, { kind: 'staff', roleId: 1, roleName: 'حسابدار', grants, teacherId: null });
    expect(labels(groups).sort()).toEqual(['سفارش‌ها', 'داشبورد', 'مدیا', 'ایمیل', 'گزارش تغییرات'].sort());
    expect(labels(adminNavigation(routes(), entitySummaries, { kind: 'none' })).sort()).toEqual(['داشبورد', 'مدیا', 'ایمیل', 'گزارش تغییرات'].sort());
  });
});
