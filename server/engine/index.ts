import type { FastifyInstance } from 'fastify';
import { RESOURCES } from '../../resources/index';
import type { Db } from '../db/database';
import type { ResourceBinding } from './binding';
import { registerListExports } from './listExport';
import { type EngineRoute, resourceRoutes, serveRoutes } from './registerResource';

export type { ResourceBinding } from './binding';

/**
 * Registers every bound resource's API (server/bindings.ts lists them), and the .xlsx / .csv export of every
 * declared list (resources/index.ts), engine-served or hand-written (listExport.ts).
 */
export function registerResources(app: FastifyInstance, db: Db, bindings: readonly ResourceBinding[]): void {
  const names = new Set<string>();
  const routes: EngineRoute[] = [];
  for (const binding of bindings) {
    if (names.has(binding.declaration.name)) throw new Error(`resources: ${binding.declaration.name} is bound twice`);
    names.add(binding.declaration.name);
    routes.push(...resourceRoutes(db, binding));
  }
  serveRoutes(app, db, routes);
  registerListExports(app, db, RESOURCES, bindings);
}
