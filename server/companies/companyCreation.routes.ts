import type { FastifyInstance } from 'fastify';
import { creditCodeError } from '../../src/domain/creditCode';
import { personNameError, validateCompanyName, validateMobile } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { holdsAny, requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { checkedReference } from '../references/references.service';
import { createSchema } from './companies.schemas';
import {
  clean,
  type Form,
  firstError,
  markOf,
  operator,
  SMALL_SCALE,
  STANDARD_CODE,
  vipLevelOf,
} from './operableCompany';

/** POST /api/v1/companies: an operator creates a company, in a subsidiary of its own edition. */
export async function companyCreationRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post('/api/v1/companies', { ...operator, schema: createSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = (request.body ?? {}) as Form;
    const name = clean(form.name);
    const creditCode = clean(form.creditCode).toUpperCase();
    const legalPersonName = clean(form.legalPersonName);
    const linkmanName = clean(form.linkmanName);
    const linkmanMobile = clean(form.linkmanMobile);
    const platformMark = markOf(form.platformMark) ?? (holdsAny(auth, [STANDARD_CODE]) ? 1 : SMALL_SCALE);
    firstError(
      validateCompanyName(name),
      creditCodeError(creditCode),
      personNameError(legalPersonName, '法人姓名'),
      personNameError(linkmanName, '联系人姓名'),
      validateMobile(linkmanMobile),
    );
    if (platformMark !== SMALL_SCALE && !holdsAny(auth, [STANDARD_CODE])) {
      throw new ForbiddenError('无权创建标准版企业');
    }
    const vipLevel = clean(form.vipLevel) ? vipLevelOf(form.vipLevel) : 1;
    const subsidiaryId = (await checkedReference(db, auth, 'subsidiary', form.subID, { field: 'subID' })).id;
    const serviceId = clean(form.serviceId)
      ? (await checkedReference(db, auth, 'service', form.serviceId, { field: 'serviceId' })).id
      : null;
    const industryId = clean(form.industryId)
      ? (await checkedReference(db, auth, 'industry', form.industryId, { field: 'industryId' })).id
      : null;
    const subsidiary = await db
      .selectFrom('subsidiaries')
      .select(['department_id', 'platform_mark'])
      .where('id', '=', subsidiaryId)
      .executeTakeFirstOrThrow();
    // A company belongs to a subsidiary of its own edition: its reports, scope and partner all follow that edition.
    if (Number(subsidiary.platform_mark) !== platformMark) {
      const message =
        platformMark === SMALL_SCALE ? '小规模企业只能选择小规模分公司' : '标准版企业只能选择标准版分公司';
      throw new BusinessError(message, undefined, { errors: { subID: message } });
    }
    const time = chinaTime();
    const id = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('companies')
        .select(['name', 'credit_code'])
        .where((eb) => eb.or([eb('name', '=', name), eb('credit_code', '=', creditCode)]))
        .executeTakeFirst();
      if (taken) fail(taken.name === name ? '该公司名称已存在' : '该统一社会信用代码已存在');
      const row = await trx
        .insertInto('companies')
        .values({
          name,
          platform_mark: platformMark,
          credit_code: creditCode,
          company_nature: null,
          company_size: null,
          industry_id: industryId,
          legal_person_name: legalPersonName,
          linkman_name: linkmanName,
          linkman_mobile: linkmanMobile,
          province: null,
          city: null,
          district: null,
          department_id: Number(subsidiary.department_id),
          subsidiary_id: subsidiaryId,
          service_id: serviceId,
          sale_name: null,
          status: 1,
          sign_status: 0,
          fdd_corp_free_status: 0,
          certification_type: 1,
          sub_status: 0,
          invoice_title: name,
          invoice_tax_number: creditCode,
          create_time: time,
          update_time: time,
          sale_partner_id: null,
          vip_level: vipLevel,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const companyId = Number(row.id);
      await recordOperation(trx, request, auth, {
        action: 'create',
        resource: 'adMerchant',
        recordId: companyId,
        recordTitle: name,
        changes: changesBetween(null, { name, creditCode, platformMark, subsidiaryId, serviceId, vipLevel }),
      });
      return companyId;
    });
    return ok({ id, name, platformMark, vipLevel }, '新增成功');
  });
}
