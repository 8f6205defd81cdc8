import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { permissionLoginSchema } from './permissionLogin.schemas';

/**
 * GET /api/v1/companies/findpermissionlogin: what the current session may do, as the access check sees it now
 * (codes are re-read on every change, server/README.md), so a page can refresh its menu without logging in again.
 * `platformmark`, when given, must be the session's edition: a session of one edition never answers for the other.
 */
export async function permissionLoginRoutes(app: FastifyInstance, _services: AppServices): Promise<void> {
  app.get('/api/v1/companies/findpermissionlogin', { schema: permissionLoginSchema }, async (request) => {
    const auth = requireAuth(request);
    const mark = (request.query as { platformmark?: string }).platformmark;
    if (mark !== undefined && Number(mark) !== auth.platformMark) fail('版本与当前登录的版本不一致');
    return ok({
      userId: auth.userId,
      rid: auth.roleId,
      cid: auth.companyId,
      subid: auth.subid,
      platformMark: auth.platformMark,
      authorities: [...auth.authorities].sort().map((authority) => ({ authority })),
      deptIds: auth.deptScope ?? [],
    });
  });
}
