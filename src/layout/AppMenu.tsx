import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useMemo, useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { activeGroupKey, type MenuGroup, type MenuItem } from '../domain/menus';
import { isAdminShellUser } from '../domain/permissions';
import { visibleMenu } from '../domain/visibleMenu';
import { prefetchList } from './prefetchList';
import { useSession } from './useSession';

function MenuLinks({ items }: { items: readonly MenuItem[] }) {
  return (
    <>
      {items.map((item) => (
        <Menu.Item
          key={item.path}
          to={item.path}
          primaryText={item.label}
          // A list's rows are asked for as the link is pressed, not once the list has rendered (prefetchList).
          onPointerDown={() => prefetchList(item.path)}
          onClick={() => prefetchList(item.path)}
        />
      ))}
    </>
  );
}

function AdminGroups({ groups }: { groups: readonly { group: MenuGroup; items: MenuItem[] }[] }) {
  const location = useLocation();
  const active = activeGroupKey(groups, location.pathname);
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

/**
 * The left menu (spec §2): 首页, then admin groups for ADM_HOME holders or the edition's merchant menu
 * (src/domain/visibleMenu.ts, which the home pages' quick links read too).
 */
export function AppMenu() {
  const session = useSession();
  const menu = useMemo(() => (session ? visibleMenu(session.user, session.platformMark) : null), [session]);
  if (!session || !menu) return <Menu />;
  return (
    <Menu>
      {menu.home && <MenuLinks items={[menu.home]} />}
      {isAdminShellUser(session.user) ? <AdminGroups groups={menu.groups} /> : <MenuLinks items={menu.items} />}
    </Menu>
  );
}
