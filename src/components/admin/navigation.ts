import type { RegisteredRouter, StaticDataRouteOption } from '@tanstack/react-router';
import type { RegistryKey } from '../../../schema/define';
// From its own module, not through schema/define.ts: that one runs every part of the schema
// language (the validation's schemas), which the sidebar of the first screen does not need.
import { navGroups, type NavDecl, type NavGroup } from '../../../schema/define/nav';
import { entitySummaries, type EntitySummary } from '../../../schema/entityIndex.gen';
import { registryKeys } from '../../../schema/registryKeys.gen';
import type { PanelAccess } from '../../../schema/rules/permissions';
import { readsEntity } from './accessView';

export function isRegistryKey(value: string): value is RegistryKey {
  return (registryKeys as readonly string[]).includes(value);
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** An admin screen that is not an entity's (dashboard, media, audit): its sidebar link. */
    adminNav?: NavDecl & { label: string };
  }
}

/** The admin's own screens: the routes under /admin/ that take no parameter (not /admin/ itself). */
export type AdminPage = Exclude<Extract<keyof RegisteredRouter['routesByPath'], `/admin/${string}`>, `${string}$${string}` | '/admin/'>;
const isAdminPage = (path: string): path is AdminPage => /^\/admin\/[^$]+$/.test(path);

export type AdminLink = { label: string; href: string; nav: NavDecl } & ({ entity: RegistryKey } | { page: AdminPage });
export interface AdminNavGroup {
  key: NavGroup;
  /** The group's heading; empty for the first (the dashboard), which has none. */
  title: string;
  links: AdminLink[];
}

/** A route as the sidebar reads it: its address and its static data. */
export interface NavRoute {
  fullPath: string;
  options: { staticData?: StaticDataRouteOption };
}

/**
 * An entity's link is drawn for whoever may read it: every one for an administrator, for staff
 * those their role grants and never one no role may be granted (the roles themselves).
 */
const linked = (access: PanelAccess, summary: EntitySummary, key: RegistryKey): boolean =>
  access.kind === 'administrator' || (summary.grantable !== false && readsEntity(access, key));

const entityLinks = (summaries: Readonly<Record<RegistryKey, EntitySummary>>, access: PanelAccess): AdminLink[] =>
  registryKeys
    .filter((key) => summaries[key].sidebar && linked(access, summaries[key], key))
    .map((entity) => ({ entity, label: summaries[entity].nav, href: `/admin/${entity}`, nav: summaries[entity].navDecl }));

function pageLinks(routes: Iterable<NavRoute>): AdminLink[] {
  const links: AdminLink[] = [];
  for (const route of routes) {
    const nav = route.options.staticData?.adminNav;
    if (nav && isAdminPage(route.fullPath)) links.push({ page: route.fullPath, label: nav.label, href: route.fullPath, nav: { group: nav.group, order: nav.order } });
  }
  return links;
}

/**
 * The sidebar: every entity with a link the caller may follow and every admin route that declares
 * one (the panel's own screens, open to every panel account), in the groups'
 * order, each group by its members' declared order (the registry's order, then the routes', on a tie).
 */
export function adminNavigation(routes: Iterable<NavRoute>, summaries = entitySummaries, access: PanelAccess = { kind: 'administrator' }): AdminNavGroup[] {
  const links = [...entityLinks(summaries, access), ...pageLinks(routes)];
  return navGroups
    .map(({ key, title }) => ({
      key,
      title,
      links: links.filter((link) => link.nav.group === key).sort((a, b) => a.nav.order - b.nav.order),
    }))
    .filter((group) => group.links.length > 0);
}
