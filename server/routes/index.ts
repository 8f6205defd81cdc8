import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { accountsRoutes } from './accounts.routes';
import { agreementTemplatesRoutes } from './agreementTemplates.routes';
import { authRoutes } from './auth.routes';
import { commonRoutes } from './common.routes';
import { companiesRoutes } from './companies.routes';
import { contractsRoutes } from './contracts.routes';
import { departmentsRoutes } from './departments.routes';
import { industriesRoutes } from './industries.routes';
import { maintenanceRoutes } from './maintenance.routes';
import { noticesRoutes } from './notices.routes';
import { registrationsRoutes } from './registrations.routes';
import { sessionRoutes } from './session.routes';
import { smsCodeQueryRoutes } from './smsCodeQuery.routes';
import { ssoRoutes } from './sso.routes';
import { subaccountsRoutes } from './subaccounts.routes';
import { subsidiariesRoutes } from './subsidiaries.routes';
import { uploadsRoutes } from './uploads.routes';
import { versionsRoutes } from './versions.routes';
import { workspaceRoutes } from './workspace.routes';

/** Every API route plugin. A new domain adds one line here. */
export async function apiRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await maintenanceRoutes(app, services);
  await accountsRoutes(app, services);
  await registrationsRoutes(app, services);
  await smsCodeQueryRoutes(app, services);
  await ssoRoutes(app, services);
  await versionsRoutes(app, services);
  await agreementTemplatesRoutes(app, services);
  await authRoutes(app, services);
  await commonRoutes(app, services);
  await companiesRoutes(app, services);
  await contractsRoutes(app, services);
  await departmentsRoutes(app, services);
  await industriesRoutes(app, services);
  await sessionRoutes(app, services);
  await subaccountsRoutes(app, services);
  await subsidiariesRoutes(app, services);
  await noticesRoutes(app, services);
  await uploadsRoutes(app, services);
  await workspaceRoutes(app, services);
}
