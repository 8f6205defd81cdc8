import type { FastifyInstance } from 'fastify';
import { formatRate } from '../../src/domain/rates';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { companyForSigning } from '../companies/companySigning';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { AGREEMENT_TEXT } from '../enterprises/agreementText';
import { enterpriseOrFail, levelRates } from '../enterprises/enterprises.service';
import { assertBound } from '../enterprises/signingEntities';
import { saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { ACCESS, agreementOf, agreementSigning, assertMaySign, fieldsOf } from './agreementRecords';
import { signingLinkSchema, signingStateSchema, startSigningSchema, withdrawSchema } from './agreements.schemas';
import { enabledAgreementType } from './agreementTypes.routes';
import { GENERAL_AGREEMENT } from './contractDocument';

/**
 * A merchant's agreement with an enterprise before it is signed: drawn up (服务签约), its state, withdrawn (撤回),
 * its signing link (agreementRecords.ts holds what the agreement routes share).
 */
const DAY = 86400_000;

export async function serviceSignRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, files } = services;
  const { esign, signingService, signingState } = agreementSigning(services);

  app.post(
    '/api/v1/companies/service_sign/:coid/:enterpriseId',
    { ...ACCESS, schema: startSigningSchema },
    async (request) => {
      const auth = requireAuth(request);
      const params = request.params as Record<string, string>;
      const companyId = parseId(params.coid, '公司编号');
      const enterpriseId = parseId(params.enterpriseId, '主体编号');
      await assertCompanyVisible(db, auth, companyId);
      const body = fieldsOf(request);
      const type = body.type === undefined ? 1 : Number(body.type);
      // Agreement types are data (agreement_types): any enabled one, not a fixed list.
      const kindName = Number.isSafeInteger(type) && type > 0 ? await enabledAgreementType(db, type) : undefined;
      if (!kindName) fail('协议类型不正确或已停用');
      const kind = { id: type, name: kindName };
      const company = await companyForSigning(db, companyId);
      if (!company) fail('公司不存在');
      const mark = company.platformMark === 1 ? 1 : 3;
      if ((await enterpriseOrFail(db, enterpriseId)).platformMark !== mark) fail('该主体不属于贵公司的版本');
      const enterprise = await assertMaySign(db, companyId, enterpriseId, body.confirmRisk);

      const open = await db
        .selectFrom('contracts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('enterprise_id', '=', enterpriseId)
        .where('agreement_type', '=', type)
        .where('data_status', '=', 1)
        .where('sign_status', '=', 0)
        // Drawn up here (with its document); an older unsigned contract without one is left to the staff.
        .where('file_id', 'is not', null)
        .executeTakeFirst();
      if (open) return ok(await signingState(await agreementOf(db, auth, Number(open.id))), '请完成签署');

      const template = await db
        .selectFrom('agreement_templates')
        .select(['id', 'nm'])
        .where('entid', '=', enterpriseId)
        .where('type', '=', type)
        .orderBy('use_status', 'desc')
        .orderBy('sort')
        .orderBy('id')
        .executeTakeFirst();
      if (!template) fail(`该主体尚未配置${kind.name}模板，请联系客服`);
      const now = Date.now();
      const createTime = chinaTime(now);
      const startDate = createTime.slice(0, 10);
      const endDate = chinaTime(now + 364 * DAY).slice(0, 10);
      const contractNo = `XY${createTime.slice(0, 10).replace(/-/g, '')}${String(now % 1_000_000).padStart(6, '0')}${companyId}`;
      const [rate] = await levelRates(db, enterpriseId, 1);
      const enterpriseRow = await db
        .selectFrom('enterprises')
        .select(['credit_code', 'bank_name', 'bank_account'])
        .where('id', '=', enterpriseId)
        .executeTakeFirstOrThrow();
      const pdf = await signingService(enterpriseId).render(
        AGREEMENT_TEXT[type] ?? GENERAL_AGREEMENT,
        [
          { role: '甲方', name: company.name, idNumber: company.creditCode },
          { role: '乙方', name: enterprise.name, idNumber: enterpriseRow.credit_code },
        ],
        {
          templateName: template.nm,
          companyName: company.name,
          enterpriseName: enterprise.name,
          rateText: formatRate(rate.rate),
          bankName: enterpriseRow.bank_name ?? '',
          bankAccount: enterpriseRow.bank_account ?? '',
          startDate,
          endDate,
          contractNo,
          createTime,
        },
      );
      const fileId = await saveGeneratedFile(db, files, {
        content: pdf,
        name: `${kind.name}-${company.name}-${enterprise.shortName}.pdf`,
        mime: 'application/pdf',
        ownerUserId: auth.userId,
        ownerCompanyId: companyId,
      });
      const id = await db.transaction().execute(async (trx) => {
        const values = {
          company_id: companyId,
          nm: template.nm.slice(0, 64),
          contract_no: contractNo,
          csort: 9,
          contract_status: 2,
          sign_status: 0,
          data_status: 1,
          enterprise_id: enterpriseId,
          industry_id: null,
          sign_nm: company.linkmanName ?? auth.displayName,
          start_date: startDate,
          end_date: endDate,
          sign_time: null,
          platform_mark: mark,
          agreement_type: type,
          template_id: Number(template.id),
          file_id: fileId,
          create_time: createTime,
          update_time: createTime,
        };
        const row = await trx.insertInto('contracts').values(values).returning('id').executeTakeFirstOrThrow();
        await recordOperation(trx, request, auth, {
          action: 'serviceSign',
          resource: 'contractManagement',
          recordId: Number(row.id),
          changes: changesBetween(null, {
            nm: values.nm,
            enterpriseId,
            enterpriseName: enterprise.name,
            agreementType: type,
          }),
        });
        return Number(row.id);
      });
      return ok(await signingState(await agreementOf(db, auth, id)), '协议已生成，请完成签署');
    },
  );

  app.get('/api/v1/companies/service_sign/:id', { ...ACCESS, schema: signingStateSchema }, async (request) => {
    const auth = requireAuth(request);
    const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    return ok(await signingState(agreement));
  });

  /**
   * POST /api/v1/contract/:id/withdraw: the merchant withdraws its agreement not signed yet (数据状态 → 作废), in one
   * conditional update that a signature racing it cannot pass (markContractSigned needs a valid contract), logged
   * with the enterprise it named; the /contractManagement banner then offers the bound enterprises again.
   */
  app.post('/api/v1/contract/:id/withdraw', { ...ACCESS, schema: withdrawSchema }, async (request) => {
    const auth = requireAuth(request);
    const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    if (auth.roleId !== ROLE.merchant) throw new ForbiddenError('只有商户本人可以撤回协议，平台人员请使用「作废」');
    if (agreement.signStatus === 1) fail('该协议已签署，不能撤回');
    if (agreement.dataStatus !== 1) fail('该协议已撤回或作废');
    const enterprise = agreement.enterpriseId === null ? null : await enterpriseOrFail(db, agreement.enterpriseId);
    const time = chinaTime();
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('contracts')
        .set({ data_status: 0, update_time: time })
        .where('id', '=', agreement.id)
        .where('sign_status', '=', 0)
        .where('data_status', '=', 1)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) fail('该协议已签署或已撤回，请刷新后查看');
      await recordOperation(trx, request, auth, {
        action: '撤回协议',
        resource: 'contractManagement',
        recordId: agreement.id,
        recordTitle: agreement.nm,
        // 数据状态 正常 → 作废, and the enterprise it was drawn up with (服务主体: name → empty).
        changes: { dataStatus: [1, 0], enterpriseName: [enterprise?.name ?? null, null] },
      });
    });
    return ok(await signingState(await agreementOf(db, auth, agreement.id)), '协议已撤回，可重新选择服务主体生成');
  });

  app.get('/api/v1/companies/service_signurl/:coid', { ...ACCESS, schema: signingLinkSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { coid: string }).coid, '公司编号');
    const agreement = await agreementOf(db, auth, parseId((request.query as { id?: unknown }).id, '合同编号'));
    if (agreement.companyId !== companyId) fail('该合同不属于此公司');
    if (agreement.signStatus === 1) fail('该合同已签署');
    // An address is only worth sending for an agreement that can still be signed online (as POST consent checks).
    if (agreement.dataStatus !== 1) fail('该合同已作废');
    if (agreement.enterpriseId === null) fail('该合同未指定服务主体，不能在线签署');
    await assertBound(db, agreement.companyId, agreement.enterpriseId);
    return ok(await esign.signingLink(agreement.id, { name: '', role: '甲方' }));
  });
}
