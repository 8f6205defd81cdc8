import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agreementTemplates } from '../../resources/agreementTemplates';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkedValues, choiceFilter, type FieldCheck } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { filtersOf, pageOf, parseListQuery } from '../http/listQuery';
import { agreementTemplateSealsRoutes } from './agreementTemplateSeals.routes';
import {
  type AgreementTemplateRecord,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  searchTemplates,
  TEMPLATE_EDITABLE_COLUMNS,
  TEMPLATE_MAX_CHARS,
  type TemplateEditableSource,
  type TemplateSearch,
  type TemplateValues,
  toggleUseStatus,
  unbindTemplate,
  unboundTemplates,
  updateTemplate,
} from './agreementTemplates.repository';

/**
 * The agreement template API of /adContractTemplate, driven by resources/agreementTemplates.ts (filter keys,
 * sort fields, permission codes, form fields). Templates are platform data, not a company's: there is no
 * merchant or department scope, and the route's code (ADM_PLAT_AGREEMENT_TEMPLATE_MGR) guards every call.
 * - GET    /api/v1/agreement_template/search?q=&page=&size=&sort=   one page of templates;
 * - GET    /api/v1/agreement_template/unbound?q=platformmark:1      every template bound to no signing entity;
 * - GET    /api/v1/agreement_template/:id                           one template;
 * - POST   /api/v1/agreement_template                               create (not in use);
 * - PUT    /api/v1/agreement_template/:id                           change the form fields;
 * - DELETE /api/v1/agreement_template/:id                           delete, unless in use or with normal seals;
 * - GET    /api/v1/agreement_template/update_use_status/:id         toggle 未启用 ↔ 使用中;
 * - POST   /api/v1/agreement_template/unbinding?agreementId=        clear the signing entity.
 * The seal routes (agreementTemplateSeals.routes.ts) are registered from here.
 */

const LIST_SPEC = {
  filterKeys: filterKeys(agreementTemplates),
  sortFields: sortFields(agreementTemplates),
  defaultSort: { field: 'sort', order: 'asc' as const },
};

const FORM_FIELDS = agreementTemplates.fields.filter(
  (field): field is FieldDeclaration & { source: TemplateEditableSource } =>
    !!field.form && !field.readOnly && field.source in TEMPLATE_EDITABLE_COLUMNS,
);

export const SORT_MAX = 999_999;
/** What the upload API answers (POST /api/v1/common/uploadfiles): only such addresses are stored. */
const UPLOADED_FILE_URL = /^\/api-v1\/dl\?file=[^&\s]+(&rn=[^&\s]*)?$/;

const TEMPLATE_CHECKS: Partial<Record<TemplateEditableSource, FieldCheck>> = {
  sort: (value) => (Number(value) < 0 || Number(value) > SORT_MAX ? `排序必须在0到${SORT_MAX}之间` : undefined),
  entid: (value) => (Number(value) <= 0 ? '签约主体编号必须是正整数' : undefined),
  fileUrl: (value) => (UPLOADED_FILE_URL.test(String(value)) ? undefined : '模板文件地址不正确，请重新上传'),
};

function validatedTemplate(body: unknown, requireAll: boolean): Promise<TemplateValues> {
  return checkedValues(body, FORM_FIELDS, { maxChars: TEMPLATE_MAX_CHARS, requireAll, checks: TEMPLATE_CHECKS });
}

/** q= filters (already whitelisted by parseListQuery) → search criteria. */
export function templateSearchOf(filters: Record<string, string>): TemplateSearch {
  const declared = agreementTemplates.filters;
  const read = filterReader(filters, declared);
  return {
    nm: read.text('nm'),
    type: choiceFilter(declared, 'type', read.number('type')),
    platformmark: choiceFilter(declared, 'platformmark', read.number('platformmark')),
    entid: read.number('entid'),
    useStatus: choiceFilter(declared, 'useStatus', read.number('useStatus')),
  };
}

/** The unbound list takes q=platformmark: only. */
function unboundEditionOf(url: string): number | undefined {
  const filters = filtersOf(url);
  const unknown = Object.keys(filters).filter((key) => key !== 'platformmark');
  if (unknown.length > 0) fail(`不支持的查询条件：${unknown.join('、')}（可用：platformmark）`);
  const declared = agreementTemplates.filters;
  return choiceFilter(declared, 'platformmark', filterReader(filters, declared).number('platformmark'));
}

async function templateOrFail(db: Db, id: number): Promise<AgreementTemplateRecord> {
  const template = await findTemplate(db, id);
  if (!template) fail('模板不存在');
  return template;
}

const templateIdOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id, '模板编号');

export async function agreementTemplatesRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db } = services;
  const { permissions } = agreementTemplates;
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });

  app.get('/api/v1/agreement_template/search', access(permissions.list), async (request) => {
    requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const { rows, total } = await searchTemplates(db, templateSearchOf(list.filters), {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/agreement_template/unbound', access(permissions.list), async (request) => {
    requireAuth(request);
    return ok(await unboundTemplates(db, unboundEditionOf(request.url)));
  });

  app.get('/api/v1/agreement_template/:id', access(permissions.list), async (request) => {
    requireAuth(request);
    return ok(await templateOrFail(db, templateIdOf(request)));
  });

  app.post('/api/v1/agreement_template', access(permissions.create), async (request) => {
    requireAuth(request);
    const values = await validatedTemplate(request.body, true);
    const id = await insertTemplate(db, values, chinaTime());
    return ok(await templateOrFail(db, id), '保存成功');
  });

  app.put('/api/v1/agreement_template/:id', access(permissions.edit), async (request) => {
    requireAuth(request);
    const id = templateIdOf(request);
    await templateOrFail(db, id);
    const values = await validatedTemplate(request.body, false);
    if (Object.keys(values).length > 0) await updateTemplate(db, id, values, chinaTime());
    return ok(await templateOrFail(db, id), '保存成功');
  });

  app.delete('/api/v1/agreement_template/:id', access(permissions.delete), async (request) => {
    requireAuth(request);
    const outcome = await deleteTemplate(db, templateIdOf(request));
    if (outcome === 'missing') fail('模板不存在');
    if (outcome === 'inUse') fail('模板使用中，不能删除，请先停用');
    if (outcome === 'hasNormalSeals') fail('模板下还有正常状态的印章，不能删除，请先作废印章');
    return ok(null, '删除成功');
  });

  // A GET that changes data: the spec's call (§7), kept as it is.
  app.get('/api/v1/agreement_template/update_use_status/:id', access(permissions.edit), async (request) => {
    requireAuth(request);
    const id = templateIdOf(request);
    await templateOrFail(db, id);
    await toggleUseStatus(db, id, chinaTime());
    const template = await templateOrFail(db, id);
    return ok(template, template.useStatus === 1 ? '启用成功' : '停用成功');
  });

  app.post('/api/v1/agreement_template/unbinding', access(permissions.edit), async (request) => {
    requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = parseId(query.agreementId ?? body.agreementId, '模板编号');
    await templateOrFail(db, id);
    if (!(await unbindTemplate(db, id, chinaTime()))) fail('模板未绑定签约主体，无需解绑');
    return ok(await templateOrFail(db, id), '解绑成功');
  });

  await agreementTemplateSealsRoutes(app, services);
}
