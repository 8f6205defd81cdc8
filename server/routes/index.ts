import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { agreementTemplatesRoutes } from './agreementTemplates.routes';
import { authRoutes } from './auth.routes';
import { commonRoutes } from './common.routes';
import { companiesRoutes } from './companies.routes';
import { contractsRoutes } from './contracts.routes';
import { departmentsRoutes } from './departments.routes';
import { industriesRoutes } from './industries.routes';
import { noticesRoutes } from './notices.routes';
import { sessionRoutes } from './session.routes';
import { subsidiariesRoutes } from './subsidiaries.routes';
import { uploadsRoutes } from './uploads.routes';

/** Every API route plugin. A new domain adds one line here. */
export async function apiRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await agreementTemplatesRoutes(app, services);
  await authRoutes(app, services);
  await commonRoutes(app, services);
  await companiesRoutes(app, services);
  await contractsRoutes(app, services);
  await departmentsRoutes(app, services);
  await industriesRoutes(app, services);
  await sessionRoutes(app, services);
  await subsidiariesRoutes(app, services);
  await noticesRoutes(app, services);
  await uploadsRoutes(app, services);
}
