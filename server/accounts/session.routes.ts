import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible } from '../auth/scope';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { currentCharges } from '../money/rates/rates.service';
import { countUnreadNotices } from '../notices/notifications.repository';
import { serviceChargeSchema, signStatusSchema, unreadNoticesSchema } from './session.schemas';

/** Calls every screen makes for the logged-in user: service charge, unread notices, sign status. */
export async function sessionRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/servicecharge', { schema: serviceChargeSchema }, async (request) => {
    const auth = requireAuth(request);
    if (auth.companyId === null) return ok([]);
    return ok(await currentCharges(db, auth.companyId));
  });

  app.get('/api/v1/notifications/countunreadupnotifications', { schema: unreadNoticesSchema }, async (request) => {
    const auth = requireAuth(request);
    return ok(await countUnreadNotices(db, auth.userId, auth.platformMark));
  });

  app.get('/api/v1/companies/sign_status/:coid', { schema: signStatusSchema }, async (request) => {
    const auth = requireAuth(request);
    // The schema made the path's digits the company's id.
    const companyId = (request.params as { coid: number }).coid;
    await assertCompanyVisible(db, auth, companyId);
    const company = await db
      .selectFrom('companies')
      .select(['sign_status', 'fdd_corp_free_status', 'certification_type', 'sub_status'])
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!company) fail('公司不存在');
    return ok({
      signStatus: company.sign_status,
      fddCorpFreeStatus: company.fdd_corp_free_status,
      certificationType: company.certification_type,
      sub_status: company.sub_status,
      // spec §4: sub_status 8 means confirmed
      confirmed: company.sub_status === 8,
    });
  });
}
