// Where a screen sits in the admin sidebar: its group and its place in the group. Entities
// declare it in their schema file (EntityDecl.nav), the screens that are not entities where
// their route is made (the route's staticData), so a new screen places itself.

/** The sidebar's groups, in the order they are drawn; an empty title draws no heading. */
export const navGroups = [
  { key: 'home', title: '' },
  { key: 'sales', title: 'فروش' },
  { key: 'classes', title: 'کلاس‌ها' },
  { key: 'people', title: 'افراد' },
  { key: 'content', title: 'محتوا' },
  { key: 'system', title: 'سیستم' },
] as const;

export type NavGroup = (typeof navGroups)[number]['key'];

/**
 * The screen's group and its rank in it: lower first, so what is used every day (orders, today's
 * sessions, new messages) comes before what is set up once. Ties keep the registry's order.
 */
export interface NavDecl {
  group: NavGroup;
  order: number;
}

/**
 * Where a screen that declares nothing goes: the records an entity adds are most often content,
 * and it comes after the screens that chose their place.
 */
export const defaultNav: NavDecl = { group: 'content', order: 100 };
