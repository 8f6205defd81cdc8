import type { FastifyReply, FastifyRequest } from 'fastify';
import { ITEM } from '../../src/domain/moneyEnums';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { attachmentDisposition, removeStoredFile } from '../files/fileStore';
import { openGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { findUpload } from '../files/uploads.repository';
import { ForbiddenError, fail } from '../http/errors';
import { assertRecordVisible, type EditionCodes, recordScope } from './payoutRecords.scope';

/**
 * 下载回单: the electronic receipt of a paid item (成功, or 退汇: it was paid before it came back). The channel that
 * took the order is asked once; its PDF is kept as a stored file (payout_items.receipt_file_id), so every later
 * download reads the stored copy. The item passes the same scope check as its batch (payoutRecords.scope.ts): a
 * merchant its own company in its edition, staff their data scope. An item outside the caller's scope answers
 * exactly as a missing one, so ids of other companies cannot be told apart from unused ones.
 */
export const MSG_ITEM_NOT_FOUND = '打款明细不存在';
export const MSG_NOT_PAID = '该笔打款未成功，没有回单';
export const MSG_RECEIPT_PENDING = '回单尚未生成，请稍后再试';

export const receiptName = (itemId: number) => `电子回单-${itemId}.pdf`;

export async function sendReceipt(
  services: Pick<AppServices, 'db' | 'files' | 'payoutChannel'>,
  codes: { merchant: readonly string[]; staff: EditionCodes },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { db } = services;
  const auth = requireAuth(request);
  // A caller without any payout record code is refused as such (403), before any id is looked at.
  recordScope(auth, codes);
  const id = parseId((request.params as { id: string }).id, '明细编号');
  return sendItemReceipt(services, reply, {
    itemId: id,
    ownerUserId: auth.userId,
    visible: async (record) => {
      try {
        await assertRecordVisible(db, auth, codes, record);
        return true;
      } catch (error) {
        if (error instanceof ForbiddenError) return false;
        throw error;
      }
    },
  });
}

/** Which item, who keeps the stored copy, and whether the caller may see a record of the item's company and edition. */
export interface ReceiptRequest {
  itemId: number;
  /** Only an item of this batch (the open API names the batch and its item). */
  batchId?: number;
  ownerUserId: number;
  visible: (record: { companyId: number; platformMark: number }) => Promise<boolean>;
}

/**
 * The receipt of one item for a caller already admitted: the back office's 下载回单 and the open API's receipt call
 * both answer through this, with their own visibility rule. An item the caller may not see answers as a missing one.
 */
export async function sendItemReceipt(
  services: Pick<AppServices, 'db' | 'files' | 'payoutChannel'>,
  reply: FastifyReply,
  { itemId: id, batchId, ownerUserId, visible }: ReceiptRequest,
) {
  const { db, files, payoutChannel: channel } = services;
  const item = await db
    .selectFrom('payout_items')
    .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
    .select([
      'payout_items.id',
      'payout_items.status',
      'payout_items.channel',
      'payout_items.receipt_file_id',
      'payout_batches.company_id',
      'payout_batches.platform_mark',
    ])
    .where('payout_items.id', '=', id)
    .$if(batchId !== undefined, (query) => query.where('payout_items.batch_id', '=', batchId as number))
    .executeTakeFirst();
  if (!item) fail(MSG_ITEM_NOT_FOUND);
  const companyId = Number(item.company_id);
  if (!(await visible({ companyId, platformMark: Number(item.platform_mark) }))) fail(MSG_ITEM_NOT_FOUND);
  const status = Number(item.status);
  if (status !== ITEM.succeeded && status !== ITEM.returned) fail(MSG_NOT_PAID);

  let fileId = item.receipt_file_id === null ? null : Number(item.receipt_file_id);
  if (fileId === null) {
    // Only the channel that took the order holds its receipt.
    const pdf = item.channel === channel.provider ? await channel.receipt(id) : null;
    if (!pdf || pdf.length === 0) fail(MSG_RECEIPT_PENDING);
    const saved = await saveGeneratedFile(db, files, {
      content: pdf,
      name: receiptName(id),
      mime: 'application/pdf',
      ownerUserId,
      ownerCompanyId: companyId,
    });
    // Two first downloads at once: the first recorded copy stays, the other is removed.
    const claimed = await db
      .updateTable('payout_items')
      .set({ receipt_file_id: saved })
      .where('id', '=', id)
      .where('receipt_file_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) fileId = saved;
    else {
      const upload = await findUpload(db, saved);
      if (upload) await removeStoredFile(files, upload.storedName);
      await db.deleteFrom('uploads').where('id', '=', saved).execute();
      const winner = await db
        .selectFrom('payout_items')
        .select('receipt_file_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      fileId = Number(winner.receipt_file_id);
    }
  }
  const opened = await openGeneratedFile(db, files, fileId);
  if (!opened) {
    // The stored copy is gone (storage lost it): forget it, so the next download asks the channel again.
    await db
      .updateTable('payout_items')
      .set({ receipt_file_id: null })
      .where('id', '=', id)
      .where('receipt_file_id', '=', fileId)
      .execute();
    fail(MSG_RECEIPT_PENDING);
  }
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(receiptName(id)))
    .header('content-length', String(opened.size))
    .header('cache-control', 'private, no-store')
    .send(opened.stream);
}
