import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageVisits } from '../domain/frequentPages';
import { findRoute } from '../domain/routes';

/**
 * How often this user opened each page, kept in the browser per user (localStorage): what 快捷入口 ranks by.
 * Only pages of the route table count; a broken or foreign value reads as no visits.
 */
const keyOf = (userId: number) => `pageVisits:${userId}`;

export function readPageVisits(userId: number | undefined): PageVisits {
  if (userId === undefined) return {};
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(([path, count]) => findRoute(path) && Number.isSafeInteger(count)),
    ) as PageVisits;
  } catch {
    return {};
  }
}

/** Counts each page the user arrives on (a new path, not a new query of the same page). */
export function useRecordPageVisits(userId: number | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (userId === undefined || !findRoute(pathname)) return;
    const visits = { ...readPageVisits(userId) };
    visits[pathname] = (visits[pathname] ?? 0) + 1;
    try {
      localStorage.setItem(keyOf(userId), JSON.stringify(visits));
    } catch {
      // A full or disabled storage only costs the ranking.
    }
  }, [userId, pathname]);
}
