import Drawer from '@mui/material/Drawer';
import { styled, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isValidElement, memo, type ReactNode } from 'react';
import { useSidebarState } from 'react-admin';
import { THEME_TOKENS } from '../themeTokens';

/**
 * react-admin's sidebar, less its scroll watcher: it follows the page's scroll to tuck itself under an app bar
 * that hides on scroll, and ours never hides (AppHeader is alwaysOn). The watcher read the scroll position as
 * the layout mounted, which made the browser lay out the whole first page in the middle of React's work (about
 * 30 ms of a cold start). Same class names, so react-admin's layout styles still apply.
 */
function Sidebar({ children }: { children?: ReactNode }) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const toggle = () => setOpen(!open);
  if (isXSmall) {
    return (
      <SidebarDrawer variant="temporary" open={open} onClose={toggle} className="RaSidebar-root">
        {children}
      </SidebarDrawer>
    );
  }
  return (
    <SidebarDrawer
      variant="permanent"
      open={open}
      onClose={toggle}
      className={`RaSidebar-root ${open ? 'RaSidebar-open' : 'RaSidebar-closed'}`}
    >
      <div className="RaSidebar-fixed">{children}</div>
    </SidebarDrawer>
  );
}

/** The same menu element again (react-admin's layout makes a new `<Menu />` on every render) is the same menu. */
function sameMenu(previous: { children?: ReactNode }, next: { children?: ReactNode }): boolean {
  const [a, b] = [previous.children, next.children];
  if (a === b) return true;
  const bare = (element: ReactNode) => isValidElement(element) && Object.keys(element.props as object).length === 0;
  return bare(a) && bare(b) && isValidElement(a) && isValidElement(b) && a.type === b.type;
}

/** Memoised: a navigation re-rendered the drawer with the menu inside; the menu's links follow the page themselves. */
export const AppSidebar = memo(Sidebar, (previous, next) => sameMenu(previous, next));

const SidebarDrawer = styled(Drawer, { shouldForwardProp: () => true })(({ open, theme }) => ({
  height: 'calc(100vh - 3em)',
  marginTop: 0,
  transition: theme.transitions.create('margin', {
    easing: theme.transitions.easing.easeOut,
    duration: theme.transitions.duration.enteringScreen,
  }),
  '& .RaSidebar-fixed': {
    position: 'fixed',
    height: 'calc(100vh - 3em)',
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  '& .MuiPaper-root': {
    position: 'relative',
    width: open ? THEME_TOKENS.sidebarWidth : THEME_TOKENS.sidebarClosedWidth,
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    backgroundColor: 'transparent',
    borderRight: 'none',
    [theme.breakpoints.only('xs')]: {
      marginTop: 0,
      height: '100vh',
      position: 'inherit',
      backgroundColor: theme.palette.background.default,
    },
    [theme.breakpoints.up('md')]: { border: 'none' },
    zIndex: 'inherit',
  },
}));
