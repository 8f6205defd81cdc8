import type { ResourceApi } from '../providers/dataProvider';
import { RESOURCES } from './index';

const BY_NAME = new Map(RESOURCES.map((declaration) => [declaration.name, declaration]));

export function declarationOf(name: string) {
  return BY_NAME.get(name);
}

/** The route a resource's page is reached by: its own name, or the page it is a part of (`route`). */
export function routeOf(name: string): string {
  return `/${BY_NAME.get(name)?.route ?? name}`;
}

const WRITE_ACTIONS = new Set(['create', 'edit', 'delete']);

/**
 * The codes a write action needs, from the declaration; null when the action is not a write action
 * (list, show, export follow the route's codes). A write action the declaration does not grant is [].
 */
export function actionPermissions(name: string, action: string | undefined): readonly string[] | null {
  if (!action || !WRITE_ACTIONS.has(action)) return null;
  const permissions = BY_NAME.get(name)?.permissions;
  return (permissions?.[action as 'create' | 'edit' | 'delete'] ?? []) as readonly string[];
}

/** The API paths of a resource, for the data provider. */
export function resourceApi(name: string): ResourceApi {
  const declaration = BY_NAME.get(name);
  if (!declaration) throw new Error(`未声明的资源：${name}。请在 resources/index.ts 中登记它的声明。`);
  return declaration.api;
}
