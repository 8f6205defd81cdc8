import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthenticationPage, RegisterPage, TestPage, VersionUpdatePage } from './pages/publicPages';
import { LoadingMask } from './shell/LoadingMask';
import { PageLoading } from './shell/PageLoading';
import { Toaster } from './shell/Toaster';
import { appTheme } from './theme';

// Each public page and the whole admin are separate chunks: /login must not download the admin.
const LoginPage = lazy(() => import('./pages/login/LoginPage').then((module) => ({ default: module.LoginPage })));
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** The top router: public pages, and everything else in the react-admin app. */
export function Root() {
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <LoadingMask />
      <Toaster />
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<Navigate to="/login" replace />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/authentication" element={<AuthenticationPage />} />
            <Route path="/versionUpdate" element={<VersionUpdatePage />} />
            <Route path="/test" element={<TestPage />} />
            <Route path="/*" element={<AdminApp />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </ThemeProvider>
  );
}
