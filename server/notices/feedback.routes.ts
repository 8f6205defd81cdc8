import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import type { Db } from '../db/database';
import { ok } from '../http/envelope';
import { unreadRepliesSchema } from './notices.schemas';

/**
 * What the engine does not serve for feedback (feedback.binding.ts serves the lists, the form and the actions):
 * - GET /api/v1/feedbacks/mine/unreadcount   how many replies the merchant's company has not opened yet (the
 *   header bell adds them to its count); 0 for staff.
 */
export async function countUnreadReplies(db: Db, companyId: number, platformMark: number): Promise<number> {
  const row = await db
    .selectFrom('feedbacks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', platformMark)
    .where('reply_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function feedbackRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/feedbacks/mine/unreadcount', { schema: unreadRepliesSchema }, async (request) => {
    const auth = requireAuth(request);
    if (auth.roleId !== ROLE.merchant || auth.companyId === null) return ok(0);
    return ok(await countUnreadReplies(db, auth.companyId, auth.platformMark));
  });
}
