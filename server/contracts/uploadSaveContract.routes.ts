import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { adminContracts } from '../../resources/contracts';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible } from '../auth/scope';
import { contractStatusOf } from '../db/seed/contracts';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { assertBound } from '../enterprises/signingEntities';
import { attachFile } from '../files/fileReferences';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { enabledAgreementType } from './agreementTypes.routes';
import { uploadSaveSchema } from './contracts.schemas';

/**
 * POST /api/v1/contract/uploadsavecontract (spec §7): staff record a contract signed outside the platform, with
 * the scan they uploaded (POST /api/v1/common/uploadfiles, attachFile's rule: only the caller's own upload, once)
 * as its document: a signed paper contract (sign mode 2) of a company within the caller's scope. It changes no
 * company's sign status: that is the merchant's own act (DESIGN §4).
 */
export async function uploadSaveContractRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post(
    '/api/v1/contract/uploadsavecontract',
    { config: { access: { permissions: adminContracts.permissions.list } }, schema: uploadSaveSchema },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
      const body = request.body as Static<typeof uploadSaveSchema.body>;
      if (!body.nm.trim()) fail('请输入合同名称');
      if (body.endDate < body.startDate) fail('到期日期不能早于生效日期');
      await assertCompanyVisible(db, auth, body.companyId);
      const company = await db
        .selectFrom('companies')
        .select('platform_mark')
        .where('id', '=', body.companyId)
        .executeTakeFirst();
      if (!company) fail('公司不存在');
      if (body.agreementType !== undefined && !(await enabledAgreementType(db, body.agreementType))) {
        fail('协议类型不正确或已停用');
      }
      if (body.enterpriseId !== undefined) {
        const enterprise = await db
          .selectFrom('enterprises')
          .select('id')
          .where('id', '=', body.enterpriseId)
          .executeTakeFirst();
        if (!enterprise) fail('服务主体不存在');
        // A contract is recorded only with an enterprise bound to the company (signingEntities.ts).
        await assertBound(db, body.companyId, body.enterpriseId);
      }
      const now = chinaTime();
      const id = await db.transaction().execute(async (trx) => {
        const file = await attachFile(trx, auth, body.fileUrl, {
          purpose: 'contract_paper',
          message: '请先上传合同文件',
          formatMessage: '合同文件仅支持PDF、JPG、PNG格式',
        });
        const values = {
          company_id: body.companyId,
          nm: body.nm.trim(),
          contract_no: `HT${now.slice(0, 10).replace(/-/g, '')}${String(Date.now() % 1_000_000).padStart(6, '0')}${body.companyId}`,
          csort: body.csort ?? 9,
          contract_status: contractStatusOf(1, body.endDate, now.slice(0, 10)),
          sign_status: 1,
          data_status: 1,
          enterprise_id: body.enterpriseId ?? null,
          industry_id: body.industryId ?? null,
          sign_nm: body.signNm.trim(),
          start_date: body.startDate,
          end_date: body.endDate,
          sign_time: now,
          platform_mark: Number(company.platform_mark),
          agreement_type: body.agreementType ?? 0,
          sign_mode: 2,
          paper_file_id: file.upload.id,
          create_time: now,
          update_time: now,
        };
        const row = await trx.insertInto('contracts').values(values).returning('id').executeTakeFirstOrThrow();
        await recordOperation(trx, request, auth, {
          action: 'uploadSave',
          resource: adminContracts.name,
          recordId: Number(row.id),
          changes: changesBetween(null, { ...values }),
        });
        return Number(row.id);
      });
      return ok({ id }, '合同已保存');
    },
  );
}
