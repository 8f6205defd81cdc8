import type { FastifyInstance } from 'fastify';
import { companies } from '../../../resources/companies';
import type { AppServices } from '../../appServices';
import { ok } from '../../http/envelope';
import { fail } from '../../http/errors';
import { businessRegistry } from './index';
import { registryRecordSchema, registrySearchSchema } from './matchInformation.schemas';

/**
 * The spec's business-registry calls for operators filling in a company (企业管理, the company list's permission):
 * - GET /api/v1/company/matchinformation/tianyan?name=  the registered record of the company so named (天眼查
 *   fields), 1040400 未查询到该企业的工商信息 when the registry has none;
 * - GET /api/v1/company/matchinformation/search?name=   up to 20 registered companies whose name contains it.
 * Both read the configured registry (REGISTRY_PROVIDER) and take `name` of 2-64 characters.
 */
export const MATCH_SEARCH_LIMIT = 20;
export const MSG_NOT_REGISTERED = '未查询到该企业的工商信息';

export async function matchInformationRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  const registry = businessRegistry(db, config.registry);
  const access = { config: { access: { permissions: companies.permissions.list }, readOnly: true } };

  app.get('/api/v1/company/matchinformation/tianyan', { ...access, schema: registryRecordSchema }, async (request) => {
    const record = await registry.baseInfo((request.query as { name: string }).name);
    if (!record) fail(MSG_NOT_REGISTERED);
    return ok(record);
  });

  app.get('/api/v1/company/matchinformation/search', { ...access, schema: registrySearchSchema }, async (request) => {
    return ok(await registry.search((request.query as { name: string }).name, MATCH_SEARCH_LIMIT));
  });
}
