import { Type } from '@sinclair/typebox';
import {
  Answers,
  Body,
  Choice,
  Fields,
  Id,
  IdParam,
  ListQuery,
  Nullable,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';
import { CRM_SYNC_KINDS } from './crmProvider';

/**
 * What the CRM calls accept and answer (server/README.md, "Route schemas"). The handlers keep the CRM's answers
 * and their messages (CRM中没有该分公司, 分公司不存在, 尚未绑定CRM); the schemas bound the ids and the CRM id's
 * characters.
 */

/** A record of the CRM (crmProvider.ts CrmRecord): its `detail` is the CRM's own fields, as it gives them. */
const crmRecord = Fields({ crmId: 'string', kind: 'string', name: 'string', updateTime: 'string' });
/** A binding (crmBindings.ts CrmBinding), or null when there is none. */
const binding = Nullable(Fields({ crmId: 'string', crmName: 'string', bindTime: 'string' }));
const CRM_ID = /^[A-Za-z0-9_-]+$/;
const crmId = Text({ title: 'CRM编号', max: 32, min: 1, pattern: CRM_ID });
const subsidiaryId = Id({ title: '分公司编号', digits: true });

export const crmSubsidiariesSchema = {
  summary: 'CRM 的分公司（q=name:），及各自绑定的分公司',
  querystring: ListQuery(),
  response: Answers(Page(Fields({ crmId: 'string', name: 'string', boundSubsidiaryId: 'integer' }))),
};

export const bindSubsidiarySchema = {
  summary: '分公司绑定 CRM 分公司',
  querystring: Query({}),
  body: Body({ id: subsidiaryId, crmId }),
  response: Answers(binding),
};

export const unbindSubsidiarySchema = {
  summary: '分公司解绑 CRM 分公司',
  querystring: Query({}),
  body: Body({ id: subsidiaryId }),
  response: Answers(Type.Null()),
};

export const markSubsidiarySchema = {
  summary: '标记分公司为虚拟（1）或实体（0）',
  params: Params({ id: IdParam('分公司编号') }),
  querystring: Query({}),
  body: Body({ isVirtual: Choice([0, 1], { title: '是否虚拟' }) }),
  response: Answers(Type.Object({ id: Type.Integer(), isVirtual: Type.Integer() })),
};

export const crmRecordsSchema = {
  summary: 'CRM 的记录：分公司、机构、老师或云订单（q=name:）',
  params: Params({
    kind: Type.Unsafe<string>({ type: 'string', enum: [...CRM_SYNC_KINDS], title: 'CRM 数据类型' }),
  }),
  querystring: ListQuery(),
  response: Answers(Page(crmRecord)),
};

export const bindCompanySchema = {
  summary: '企业绑定 CRM 机构（crmId 为空：解绑）',
  querystring: Query({}),
  body: Body({
    companyId: Id({ title: '公司编号', digits: true }),
    crmId: Text({ title: 'CRM编号', max: 32, pattern: /^[A-Za-z0-9_-]*$/ }),
  }),
  response: Answers(binding),
};

export const companyBindingSchema = {
  summary: '企业当前的 CRM 绑定',
  params: Params({ companyId: IdParam('公司编号') }),
  querystring: Query({}),
  response: Answers(binding),
};

export const gardensSchema = {
  summary: 'CRM 的园区（q=name:）',
  querystring: ListQuery(),
  response: Answers(Page(crmRecord)),
};
