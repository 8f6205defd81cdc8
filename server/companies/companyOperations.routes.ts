import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { companyCreationRoutes } from './companyCreation.routes';
import { companyEnterprisesRoutes } from './companyEnterprises.routes';
import { companySettingsRoutes } from './companySettings.routes';

/**
 * The operator's company calls of the spec, beside the list and edit of companies.routes.ts: creating a company
 * (companyCreation.routes.ts), its signing entities (companyEnterprises.routes.ts) and its settings
 * (companySettings.routes.ts). Every write checks the caller's scope and edition (operableCompany.ts).
 */
export async function companyOperationsRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await companyCreationRoutes(app, services);
  await companyEnterprisesRoutes(app, services);
  await companySettingsRoutes(app, services);
}
