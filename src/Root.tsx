import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { getSession } from '../providers/sessionStore';
import { AuthenticationPage, RegisterPage, TestPage, VersionUpdatePage } from './pages/publicPages';
import { LazyBoundary } from './shell/LazyBoundary';
import { LoadingMask } from './shell/LoadingMask';
import { createStyleCache } from './shell/styleCache';
import { Toaster } from './shell/Toaster';
import { appTheme } from './theme';

// Each public page and the whole admin are separate chunks: /login must not download the admin.
const LoginPage = lazy(() => import('./pages/login/LoginPage').then((module) => ({ default: module.LoginPage })));
const LazyAdminApp = lazy(() => import('./admin/AdminApp'));
let loadedAdminApp: ComponentType | undefined;

/**
 * main.tsx loads the admin before the first render on an admin page. A lazy component suspends on its first
 * render even when its chunk is already there, and React 19 then holds the content back until 300 ms after the
 * fallback was shown (its Suspense throttle): on a cold admin page 200-300 ms of an idle main thread (issue
 * 18). Once loaded here, the admin renders directly, with the opened list's first page when it has arrived.
 */
export function preloadAdminApp(configLoaded: Promise<void>): Promise<void> {
  return import('./admin/AdminApp').then(async (module) => {
    loadedAdminApp = module.default;
    // The opened list's first page, which needs the API's address from config.json.
    await configLoaded;
    await module.prepareAdminStart();
  });
}
const WorkerSignPage = lazy(() =>
  import('./pages/public/WorkerSignPage').then((module) => ({ default: module.WorkerSignPage })),
);

/**
 * Everything but the public pages is the react-admin app. 关于我们 (/versionUpdate) is public too, but a
 * logged-in user opens it from the menu: the app shows it inside the layout (one route, so the app stays
 * mounted when the user comes and goes).
 */
function AppOrPublicAbout() {
  const { pathname } = useLocation();
  if (pathname === '/versionUpdate' && !getSession()) return <VersionUpdatePage />;
  const AdminApp = loadedAdminApp ?? LazyAdminApp;
  return <AdminApp />;
}

function TopRoutes() {
  return (
    <LazyBoundary>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/authentication" element={<AuthenticationPage />} />
        <Route path="/test" element={<TestPage />} />
        <Route path="/workerSign/:token" element={<WorkerSignPage />} />
        <Route path="/*" element={<AppOrPublicAbout />} />
      </Routes>
    </LazyBoundary>
  );
}

/**
 * A data router, not <BrowserRouter>: react-admin's unsaved-changes warning (warnWhenUnsavedChanges) blocks
 * navigation with useBlocker, which only a data router supports.
 */
const router = createBrowserRouter([{ path: '*', element: <TopRoutes /> }]);

const styleCache = createStyleCache();

/** The top router: public pages, and everything else in the react-admin app. */
export function Root() {
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <LoadingMask />
        <Toaster />
        <RouterProvider router={router} />
      </ThemeProvider>
    </CacheProvider>
  );
}
