import type { ReactNode } from 'react';
import { Resource } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { canAccessNow } from '../../providers/authProvider';
import { AccessDenied } from '../../src/routing/AccessDenied';
import { LazyBoundary } from '../../src/shell/LazyBoundary';
import { CUSTOM_LISTS } from '../custom/index';
import type { ResourceDeclaration } from '../types';
import { GeneratedCreate } from './GeneratedCreate';
import { GeneratedEdit } from './GeneratedEdit';
import { GeneratedList } from './GeneratedList';
import { GeneratedShow } from './GeneratedShow';

/**
 * A hand-built list page mounts only for a session that may open its route. react-admin checks access inside
 * <List>, and a custom page runs its own calls around that (/teamAdmin's sub-account list and its owner's codes):
 * for a sub-account they went out, were refused, and a refusal arriving while mounted toasted 无权限访问此页面！
 * beside the heading. The check is the route guard's own (authProvider.canAccessNow), synchronous, so a page
 * that may open draws at once.
 */
function OpenableOnly({ resource, children }: { resource: string; children: ReactNode }) {
  return canAccessNow({ resource, action: 'list' }) ? children : <AccessDenied />;
}

/** Turns a declaration into a react-admin <Resource> whose name is the spec's route. */
export function buildResource(declaration: ResourceDeclaration) {
  const CustomList = declaration.customList ? CUSTOM_LISTS[declaration.customList] : undefined;
  if (declaration.customList && !CustomList) {
    throw new Error(
      `资源 ${declaration.name} 声明了 customList "${declaration.customList}"，但 resources/custom/index.ts 中没有登记它`,
    );
  }
  return (
    <Resource
      key={declaration.name}
      name={declaration.name}
      options={{ label: declaration.label }}
      recordRepresentation={declaration.recordTitle}
      list={
        // A view inside another route's page has no page of its own: its list address (where its forms return
        // after saving) opens that page, whose tabs show it.
        declaration.route ? (
          <Navigate to={`/${declaration.route}`} replace />
        ) : CustomList ? (
          <OpenableOnly resource={declaration.name}>
            <LazyBoundary>
              <CustomList declaration={declaration} />
            </LazyBoundary>
          </OpenableOnly>
        ) : (
          <GeneratedList declaration={declaration} />
        )
      }
      edit={declaration.views.edit ? <GeneratedEdit declaration={declaration} /> : undefined}
      create={declaration.views.create ? <GeneratedCreate declaration={declaration} /> : undefined}
      show={declaration.views.show ? <GeneratedShow declaration={declaration} /> : undefined}
    />
  );
}
