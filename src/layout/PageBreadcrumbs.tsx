import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_MENU } from '../domain/menus';
import { isAdminShellUser } from '../domain/permissions';
import { findRoute, SHELL_HOME } from '../domain/routes';
import { useSession } from './useSession';

/** The trail of a page: 首页 / <menu group> (admin menu) / <page name> / <this view>. */
export function breadcrumbTrail(listPath: string, admin: boolean): { home: string; group?: string; page: string } {
  const home = admin ? SHELL_HOME.admin.home : SHELL_HOME.merchant.home;
  const page = findRoute(listPath)?.title ?? listPath.slice(1);
  const group = admin
    ? ADMIN_MENU.find((entry) => entry.items.some((item) => item.path === listPath))?.label
    : undefined;
  return { home, group, page };
}

/** Breadcrumbs above a record's page, so the user sees where the record lives and can go back up. */
export function PageBreadcrumbs({ listPath, current }: { listPath: string; current: string }) {
  const session = useSession();
  const { home, group, page } = breadcrumbTrail(listPath, session ? isAdminShellUser(session.user) : false);
  return (
    <Breadcrumbs aria-label="面包屑" sx={{ mt: 2, mb: 1 }}>
      <Link component={RouterLink} to={home} underline="hover" color="inherit">
        首页
      </Link>
      {group && <Typography color="text.secondary">{group}</Typography>}
      <Link component={RouterLink} to={listPath} underline="hover" color="inherit">
        {page}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
