import { lazy, memo, useState } from 'react';
import { Admin, Authenticated, CustomRoutes } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider, loginRedirect } from '../../providers/authProvider';
import { createDataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { AdminQueryClient } from '../../providers/queryClient';
import { getSession } from '../../providers/sessionStore';
import { buildResource } from '../../resources/generator/buildResource';
import { RESOURCES } from '../../resources/index';
import { resourceApi } from '../../resources/registry';
import { ROUTES, SHELL_HOME } from '../domain/routes';
import { AppLayout } from '../layout/AppLayout';
import { AccessDenied } from '../routing/AccessDenied';
import { RouteGuard } from '../routing/RouteGuard';
import { LazyBoundary } from '../shell/LazyBoundary';
import { adminTheme } from './adminTheme';
import { BUILT_PAGES, BUILT_RESOURCES } from './builtPages';

const UnderConstruction = lazy(() =>
  import('../pages/UnderConstruction').then((module) => ({ default: module.UnderConstruction })),
);

const AboutPage = lazy(() => import('../pages/public/AboutPage').then((module) => ({ default: module.AboutPage })));

const dataProvider = createDataProvider(resourceApi);

/** Every spec route: a resource, a built custom page, or (only while unbuilt) the 功能建设中 page. */
function customRoutes() {
  return ROUTES.filter((rule) => !BUILT_RESOURCES.has(rule.path.slice(1))).map((rule) => {
    const Page = BUILT_PAGES[rule.path];
    const resource = rule.path.slice(1);
    return (
      <Route
        key={rule.path}
        path={`${rule.path}/*`}
        element={
          <RouteGuard resource={resource}>
            <LazyBoundary>{Page ? <Page /> : <UnderConstruction title={rule.title} />}</LazyBoundary>
          </RouteGuard>
        }
      />
    );
  });
}

/**
 * The resources and routes, built once. A new children array on a render (AppOrPublicAbout renders on every
 * navigation) made react-admin re-read its routes and unregister then re-register every resource: two more
 * renders of the whole layout before the next list could ask for its data.
 */
const ADMIN_CHILDREN = [
  ...RESOURCES.map(buildResource),
  <CustomRoutes key="customRoutes">
    <Route path={SHELL_HOME.admin.root} element={<Navigate to={SHELL_HOME.admin.home} replace />} />
    <Route path={SHELL_HOME.merchant.root} element={<Navigate to={SHELL_HOME.merchant.home} replace />} />
    <Route
      path="/versionUpdate"
      element={
        <Authenticated>
          <LazyBoundary>
            <AboutPage />
          </LazyBoundary>
        </Authenticated>
      }
    />
    {customRoutes()}
  </CustomRoutes>,
];

/**
 * The react-admin application behind both shells (/adHome and /home). Memoised: it has no props, and its parent
 * renders on every navigation (react-admin's own router follows the location).
 */
function AdminApp() {
  // One query cache per mount: a new login starts with an empty one.
  const [queryClient] = useState(() => new AdminQueryClient());
  // Without a session go straight to the login page, keeping where the user wanted to go.
  if (!getSession()) return <Navigate to={loginRedirect()} replace />;
  return (
    <Admin
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      theme={adminTheme}
      loginPage={false}
      accessDenied={AccessDenied}
      disableTelemetry
    >
      {ADMIN_CHILDREN}
    </Admin>
  );
}

export default memo(AdminApp);
