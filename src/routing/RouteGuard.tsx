import type { ReactNode } from 'react';
import { Authenticated, useCanAccess } from 'react-admin';
import { PageLoading } from '../shell/PageLoading';
import { AccessDenied } from './AccessDenied';

/**
 * Custom routes get no authentication or access check from react-admin: every one is wrapped here.
 * `resource` is the route path without its slash, checked by authProvider.canAccess.
 */
export function RouteGuard({ resource, children }: { resource: string; children: ReactNode }) {
  return (
    <Authenticated>
      <AccessCheck resource={resource}>{children}</AccessCheck>
    </Authenticated>
  );
}

function AccessCheck({ resource, children }: { resource: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action: 'list' });
  if (isPending) return <PageLoading />;
  return canAccess ? children : <AccessDenied />;
}
