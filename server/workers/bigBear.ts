import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { RouteFlags } from '../../src/domain/permissions';
import type { Db } from '../db/database';

/**
 * 大熊 (big bear): the signing enterprises whose worker information the platform collects and downloads — those
 * whose 允许上传人员 (enterprises.upload_enabled) is on, and those with an agreement template flagged xiong = 1.
 * /bigBearOverview lists a company's workers signed with them, and opens (spec §2, §6) when the company has
 * signed with an upload-enabled enterprise, or when a template of its contracts has xiong = 1.
 */

/** Ids of the 大熊 enterprises, as a subquery. */
function bigBearEnterpriseIds(eb: ExpressionBuilder<any, any>) {
  return eb
    .selectFrom('enterprises')
    .select('enterprises.id')
    .where((inner) =>
      inner.or([
        inner('enterprises.upload_enabled', '=', 1),
        inner.exists(
          inner
            .selectFrom('agreement_templates')
            .select('agreement_templates.id')
            .whereRef('agreement_templates.entid', '=', 'enterprises.id')
            .where('agreement_templates.xiong', '=', 1),
        ),
      ]),
    );
}

/** Workers (the `workers` table) signing with a 大熊 enterprise. */
export function bigBearWorker(eb: ExpressionBuilder<any, any>): Expression<SqlBool> {
  return eb('workers.enterprise_id', 'in', bigBearEnterpriseIds(eb));
}

/** The company's contracts in force (signed, not voided). */
function companyContracts(db: Db, companyId: number) {
  return db
    .selectFrom('contracts')
    .where('contracts.company_id', '=', companyId)
    .where('contracts.sign_status', '=', 1)
    .where('contracts.data_status', '=', 1);
}

/** The login answer's user.routeFlags for a merchant's company (staff have none). */
export async function companyRouteFlags(db: Db, companyId: number | null): Promise<RouteFlags> {
  if (companyId === null) return {};
  const [upload, xiong] = await Promise.all([
    companyContracts(db, companyId)
      .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
      .select('contracts.id')
      .where('enterprises.upload_enabled', '=', 1)
      .limit(1)
      .executeTakeFirst(),
    companyContracts(db, companyId)
      .innerJoin('agreement_templates', (join) =>
        join.on((eb) =>
          eb.or([
            eb('agreement_templates.id', '=', eb.ref('contracts.template_id')),
            eb.and([
              eb('contracts.template_id', 'is', null),
              eb('agreement_templates.entid', '=', eb.ref('contracts.enterprise_id')),
            ]),
          ]),
        ),
      )
      .select('contracts.id')
      .where('agreement_templates.xiong', '=', 1)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { uploadEnterprises: !!upload, xiong: xiong ? 1 : 0 };
}
