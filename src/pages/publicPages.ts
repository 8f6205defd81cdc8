import { lazy } from 'react';

// Public pages besides /login (spec §2), each its own chunk: none of them is part of the login bundle.
export const RegisterPage = lazy(() =>
  import('./register/RegisterPage').then((module) => ({ default: module.RegisterPage })),
);
export const AuthenticationPage = lazy(() =>
  import('./public/AuthenticationPage').then((module) => ({ default: module.AuthenticationPage })),
);
export const VersionUpdatePage = lazy(() =>
  import('./public/VersionUpdatePage').then((module) => ({ default: module.VersionUpdatePage })),
);
export const TestPage = lazy(() => import('./public/TestPage').then((module) => ({ default: module.TestPage })));
