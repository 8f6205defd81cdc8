import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { fail } from '../http/errors';
import { lockSchema } from './enterprises.schemas';

/**
 * POST /api/v1/enterprises/lock { id, reason }: spec §7's lock with the enterprise in the body. It is answered by
 * the engine's row action of the enterprise's own page (POST …/lock/:id or …/xgm/lock/:id), replayed with the
 * caller's headers, so the codes, guard, who / when / why and the operation log stay in one place.
 */
const EDITION_BASE: Readonly<Record<number, string>> = { 1: '/api/v1/enterprises', 3: '/api/v1/enterprises/xgm' };

export async function enterpriseLockRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post(
    '/api/v1/enterprises/lock',
    {
      config: { access: { permissions: ['UI_MANAGEMENT_LEVY_AGENT', 'UI_XGM_MANAGEMENT_LEVY_AGENT'] } },
      schema: lockSchema,
    },
    // The replayed answer's status (a refusal is 4xx) is passed on, not only the declared 200.
    async (request, reply: FastifyReply) => {
      requireAuth(request);
      const body = request.body as { id: unknown; reason?: string };
      const id = parseId(body.id, '主体编号');
      const row = await db.selectFrom('enterprises').select('platform_mark').where('id', '=', id).executeTakeFirst();
      if (!row) fail('主体不存在');
      const base = EDITION_BASE[Number(row.platform_mark)] ?? EDITION_BASE[1];
      const answer = await app.inject({
        method: 'POST',
        url: `${base}/lock/${id}`,
        headers: {
          authorization: request.headers.authorization ?? '',
          platformmark: String(request.headers.platformmark ?? ''),
        },
        payload: { reason: body.reason ?? '' },
      });
      // The replayed call wrote the log entry; this outer request is not a second operation.
      request.operationLogged = true;
      reply.status(answer.statusCode).header('content-type', 'application/json; charset=utf-8');
      return answer.body;
    },
  );
}
