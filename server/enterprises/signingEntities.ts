import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { ENTERPRISE_MSG } from '../../src/domain/enterprises';
import type { Db } from '../db/database';
import { fail } from '../http/errors';

/**
 * The signing entities (签约主体 / 服务主体) a company may work with: those the operator bound to it on /adMerchant →
 * 绑定签约主体 (company_enterprises, GET|PUT /api/v1/companies/enterprise/{id}). This is the one rule every call that
 * names an enterprise for a company asks, and every picker that offers enterprises to a company reads:
 * service agreements (drawn up, signed online or on paper, their signing link, staff recording one signed outside),
 * an enterprise's webhook reporting a signature, worker agreements (drawn up, the worker's code and signature),
 * the enterprise a payout or an invoice goes through, and a merchant's reads of an enterprise's rates and tax.
 *
 * A company with no binding works with no enterprise. The spec gives a company its enterprises (§2: /bigBearOverview
 * is shown "only if the company has upload-enabled enterprises"; §7 GET|PUT /api/v1/companies/enterprise/{id}), and
 * setting a new company up includes binding them: until the operator has, the merchant is told to ask for it
 * (ENTERPRISE_MSG.noneBound) instead of being offered every enterprise of the platform. Companies that already worked
 * with enterprises before the binding was enforced were bound to them by migration 300 (`bindEnterprisesInUse`).
 */

/** SQL: the enterprise in `enterpriseColumn` is bound to the company in `companyColumn`. */
export function boundTo(companyColumn: string, enterpriseColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.exists(
      eb
        .selectFrom('company_enterprises as bound')
        .select('bound.id')
        .whereRef('bound.company_id', '=', companyColumn as any)
        .whereRef('bound.enterprise_id', '=', enterpriseColumn as any),
    );
}

export async function boundEnterpriseIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_enterprises')
    .select('enterprise_id')
    .where('company_id', '=', companyId)
    .orderBy('enterprise_id')
    .execute();
  return rows.map((row) => Number(row.enterprise_id));
}

/** Whether the enterprise is bound to the company. */
export async function isBound(db: Db, companyId: number, enterpriseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_enterprises')
    .select('id')
    .where('company_id', '=', companyId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return !!row;
}

/** Why the company may not work with the enterprise, or undefined when it may. */
export async function unboundReason(db: Db, companyId: number, enterpriseId: number): Promise<string | undefined> {
  if (await isBound(db, companyId, enterpriseId)) return undefined;
  if ((await boundEnterpriseIds(db, companyId)).length === 0) return ENTERPRISE_MSG.noneBound;
  const enterprise = await db
    .selectFrom('enterprises')
    .select('name')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return ENTERPRISE_MSG.notBound(enterprise?.name ?? `主体 #${enterpriseId}`);
}

/** Refuses (1040400) anything a company would do with an enterprise not bound to it. */
export async function assertBound(db: Db, companyId: number, enterpriseId: number): Promise<void> {
  const reason = await unboundReason(db, companyId, enterpriseId);
  if (reason) fail(reason);
}
