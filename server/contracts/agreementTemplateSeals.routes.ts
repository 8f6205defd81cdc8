import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agreementTemplateSeals } from '../../resources/agreementTemplates';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError, fail } from '../http/errors';
import { checkedValues, choiceFilter, type FieldCheck } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  findSeal,
  insertSeal,
  SEAL_FORM_SOURCES,
  SEAL_MAX_CHARS,
  type SealFormSource,
  type SealRecord,
  type SealSearch,
  type SealValues,
  searchSeals,
  setSealStatus,
} from './agreementTemplateSeals.repository';
import { findTemplate } from './agreementTemplates.repository';

/**
 * The template seal API (resources/agreementTemplates.ts, agreementTemplateSeals), guarded like the templates
 * by ADM_PLAT_AGREEMENT_TEMPLATE_MGR; platform data, so no merchant or department scope:
 * - GET /api/v1/agreement_template_seal/search?q=templateID:..;dataStatus:..   one page of seals;
 * - GET /api/v1/agreement_template_seal/:id                                     one seal;
 * - POST /api/v1/agreement_template_seal                                        add a (normal) seal to a template;
 * - PUT /api/v1/agreement_template_seal/:id/datastatus/:status                  void (0) or restore (1).
 */

const LIST_SPEC = {
  filterKeys: filterKeys(agreementTemplateSeals),
  sortFields: sortFields(agreementTemplateSeals),
  defaultSort: { field: 'id', order: 'desc' as const },
};

const FORM_FIELDS = agreementTemplateSeals.fields.filter(
  (field): field is FieldDeclaration & { source: SealFormSource } =>
    !!field.form && !field.readOnly && (SEAL_FORM_SOURCES as readonly string[]).includes(field.source),
);

export function sealSearchOf(filters: Record<string, string>): SealSearch {
  const declared = agreementTemplateSeals.filters;
  const read = filterReader(filters, declared);
  return {
    templateId: read.number('templateID'),
    dataStatus: choiceFilter(declared, 'dataStatus', read.number('dataStatus')),
  };
}

async function sealOrFail(db: Db, id: number): Promise<SealRecord> {
  const seal = await findSeal(db, id);
  if (!seal) fail('印章不存在');
  return seal;
}

const sealIdOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id, '印章编号');

const TEMPLATE_MISSING = '模板不存在';

export async function agreementTemplateSealsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const { permissions } = agreementTemplateSeals;
  const checks: Partial<Record<SealFormSource, FieldCheck>> = {
    templateID: async (value) =>
      Number(value) > 0 && (await findTemplate(db, Number(value))) ? undefined : TEMPLATE_MISSING,
    enterpriseID: (value) => (Number(value) <= 0 ? '签约主体编号必须是正整数' : undefined),
  };
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });

  app.get('/api/v1/agreement_template_seal/search', access(permissions.list), async (request) => {
    requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const { rows, total } = await searchSeals(db, sealSearchOf(list.filters), {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/agreement_template_seal/:id', access(permissions.list), async (request) => {
    requireAuth(request);
    return ok(await sealOrFail(db, sealIdOf(request)));
  });

  app.post('/api/v1/agreement_template_seal', access(permissions.create), async (request) => {
    requireAuth(request);
    const values = (await checkedValues(request.body, FORM_FIELDS, {
      maxChars: SEAL_MAX_CHARS,
      requireAll: true,
      checks,
    })) as SealValues;
    const id = await insertSeal(db, { ...values, remark: values.remark ?? null }, chinaTime());
    // Deleted between the check above and the insert.
    if (id === null) {
      throw new BusinessError(TEMPLATE_MISSING, CODE_BUSINESS_ERROR, { errors: { templateID: TEMPLATE_MISSING } });
    }
    return ok(await sealOrFail(db, id), '保存成功');
  });

  app.put('/api/v1/agreement_template_seal/:id/datastatus/:status', access(permissions.edit), async (request) => {
    requireAuth(request);
    const id = sealIdOf(request);
    const raw = (request.params as { status: string }).status;
    if (raw !== '0' && raw !== '1') fail('印章状态只能是0（作废）或1（正常）');
    const status = raw === '1' ? 1 : 0;
    const outcome = await setSealStatus(db, id, status, chinaTime());
    if (outcome === 'missing') fail('印章不存在');
    if (outcome === 'unchanged') fail(status === 0 ? '印章已作废' : '印章已是正常状态');
    return ok(await sealOrFail(db, id), status === 0 ? '作废成功' : '恢复成功');
  });
}
