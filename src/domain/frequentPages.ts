import type { MenuItem } from './menus';

/**
 * The home page's 快捷入口: the few pages this user opens most, not the whole menu. Counts come
 * from the user's own navigation (src/layout/pageVisits.ts); pages never opened fall back to the pages a merchant's
 * week is made of, in this order, so a new merchant starts with a sensible set.
 */
export const MERCHANT_STARTER_PAGES: readonly string[] = [
  '/remit',
  '/recharge',
  '/signUser',
  '/paymentRecord',
  '/contractManagement',
  '/applyInvoice',
  '/smallApplyInvoice',
  '/invoiceRecord',
];

export const SHORTCUT_COUNT = 6;

export type PageVisits = Readonly<Record<string, number>>;

/**
 * The `limit` items of `menu` (already what the user may open) most visited first; ties and unvisited pages
 * in the starter order, then the menu's own order.
 */
export function frequentPages(
  menu: readonly MenuItem[],
  visits: PageVisits,
  starters: readonly string[] = MERCHANT_STARTER_PAGES,
  limit = SHORTCUT_COUNT,
): MenuItem[] {
  const rank = (path: string) => {
    const index = starters.indexOf(path);
    return index === -1 ? starters.length : index;
  };
  return menu
    .map((item, order) => ({ item, order, count: visits[item.path] ?? 0 }))
    .sort((a, b) => b.count - a.count || rank(a.item.path) - rank(b.item.path) || a.order - b.order)
    .slice(0, limit)
    .map(({ item }) => item);
}
