import type { FastifyRequest } from 'fastify';
import { companies } from '../../resources/companies';
import { subsidiaries } from '../../resources/subsidiaries';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { fail } from '../http/errors';
import type { CrmRecord } from './crmProvider';

export type CrmOwnerKind = 'subsidiary' | 'company';

export interface CrmBinding {
  crmId: string;
  crmName: string;
  bindTime: string;
}

export async function bindingOf(db: Db, ownerKind: CrmOwnerKind, ownerId: number): Promise<CrmBinding | null> {
  const row = await db
    .selectFrom('crm_bindings')
    .select(['crm_id', 'crm_name', 'bind_time'])
    .where('owner_kind', '=', ownerKind)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row ? { crmId: row.crm_id, crmName: row.crm_name, bindTime: row.bind_time } : null;
}

/** Which of these CRM records are bound, to which owner: the search answer says so beside each record. */
export async function ownersOf(db: Db, ownerKind: CrmOwnerKind, crmIds: string[]): Promise<Map<string, number>> {
  if (crmIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('crm_bindings')
    .select(['crm_id', 'owner_id'])
    .where('owner_kind', '=', ownerKind)
    .where('crm_id', 'in', crmIds)
    .execute();
  return new Map(rows.map((row) => [row.crm_id, Number(row.owner_id)]));
}

export interface BindOptions {
  ownerKind: CrmOwnerKind;
  ownerId: number;
  /** The record to bind; null unbinds. */
  record: CrmRecord | null;
  /** The owner's name, the log's 记录. */
  ownerTitle?: string;
  request: FastifyRequest;
  auth: AuthContext;
  /** The subsidiary keeps the CRM name in its own column too (the list and form show it). */
  afterChange?: (tx: Db, crmName: string | null) => Promise<void>;
}

/**
 * Binds (or unbinds) one owner to one CRM record in one transaction with its operation-log entry. A record bound
 * to another owner is refused; the unique keys of crm_bindings make a race end the same way.
 */
export async function changeBinding(db: Db, options: BindOptions): Promise<CrmBinding | null> {
  const { ownerKind, ownerId, record, request, auth } = options;
  try {
    return await db.transaction().execute(async (tx) => {
      const before = await bindingOf(tx, ownerKind, ownerId);
      if (record && before?.crmId === record.crmId) return before;
      if (!record && !before) fail('尚未绑定CRM');
      if (record) {
        const holder = await tx
          .selectFrom('crm_bindings')
          .select('owner_id')
          .where('owner_kind', '=', ownerKind)
          .where('crm_id', '=', record.crmId)
          .executeTakeFirst();
        if (holder)
          fail(`该CRM记录已绑定其他${ownerKind === 'company' ? '公司' : '分公司'}（编号 ${holder.owner_id}）`);
      }
      await tx.deleteFrom('crm_bindings').where('owner_kind', '=', ownerKind).where('owner_id', '=', ownerId).execute();
      const after = record ? { crmId: record.crmId, crmName: record.name, bindTime: chinaTime() } : null;
      if (after) {
        await tx
          .insertInto('crm_bindings')
          .values({
            owner_kind: ownerKind,
            owner_id: ownerId,
            crm_id: after.crmId,
            crm_name: after.crmName,
            bind_user_id: auth.userId,
            bind_time: after.bindTime,
          })
          .execute();
      }
      await options.afterChange?.(tx, after?.crmName ?? null);
      await recordOperation(tx, request, auth, {
        action: record ? 'crmBind' : 'crmUnbind',
        // The page (a declaration's name), so the operation log names it: 企业管理 or 分公司管理.
        resource: ownerKind === 'company' ? companies.name : subsidiaries.name,
        recordId: ownerId,
        recordTitle: options.ownerTitle,
        changes: {
          crmId: [before?.crmId ?? null, after?.crmId ?? null],
          crmName: [before?.crmName ?? null, after?.crmName ?? null],
        },
      });
      return after;
    });
  } catch (error) {
    if (error instanceof Error && /unique|duplicate/i.test(error.message)) fail('该CRM记录已绑定，请刷新后重试');
    throw error;
  }
}
