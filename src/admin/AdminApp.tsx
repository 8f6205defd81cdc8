import { lazy, memo, useState } from 'react';
import { AdminContext, AdminUI, Authenticated, CustomRoutes, localStorageStore } from 'react-admin';
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
import { NotificationBridge } from '../shell/NotificationBridge';
import { adminTheme } from './adminTheme';
import { BUILT_PAGES, BUILT_RESOURCES } from './builtPages';
import { loadInitialList, seedInitialList } from './initialList';
import { definitionsOf, StaticResourceDefinitions } from './StaticResourceDefinitions';

const UnderConstruction = lazy(() =>
  import('../pages/UnderConstruction').then((module) => ({ default: module.UnderConstruction })),
);

const AboutPage = lazy(() => import('../pages/public/AboutPage').then((module) => ({ default: module.AboutPage })));

const dataProvider = createDataProvider(resourceApi);

/** Before the first render of a cold start (src/Root.tsx preloadAdminApp): the opened list's first page. */
export function prepareAdminStart(): Promise<void> {
  return loadInitialList(dataProvider);
}

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
const RESOURCE_ELEMENTS = RESOURCES.map(buildResource);
const RESOURCE_DEFINITIONS = definitionsOf(RESOURCE_ELEMENTS);
const ADMIN_CHILDREN = [
  ...RESOURCE_ELEMENTS,
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

/** react-admin's store (what <Admin> would make: localStorage under RaStore.). */
const store = localStorageStore();

/**
 * react-admin's I18nContextProvider renders nothing on its first render unless the store's locale is the i18n
 * provider's, then everything on the next: on a first visit (an empty store) one more render before the page.
 * The locale the app starts in is the provider's anyway.
 */
function keepLocale(): void {
  if (store.getItem('locale') === undefined) store.setItem('locale', i18nProvider.getLocale());
}

/**
 * The react-admin application behind both shells (/adHome and /home). Memoised: it has no props, and its parent
 * renders on every navigation (react-admin's own router follows the location).
 */
function AdminApp() {
  // One query cache per mount: a new login starts with an empty one (or with the list page the start asked for).
  const [queryClient] = useState(() => {
    const client = new AdminQueryClient();
    seedInitialList(client);
    keepLocale();
    return client;
  });
  // Without a session go straight to the login page, keeping where the user wanted to go.
  if (!getSession()) return <Navigate to={loginRedirect()} replace />;
  return (
    <AdminContext
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={adminTheme}
    >
      <StaticResourceDefinitions initial={RESOURCE_DEFINITIONS}>
        <AdminUI
          layout={AppLayout}
          loginPage={false}
          accessDenied={AccessDenied}
          notification={NotificationBridge}
          disableTelemetry
        >
          {ADMIN_CHILDREN}
        </AdminUI>
      </StaticResourceDefinitions>
    </AdminContext>
  );
}

export default memo(AdminApp);
