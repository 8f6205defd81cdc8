import Collapse from '@mui/material/Collapse';
import { styled } from '@mui/material/styles';
import clsx from 'clsx';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import { useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { activeGroupKey, type MenuGroup, type MenuItem } from '../domain/menus';
import { isAdminShellUser } from '../domain/permissions';
import { visibleMenu } from '../domain/visibleMenu';
import { THEME_TOKENS } from '../themeTokens';
import { prefetchList } from './prefetchList';
import { useSession } from './useSession';

/** A link is the current page's when the path is its own or one of its records' (react-admin's rule). */
function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function MenuLinks({ items, home = false }: { items: readonly MenuItem[]; home?: boolean }) {
  const { pathname } = useLocation();
  return (
    <>
      {items.map((item) => (
        <li key={item.path}>
          <Link
            to={item.path}
            className={clsx(
              'RaMenuItemLink-root',
              home && 'lg-menu-home',
              isActive(pathname, item.path) && 'RaMenuItemLink-active',
            )}
            aria-current={pathname === item.path ? 'page' : undefined}
            // A list's rows are asked for as the link is pressed, not once the list has rendered (prefetchList).
            onPointerDown={() => prefetchList(item.path)}
            onClick={() => prefetchList(item.path)}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </>
  );
}

/** The chevron of a group: up when it is open (MUI's ExpandLess / ExpandMore paths). */
function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d={open ? 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z' : 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'}
      />
    </svg>
  );
}

interface GroupBlockProps {
  group: MenuGroup;
  items: MenuItem[];
  expanded: boolean;
  sidebarOpen: boolean;
  onToggle: (key: string) => void;
}

/** One group: its button and, while open, its links. Memoised: a navigation re-renders only the open group's links. */
const GroupBlock = memo(function GroupBlock({ group, items, expanded, sidebarOpen, onToggle }: GroupBlockProps) {
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className="lg-menu-group"
        onClick={() => onToggle(group.key)}
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        // The closed sidebar shows two characters; the button keeps the group's whole name.
        aria-label={sidebarOpen ? undefined : group.label}
      >
        <span>{sidebarOpen ? group.label : group.label.slice(0, 2)}</span>
        <Chevron open={expanded} />
      </button>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <ul id={listId} aria-label={group.label}>
          <MenuLinks items={items} />
        </ul>
      </Collapse>
    </li>
  );
});

function AdminGroups({ groups }: { groups: readonly { group: MenuGroup; items: MenuItem[] }[] }) {
  // The group of the page the app opened on starts open; later navigations leave the groups as the user set them.
  const { pathname } = useLocation();
  const [open, setOpen] = useState<Record<string, boolean>>(() => {
    const active = activeGroupKey(groups, pathname);
    return active ? { [active]: true } : {};
  });
  const toggle = useCallback((key: string) => setOpen((state) => ({ ...state, [key]: !(state[key] ?? false) })), []);
  const [sidebarOpen] = useSidebarState();
  return (
    <>
      {groups.map(({ group, items }) => (
        <GroupBlock
          key={group.key}
          group={group}
          items={items}
          expanded={open[group.key] ?? false}
          sidebarOpen={sidebarOpen}
          onToggle={toggle}
        />
      ))}
    </>
  );
}

/**
 * The left menu (spec §2): 首页, then admin groups for ADM_HOME holders or the edition's merchant menu
 * (src/domain/visibleMenu.ts, which the home pages' quick links read too). Plain links and buttons under one
 * style rule, with react-admin's menu class names and MUI's look: react-admin's Menu and MenuItemLink, and MUI's
 * ListItemButton, were a fifth of a cold list page's first render. Memoised: react-admin's layout
 * renders it again on every navigation, and only the links follow the page.
 */
export const AppMenu = memo(function AppMenu() {
  const session = useSession();
  const [sidebarOpen] = useSidebarState();
  const menu = useMemo(() => (session ? visibleMenu(session.user, session.platformMark) : null), [session]);
  return (
    // A navigation landmark of lists and links: screen readers announce a menu role as an application menu
    // whose items must be its direct children, which a sidebar of links inside collapsible groups is not.
    <MenuRoot aria-label="主菜单" className={clsx('RaMenu-root', sidebarOpen ? 'RaMenu-open' : 'RaMenu-closed')}>
      {session && menu && (
        <ul>
          {menu.home && <MenuLinks items={[menu.home]} home />}
          {isAdminShellUser(session.user) ? <AdminGroups groups={menu.groups} /> : <MenuLinks items={menu.items} />}
        </ul>
      )}
    </MenuRoot>
  );
});

const MenuRoot = styled('nav')(({ theme }) => ({
  padding: '8px 0',
  transition: theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  }),
  '&.RaMenu-open': { width: THEME_TOKENS.sidebarWidth },
  '&.RaMenu-closed': { width: THEME_TOKENS.sidebarClosedWidth },
  '& ul': { listStyle: 'none', margin: 0, padding: 0 },
  '& .RaMenuItemLink-root, & .lg-menu-group': {
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    width: '100%',
    padding: '4px 16px',
    minHeight: 32,
    border: 0,
    background: 'none',
    font: 'inherit',
    fontSize: theme.typography.pxToRem(14),
    lineHeight: 1.43,
    textAlign: 'left',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    outline: 0,
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus },
  },
  '& .RaMenuItemLink-root': { color: theme.palette.text.secondary },
  '& .RaMenuItemLink-root.RaMenuItemLink-active': { color: theme.palette.text.primary },
  '& .RaMenuItemLink-root.lg-menu-home': {
    padding: '6px 16px',
    minHeight: 36,
    fontSize: theme.typography.pxToRem(16),
    lineHeight: 1.5,
  },
  '& .lg-menu-group': {
    justifyContent: 'space-between',
    minHeight: 36,
    color: theme.palette.text.primary,
    fontWeight: 600,
    '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
    '& > svg': { width: 20, height: 20, flexShrink: 0, fill: 'currentColor' },
  },
}));
