import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useMemo, useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ADMIN_MENU, type MenuGroup, type MenuItem, merchantMenu } from '../domain/menus';
import { canAccessRoute, hasAnyPermission, isAdminShellUser, type SessionUser } from '../domain/permissions';
import { findRoute } from '../domain/routes';
import { useSession } from './useSession';

function visibleItems(user: SessionUser, items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => {
    const rule = findRoute(item.path);
    return rule ? canAccessRoute(user, rule) : true;
  });
}

/** Admin groups show in their edition, when the user holds the group code and can open an item. */
function visibleGroups(user: SessionUser, platformMark: number): { group: MenuGroup; items: MenuItem[] }[] {
  const edition = platformMark === 3 ? 3 : 1;
  return ADMIN_MENU.filter((group) => group.edition === undefined || group.edition === edition)
    .filter((group) => hasAnyPermission(user, [group.groupCode]))
    .map((group) => ({ group, items: visibleItems(user, group.items) }))
    .filter(({ items }) => items.length > 0);
}

function MenuLinks({ items }: { items: readonly MenuItem[] }) {
  return (
    <>
      {items.map((item) => (
        <Menu.Item key={item.path} to={item.path} primaryText={item.label} />
      ))}
    </>
  );
}

function AdminGroups({ user, platformMark }: { user: SessionUser; platformMark: number }) {
  const location = useLocation();
  const groups = useMemo(() => visibleGroups(user, platformMark), [user, platformMark]);
  const active = groups.find(({ items }) => items.some((item) => location.pathname.startsWith(item.path)))?.group.key;
  const [open, setOpen] = useState<Record<string, boolean>>(() => (active ? { [active]: true } : {}));
  const [sidebarOpen] = useSidebarState();
  return (
    <List dense disablePadding component="nav" aria-label="管理菜单">
      {groups.map(({ group, items }) => {
        const expanded = open[group.key] ?? false;
        return (
          <div key={group.key}>
            <ListItemButton
              onClick={() => setOpen((state) => ({ ...state, [group.key]: !expanded }))}
              aria-expanded={expanded}
            >
              <ListItemText
                primary={sidebarOpen ? group.label : group.label.slice(0, 2)}
                slotProps={{ primary: { fontWeight: 600, fontSize: 14 } }}
              />
              {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <MenuLinks items={items} />
            </Collapse>
          </div>
        );
      })}
    </List>
  );
}

/** The left menu (spec §2): admin groups for ADM_HOME holders, the edition's merchant menu otherwise. */
export function AppMenu() {
  const session = useSession();
  if (!session) return <Menu />;
  const { user, platformMark } = session;
  return (
    <Menu>
      {isAdminShellUser(user) ? (
        <AdminGroups user={user} platformMark={platformMark} />
      ) : (
        <MenuLinks items={visibleItems(user, merchantMenu(platformMark))} />
      )}
    </Menu>
  );
}
