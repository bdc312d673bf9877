// The sidebar's counts (schema `navBadge`: new messages): one call for every entity that declares
// one, made when the panel opens, when the admin moves to another screen, and after every change
// the admin makes (a successful write empties the GET cache; so does a detail view whose opening
// changed its record).
import { useEffect, useState } from 'react';
import { entitySummaries } from '../../../schema/entityIndex.gen';
import { api, onGetCacheCleared } from '../../api/client';

export type NavBadges = Readonly<Record<string, number>>;

const anyDeclared = Object.values(entitySummaries).some((entity) => entity.badgeTitle !== undefined);

export async function fetchNavBadges(): Promise<NavBadges> {
  const { data } = await api.GET('/api/Admin/badges');
  return data?.badges ?? {};
}

export function useNavBadges(pathname: string): NavBadges {
  const [badges, setBadges] = useState<NavBadges>({});
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!anyDeclared) return undefined;
    // Several writes in one moment (a bulk delete's steps) ask once.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const stop = onGetCacheCleared(() => {
      clearTimeout(pending);
      pending = setTimeout(() => setAsked((n) => n + 1), 50);
    });
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, []);
  useEffect(() => {
    if (!anyDeclared) return undefined;
    let live = true;
    // A failed count leaves the last one shown: the sidebar is no place for an error.
    fetchNavBadges().then(
      (next) => live && setBadges(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pathname, asked]);
  return badges;
}
