import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { authRoutes } from './auth.routes';
import { commonRoutes } from './common.routes';
import { companiesRoutes } from './companies.routes';
import { sessionRoutes } from './session.routes';

/** Every API route plugin. A new domain adds one line here. */
export async function apiRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await authRoutes(app, services);
  await commonRoutes(app, services);
  await companiesRoutes(app, services);
  await sessionRoutes(app, services);
}
