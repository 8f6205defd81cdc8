import type { FastifyInstance } from 'fastify';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { signLinkIssuer } from './signLinks';
import { WORKER_SIGN_MSG } from './workerSigning';
import { signLinkSchema } from './workers.schemas';

/** 签署链接: the merchant asks for a worker's signing link (signLinks.ts draws the agreement up). */
const LINK = { config: { access: { permissions: ['MER_IMPORT_EMPLOYEE', 'MER_EMPLOYEE_LIST'] } } };

export async function signLinkRoutes(app: FastifyInstance, { db, config, files }: AppServices): Promise<void> {
  const issueSignLink = signLinkIssuer({ db, config, files });

  /** A signing link for a worker of the caller's company (a new token each time; the draft is made once). */
  app.post('/api/v1/workers/:id/sign_link', { ...LINK, schema: signLinkSchema }, async (request) => {
    const auth = requireAuth(request);
    const workerId = parseId((request.params as Record<string, string>).id, '人员编号');
    const worker = await db.selectFrom('workers').selectAll().where('id', '=', workerId).executeTakeFirst();
    if (!worker) fail('人员不存在');
    await assertCompanyVisible(db, auth, Number(worker.company_id));
    if (worker.sign_status === SIGN_STATUS.rescinded) fail(WORKER_SIGN_MSG.rescinded);
    if (worker.sign_status === SIGN_STATUS.signed) fail(WORKER_SIGN_MSG.signed);
    const link = await issueSignLink(request, auth, worker);
    return ok(link, '签署链接已生成');
  });
}
