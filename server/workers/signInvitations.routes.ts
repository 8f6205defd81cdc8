import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signUser } from '../../resources/workers';
import { ROLE } from '../../src/domain/roles';
import {
  INVITE_INTERVAL_MINUTES,
  INVITE_MAX_WORKERS,
  INVITE_MSG,
  INVITE_STATUS,
  SIGN_STATUS,
} from '../../src/domain/workers';
import { takeRate } from '../accounts/rateCounters';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { inviteFailed } from './signInvitations';
import { type SigningWorker, signLinkIssuer } from './signLinks';
import { signInvitationsSchema } from './workers.schemas';

/**
 * 发送签署邀请 on /signUser: the workers the merchant picked, each sent the SMS with their signing link (the same link
 * 签署链接 gives, signLinks.ts), and each one's invitation kept on the worker (signInvitations.ts): 已发送, then
 * 已打开 and 已签署 as the worker answers, or 发送失败 with the reason. Signed and rescinded workers are skipped with
 * the reason, and so is a worker invited less than INVITE_INTERVAL_MINUTES ago unless the merchant resends on
 * purpose (`force`). Only the caller's own company: another company's worker ids are left out, named as not ours.
 */

/** Invitations one worker may get a day, resends included: the SMS goes to a person's phone. */
const INVITES_PER_WORKER_PER_DAY = 5;

export type InviteOutcome = 'sent' | 'failed' | 'skipped';
export interface InviteResult {
  id: number;
  /** The worker's name; null for an id that is not the company's (nothing about it is told). */
  name: string | null;
  outcome: InviteOutcome;
  reason: string | null;
}

/** The link's address: PUBLIC_URL, else the address the request came to. */
function originOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Sends the invitations of `body.ids` for the caller's company and answers each worker's outcome: the /signUser
 * button and the open API's call (server/openapi/) both run this, so the rules are one.
 */
export function signInvitationSender(services: AppServices) {
  const { db, sms, config } = services;
  const issueSignLink = signLinkIssuer(services);
  return async (
    request: FastifyRequest,
    auth: AuthContext & { companyId: number },
    body: { ids?: readonly number[]; force?: boolean },
  ) => {
    const companyId = auth.companyId;
    const ids = [...new Set((body.ids ?? []).map(Number))];
    if (ids.length === 0) fail(INVITE_MSG.nobody);
    if (ids.length > INVITE_MAX_WORKERS) fail(INVITE_MSG.tooMany);
    const force = body.force === true;
    const company = await db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('workers')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const origin = originOf(request, config.publicUrl);
    const recentSince = chinaTime(Date.now() - INVITE_INTERVAL_MINUTES * 60_000);

    const failedUnclaimed = async (workerId: number, reason: string) => {
      await db
        .updateTable('workers')
        .set({ invite_status: INVITE_STATUS.failed, invite_time: chinaTime(), invite_reason: reason.slice(0, 255) })
        .where('id', '=', workerId)
        .execute();
      return { outcome: 'failed' as const, reason };
    };

    const invite = async (worker: SigningWorker): Promise<Omit<InviteResult, 'id' | 'name'>> => {
      const workerId = Number(worker.id);
      if (Number(worker.sign_status) === SIGN_STATUS.signed) return { outcome: 'skipped', reason: INVITE_MSG.signed };
      if (Number(worker.sign_status) === SIGN_STATUS.rescinded) {
        return { outcome: 'skipped', reason: INVITE_MSG.rescinded };
      }
      const waiting =
        Number(worker.invite_status) === INVITE_STATUS.sent || Number(worker.invite_status) === INVITE_STATUS.opened;
      if (!force && waiting && worker.invite_sent_time !== null && worker.invite_sent_time > recentSince) {
        return { outcome: 'skipped', reason: INVITE_MSG.recent };
      }
      if (!worker.mobile) return failedUnclaimed(workerId, INVITE_MSG.noMobile);
      const sentTime = chinaTime();
      // Claim-first: the send is taken by one conditional UPDATE on the invitation as this request read it
      // (its last sent time) and, unless resent on purpose, only while no invitation is waiting from the last
      // INVITE_INTERVAL_MINUTES. Of two parallel sends the second changes no row and sends nothing. 已发送 is
      // set before the SMS leaves: its delivery report may come back before the send's own answer does.
      const readSentTime = worker.invite_sent_time;
      const claimed = await db
        .updateTable('workers')
        .set({
          invite_status: INVITE_STATUS.sent,
          invite_time: sentTime,
          invite_sent_time: sentTime,
          invite_reason: null,
          invite_sms_ref: null,
        })
        .where('id', '=', workerId)
        .where((eb) =>
          readSentTime === null ? eb('invite_sent_time', 'is', null) : eb('invite_sent_time', '=', readSentTime),
        )
        .where((eb) =>
          force
            ? eb.lit(true)
            : eb.or([
                eb('invite_status', 'not in', [INVITE_STATUS.sent, INVITE_STATUS.opened]),
                eb('invite_sent_time', 'is', null),
                eb('invite_sent_time', '<=', recentSince),
              ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return { outcome: 'skipped', reason: INVITE_MSG.recent };
      // A claimed send that cannot go out is 发送失败, and its last sent time is the one before the claim.
      const failed = async (reason: string) => {
        await db
          .updateTable('workers')
          .set({
            invite_status: INVITE_STATUS.failed,
            invite_time: sentTime,
            invite_sent_time: readSentTime,
            invite_reason: reason.slice(0, 255),
          })
          .where('id', '=', workerId)
          .where('invite_sent_time', '=', sentTime)
          .execute();
        return { outcome: 'failed' as const, reason };
      };
      const day = { windowMs: 24 * 3600_000, max: INVITES_PER_WORKER_PER_DAY };
      if (!(await takeRate(db, `sms:invite:${workerId}`, day))) return failed(INVITE_MSG.tooOften);
      let url: string;
      try {
        url = (await issueSignLink(request, auth, worker)).url;
      } catch (error) {
        if (error instanceof BusinessError) return failed(error.message);
        throw error;
      }
      try {
        const accepted = await sms.send(
          worker.mobile,
          { kind: 'SIGN_INVITE', variables: { company: company.name, link: `${origin}${url}` } },
          {
            onDelivery: (report) => {
              if (report.delivered) return;
              inviteFailed(db, workerId, sentTime, report.reason, chinaTime()).catch((error: unknown) =>
                request.log.error({ err: error, workerId }, '签署邀请状态更新失败'),
              );
            },
          },
        );
        if (accepted?.providerRef) {
          await db
            .updateTable('workers')
            .set({ invite_sms_ref: [...accepted.providerRef].slice(0, 64).join('') })
            .where('id', '=', workerId)
            .where('invite_sent_time', '=', sentTime)
            .execute();
        }
      } catch (error) {
        const reason = error instanceof BusinessError ? error.message : '短信发送失败，请稍后重试';
        if (!(error instanceof BusinessError)) request.log.error({ err: error, workerId }, '签署邀请短信发送失败');
        await inviteFailed(db, workerId, sentTime, reason, chinaTime());
        return { outcome: 'failed', reason };
      }
      return { outcome: 'sent', reason: null };
    };

    const results: InviteResult[] = [];
    // One at a time: each is an agreement drawn up and an SMS, and the machine serves others meanwhile.
    for (const id of ids) {
      const worker = byId.get(id);
      if (!worker) {
        results.push({ id, name: null, outcome: 'skipped', reason: INVITE_MSG.notFound });
        continue;
      }
      results.push({ id, name: worker.name, ...(await invite(worker)) });
    }
    const count = (outcome: InviteOutcome) => results.filter((result) => result.outcome === outcome).length;
    const sent = count('sent');
    const failedCount = count('failed');
    const skipped = count('skipped');
    const failedNames = results
      .filter((result) => result.outcome === 'failed')
      .map((result) => `${result.name}（${result.reason}）`)
      .join('、');
    await recordOperation(db, request, auth, {
      // The log shows a Chinese action and change names as written (system/operationLogText.ts).
      action: '发送签署邀请',
      resource: 'signUser',
      recordId: null,
      recordTitle: `${ids.length}名人员`,
      changes: {
        已发送: [null, sent],
        失败: [null, failedCount],
        跳过: [null, skipped],
        重新发送最近已邀请的人员: [null, force ? '是' : '否'],
        ...(failedNames ? { 失败人员: [null, [...failedNames].slice(0, 500).join('')] } : {}),
      },
    });
    return {
      content: { sent, failed: failedCount, skipped, results },
      message: INVITE_MSG.summary(sent, failedCount, skipped),
    };
  };
}

export async function signInvitationRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const send = signInvitationSender(services);

  app.post(
    '/api/v1/workers/sign_invitations',
    { config: { access: { permissions: signUser.permissions.list } }, schema: signInvitationsSchema },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError(INVITE_MSG.merchantOnly);
      const answer = await send(
        request,
        { ...auth, companyId: auth.companyId },
        request.body as { ids?: number[]; force?: boolean },
      );
      return ok(answer.content, answer.message);
    },
  );
}
