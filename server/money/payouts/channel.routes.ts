import type { FastifyInstance } from 'fastify';
import { ITEM, ITEM_STATUS } from '../../../src/domain/moneyEnums';
import type { AppServices } from '../../appServices';
import { requireAuth } from '../../auth/access';
import { parseId } from '../../auth/scope';
import { chinaTime } from '../../db/time';
import { recordOperation } from '../../engine/operationLog';
import { ok } from '../../http/envelope';
import { fail } from '../../http/errors';
import { applyChannelState, cancelHeld, releaseHeld } from './itemLife';

/**
 * The payout channel's routes (docs/payoutChannels.md):
 * - POST /api/v1/open/payouts/notify/:provider  the channel's notifications (public): refused unless the channel
 *   verifies its signature and freshness; each notification id is recorded once (payout_notifications), so a
 *   replay changes nothing; what it reports goes through the same claims as a query (itemLife.ts), so a stale
 *   state (one the item has moved past) changes nothing. Answered in the channel's own format.
 * - POST /api/v1/systemtools/payouts/:id/query    asks the channel about an open item now (系统工具);
 * - POST /api/v1/systemtools/payouts/:id/release  releases a held item (挂单 → 处理中), the channel told first;
 * - POST /api/v1/systemtools/payouts/:id/cancel   cancels a held item (挂单 → 失败, refunded once) once the channel
 *   confirms it will not pay.
 */
const ACCESS = { config: { access: { permissions: ['UI_SYSTEM_TOOL'] } } };

export const MSG_NOT_HELD = '该笔打款不在挂单状态';
export const MSG_CANCEL_REFUSED = '通道未能撤销该笔挂单（可能已在处理），请稍后查询';
export const MSG_CANCEL_REASON = '挂单已撤销';

const statusName = (status: number) => ITEM_STATUS.find((choice) => choice.id === status)?.name ?? '';

export async function payoutChannelRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, payouts, payoutChannel: channel } = services;

  await app.register(async (open) => {
    // The signature covers the raw body, so it is read as the text the channel sent.
    open.removeAllContentTypeParsers();
    open.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    open.post(
      '/api/v1/open/payouts/notify/:provider',
      { config: { access: { public: true } } },
      async (request, reply) => {
        const provider = String((request.params as { provider?: string }).provider ?? '');
        if (provider !== channel.provider) return reply.status(404).send({ code: 'NOT_FOUND' });
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const notice = await channel.readNotification({ headers: request.headers, rawBody });
        const answer = channel.notificationReply(notice !== null);
        if (notice) {
          const now = chinaTime();
          await db.transaction().execute(async (tx) => {
            const inserted = await tx
              .insertInto('payout_notifications')
              .values({
                channel: provider,
                notify_id: notice.notifyId,
                item_id: notice.itemId,
                state: notice.state.state,
                outcome: 'pending',
                received_time: now,
              })
              .onConflict((conflict) => conflict.columns(['channel', 'notify_id']).doNothing())
              .returning('id')
              .executeTakeFirst();
            // A replay: the first delivery already did what it says.
            if (!inserted) return;
            const item = await tx
              .selectFrom('payout_items')
              .select(['id', 'channel'])
              .where('id', '=', notice.itemId)
              .executeTakeFirst();
            // Only the channel that holds the order speaks for it.
            const outcome =
              item && item.channel === provider
                ? await applyChannelState(tx, notice.itemId, notice.state, now)
                : 'unknown';
            await tx.updateTable('payout_notifications').set({ outcome }).where('id', '=', inserted.id).execute();
          });
        }
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });

  async function heldItem(id: number) {
    const item = await db.selectFrom('payout_items').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!item) fail('打款明细不存在');
    if (Number(item.status) !== ITEM.held) fail(MSG_NOT_HELD);
    return item;
  }

  app.post('/api/v1/systemtools/payouts/:id/query', ACCESS, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '打款明细编号');
    const before = await db.selectFrom('payout_items').select(['status']).where('id', '=', id).executeTakeFirst();
    if (!before) fail('打款明细不存在');
    const [now] = await payouts.queryItems([id]);
    if (now.status !== Number(before.status)) {
      await recordOperation(db, request, auth, {
        action: 'payoutQuery',
        resource: 'adAdminTool',
        recordId: id,
        changes: { status: [statusName(Number(before.status)), statusName(now.status)] },
      });
    }
    return ok({ ...now, statusName: statusName(now.status) }, `当前状态：${statusName(now.status)}`);
  });

  app.post('/api/v1/systemtools/payouts/:id/release', ACCESS, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '打款明细编号');
    await heldItem(id);
    await channel.release(id);
    const moved = await db
      .transaction()
      .execute((tx) => releaseHeld(tx, id, chinaTime(Date.now() + services.config.payoutChannel.queryIntervalMs)));
    if (!moved) fail(MSG_NOT_HELD);
    await recordOperation(db, request, auth, {
      action: 'payoutRelease',
      resource: 'adAdminTool',
      recordId: id,
      changes: { status: ['挂单', '处理中'] },
    });
    return ok({ id, status: ITEM.sent }, '已放行，等待通道处理');
  });

  app.post('/api/v1/systemtools/payouts/:id/cancel', ACCESS, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '打款明细编号');
    await heldItem(id);
    if (!(await channel.cancel(id))) fail(MSG_CANCEL_REFUSED);
    const moved = await db.transaction().execute((tx) => cancelHeld(tx, id, MSG_CANCEL_REASON, chinaTime()));
    if (!moved) fail(MSG_NOT_HELD);
    await recordOperation(db, request, auth, {
      action: 'payoutCancel',
      resource: 'adAdminTool',
      recordId: id,
      changes: { status: ['挂单', '失败'] },
    });
    return ok({ id, status: ITEM.failed }, '已撤销挂单，金额与服务费已退回余额');
  });
}
