import type { ResourceApi } from '../providers/dataProvider';
import { RESOURCES } from './index';

const BY_NAME = new Map(RESOURCES.map((declaration) => [declaration.name, declaration]));

/** The API paths of a resource, for the data provider. */
export function resourceApi(name: string): ResourceApi {
  const declaration = BY_NAME.get(name);
  if (!declaration) throw new Error(`未声明的资源：${name}。请在 resources/index.ts 中登记它的声明。`);
  return declaration.api;
}
