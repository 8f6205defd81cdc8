/**
 * What one user's menu shows, in one place: the side menu (src/layout/AppMenu.tsx) and the home pages' quick
 * links (src/pages/home/Shortcuts.tsx) both read it, so a quick link never points to a page the menu lacks.
 * Labels are the route titles (routes.ts), which are also the pages' titles.
 */
import { ADMIN_MENU, type MenuGroup, type MenuItem, merchantMenu } from './menus';
import { canAccessRoute, hasAnyPermission, isAdminShellUser, type SessionUser } from './permissions';
import { findRoute, SHELL_HOME } from './routes';

export interface VisibleMenu {
  /** 首页 of the user's shell, first in the menu for everyone who can open it. */
  home: MenuItem | null;
  /** Admin groups (empty for merchants). */
  groups: { group: MenuGroup; items: MenuItem[] }[];
  /** The merchant menu's items after 首页 (empty for staff). */
  items: MenuItem[];
}

function canOpen(user: SessionUser, item: MenuItem): boolean {
  const rule = findRoute(item.path);
  return rule ? canAccessRoute(user, rule) : true;
}

/**
 * May this user open the page at `path`? The route guard's own check (canAccessRoute), for every link outside
 * the menu too (home cards, banners): a link is shown only where the page would open. Unknown paths: no.
 */
export function canOpenPath(user: SessionUser | null | undefined, path: string): boolean {
  const rule = findRoute(path);
  return !!user && !!rule && canAccessRoute(user, rule);
}

function homeItem(user: SessionUser, path: string): MenuItem | null {
  const rule = findRoute(path);
  return rule && canAccessRoute(user, rule) ? { path, label: rule.title } : null;
}

export function visibleMenu(user: SessionUser, platformMark: number): VisibleMenu {
  if (!isAdminShellUser(user)) {
    const home = SHELL_HOME.merchant.home;
    const items = merchantMenu(platformMark).filter((item) => canOpen(user, item));
    return {
      home: items.find((item) => item.path === home) ?? null,
      groups: [],
      items: items.filter((item) => item.path !== home),
    };
  }
  const home = SHELL_HOME.admin.home;
  const edition = platformMark === 3 ? 3 : 1;
  // 首页 stands alone above the groups: it was inside 企业管理, so staff without that group (finance) had none.
  const groups = ADMIN_MENU.filter((group) => group.edition === undefined || group.edition === edition)
    .filter((group) => hasAnyPermission(user, [group.groupCode]))
    .map((group) => ({ group, items: group.items.filter((item) => item.path !== home && canOpen(user, item)) }))
    .filter(({ items }) => items.length > 0);
  return { home: homeItem(user, home), groups, items: [] };
}

/** The home pages' quick links: the first `limit` pages of the user's own menu, 首页 left out. */
export function quickLinks(user: SessionUser, platformMark: number, limit = 12): MenuItem[] {
  const menu = visibleMenu(user, platformMark);
  return [...menu.groups.flatMap(({ items }) => items), ...menu.items].slice(0, limit);
}
