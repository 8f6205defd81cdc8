import type { FastifyRequest } from 'fastify';
import { VIP_LEVEL } from '../../src/domain/enterprises';
import { type AuthContext, holdsAny } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ForbiddenError, fail } from '../http/errors';

/**
 * What every operator's company call shares: the codes that allow it, the company it may change (in the caller's
 * scope, of an edition its codes cover: UI_XGM_MERCHANT_MGR alone reaches small-scale companies only), and a change
 * applied in one transaction with its operation-log entry (the changed fields, before → after).
 */

export const STANDARD_CODE = 'UI_COMPANY_MGR';
export const COMPANY_OPERATOR_CODES = [STANDARD_CODE, 'UI_XGM_MERCHANT_MGR'] as const;
export const operator = { config: { access: { permissions: COMPANY_OPERATOR_CODES } } };
export const SMALL_SCALE = 3;

export type Form = Record<string, unknown>;
export const clean = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
export function firstError(...messages: (string | undefined)[]): void {
  const message = messages.find(Boolean);
  if (message) fail(message);
}

export interface CompanyRow {
  id: number;
  name: string;
  platform_mark: number;
}

/** The company the operator may change: in the caller's scope, and of an edition its codes cover. */
export async function operableCompany(db: Db, auth: AuthContext, raw: unknown): Promise<CompanyRow> {
  const id = parseId(raw, '公司编号');
  await assertCompanyVisible(db, auth, id);
  const row = await db
    .selectFrom('companies')
    .select(['id', 'name', 'platform_mark'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) fail('公司不存在');
  const company = { id: Number(row.id), name: row.name, platform_mark: Number(row.platform_mark) };
  if (company.platform_mark !== SMALL_SCALE && !holdsAny(auth, [STANDARD_CODE])) {
    throw new ForbiddenError('无权处理标准版企业');
  }
  return company;
}

/** The columns an operator's change touches, as the log shows them (before → after). */
const LOGGED_COLUMNS = [
  'name',
  'linkman_name',
  'linkman_mobile',
  'admin_id_card',
  'work_scene',
  'vip_level',
  'verify_status',
  'baogu_enabled',
  'baogu_account',
  'service_id',
] as const;

async function loggedColumns(db: Db, id: number): Promise<Record<string, unknown>> {
  return (await db
    .selectFrom('companies')
    .select(LOGGED_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
}

/** Applies `change` to the company in one transaction with its log entry; answers the new values. */
export async function changeCompany(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  company: CompanyRow,
  action: string,
  change: (trx: Db) => Promise<void>,
): Promise<Record<string, unknown>> {
  return db.transaction().execute(async (trx) => {
    const before = await loggedColumns(trx, company.id);
    await change(trx);
    const after = await loggedColumns(trx, company.id);
    await recordOperation(trx, request, auth, {
      action,
      resource: 'adMerchant',
      recordId: company.id,
      recordTitle: company.name,
      changes: changesBetween(before, after),
    });
    return { id: company.id, ...after };
  });
}

export function vipLevelOf(raw: unknown): number {
  const level = Number(raw);
  if (!VIP_LEVEL.some((choice) => choice.id === level)) fail('VIP等级不正确（1 普通用户、2 优选VIP、3 尊享VIP）');
  return level;
}

export function markOf(raw: unknown): number | undefined {
  const value = clean(raw);
  if (value === '') return undefined;
  if (value !== '1' && value !== '3') fail('版本只能是 1（标准版）或 3（小规模版）');
  return Number(value);
}
