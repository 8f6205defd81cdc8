import type { FastifyInstance } from 'fastify';
import { FORCE_LOGOUT_MSG, SESSION_END } from '../../src/domain/loginLog';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { codesBeyond } from '../auth/privilegeRules';
import { assertCompanyVisible, companyScope, limitsCompanies, parseId } from '../auth/scope';
import { revokeSession } from '../auth/sessions';
import { chinaTime, parseChinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { aliveSession } from './onlineSessions';

const ACCESS = { config: { access: { permissions: ['UI_ONLINE_USER'] } } };

/**
 * POST /api/v1/onlineusers/:id/forcelogout (强退, /adOnlineUser): ends an alive session. In one transaction the
 * session row is claimed (only an alive one, so two operators end it once), its sid is revoked — which bumps
 * auth_changes (migration 115), so every process drops its kept sessions and refuses the session's next request
 * with 401 — and the operation log gets the entry. Privileges only go down (auth/privilegeRules.ts): a caller ends
 * no session of the admin or of a staff account holding codes it lacks, and never its own current session.
 */
export async function onlineUsersRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  app.post('/api/v1/onlineusers/:id/forcelogout', ACCESS, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '会话编号');
    const ended = await db.transaction().execute(async (tx) => {
      const session = await tx
        .selectFrom('user_sessions')
        .select(['sid', 'user_id', 'username', 'role_id', 'login_time', 'company_id'])
        .where('id', '=', id)
        .where(aliveSession)
        .executeTakeFirst();
      if (!session) fail(FORCE_LOGOUT_MSG.gone);
      if (session.sid === request.session?.sid) fail(FORCE_LOGOUT_MSG.own);
      if (auth.roleId !== ROLE.admin) {
        const codes = await tx
          .selectFrom('user_authorities')
          .select('authority')
          .where('user_id', '=', session.user_id)
          .execute();
        // A merchant's MER_* codes are no power over the platform; a staff account's codes are.
        const stronger =
          session.role_id === ROLE.admin ||
          (session.role_id !== ROLE.merchant &&
            codesBeyond(
              auth,
              codes.map((row) => row.authority),
            ).length > 0);
        if (stronger) fail(FORCE_LOGOUT_MSG.stronger);
      }
      // Ending a session reaches no further than listing it (onlineUsers.binding.ts): a merchant's session of a
      // company in the caller's scope; a staff session only for a scope of every company.
      if (session.company_id !== null) await assertCompanyVisible(tx, auth, Number(session.company_id));
      else if (limitsCompanies(companyScope(auth))) throw new ForbiddenError(FORCE_LOGOUT_MSG.outOfScope);
      const claimed = await tx
        .updateTable('user_sessions')
        .set({ end_time: chinaTime(), end_reason: SESSION_END.forced, ended_by: auth.username.slice(0, 64) })
        .where('id', '=', id)
        .where('end_time', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) fail(FORCE_LOGOUT_MSG.gone);
      // Kept until the session could not have lived longer anyway (its login time plus the maximum life).
      const loginSeconds = Math.floor(parseChinaTime(session.login_time) / 1000);
      await revokeSession(tx, session.sid, loginSeconds + config.sessionMaxSeconds);
      await recordOperation(tx, request, auth, {
        action: 'forceLogout',
        resource: 'adOnlineUser',
        recordId: id,
        recordTitle: session.username,
        changes: { endReason: [null, SESSION_END.forced] },
      });
      return session;
    });
    return ok({ id, username: ended.username }, FORCE_LOGOUT_MSG.done);
  });
}
