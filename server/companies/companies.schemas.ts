import { type TSchema, Type } from '@sinclair/typebox';
import {
  Answers,
  BlankableId,
  Body,
  Fields,
  Id,
  IdParam,
  Integer,
  ListQuery,
  OptionalBody,
  Page,
  Params,
  Query,
  Row,
  Text,
} from '../http/schemas/formats';

/**
 * What the company list, record and edit routes accept and answer (server/README.md, "Route schemas"). The edit
 * forms' fields come from the declaration (declaredFormSchema); validatedValues keeps their rules and messages.
 */

/** The company record of resources/companies.ts (companies.repository.ts CompanyRecord); other fields pass. */
export const companyRecord = Fields({
  id: 'integer',
  name: 'string',
  platformMark: 'integer',
  creditCode: 'string',
  signStatus: 'integer',
  createTime: 'string',
  vipLevel: 'integer',
  verifyStatus: 'integer',
});

const companyParams = Params({ id: IdParam('公司编号') });

/**
 * POST search's deptIds: department ids as a list (numbers or digits), as "1,2", or one number; the handler keeps
 * its message 「deptIds 必须是部门编号的数组」 for anything else.
 */
const deptIds = Type.Optional(
  Type.Union([
    Type.Array(Type.Union([Type.Integer(), Text({ title: '部门编号', max: 20 })]), { maxItems: 10_000 }),
    Text({ title: '部门编号', max: 4096 }),
    Type.Integer(),
    Type.Null(),
  ]),
);

export const searchSchema = {
  summary: '企业列表（按数据范围，q= 筛选）',
  querystring: ListQuery(),
  response: Answers(Page(companyRecord)),
};

export const smallSearchSchema = {
  summary: '小规模企业列表（按数据范围，q= 筛选）',
  querystring: ListQuery(),
  response: Answers(Page(companyRecord)),
};

export const searchByDepartmentsSchema = {
  summary: '企业列表，按所给部门收窄（deptIds）',
  querystring: ListQuery(),
  body: OptionalBody({ deptIds }),
  response: Answers(Page(companyRecord)),
};

export const companySchema = {
  summary: '企业详情（mark 0：任一版本）',
  params: Params({
    id: IdParam('公司编号'),
    mark: Integer({ title: '版本', digits: true, minimum: 0, maximum: 99, message: '版本格式不正确' }),
  }),
  querystring: Query({}),
  response: Answers(companyRecord),
};

/** The body of an edit form: each declared field's type, characters and length. */
export function editSchema(summary: string, body: TSchema) {
  return { summary, params: companyParams, querystring: Query({}), body, response: Answers(companyRecord) };
}

export const invoiceEditSchema = (body: TSchema) => ({
  summary: '修改企业的开票信息（本企业商户或企业管理员）',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({}),
  body,
  response: Answers(companyRecord),
});

export const overviewSchema = {
  summary: '企业详情页：各版本余额与最近的合同、打款批次和开票申请',
  params: Params({ id: IdParam('企业编号') }),
  querystring: Query({}),
  response: Answers(
    Row({
      balances: Row({ id: Type.Integer() }),
      contracts: Type.Array(Fields({ id: 'integer', contractStatus: 'integer', signStatus: 'integer' })),
      batches: Type.Array(Fields({ id: 'integer', itemCount: 'integer', totalAmount: 'number', status: 'integer' })),
      invoices: Type.Array(Fields({ id: 'integer', total: 'number', status: 'integer' })),
    }),
  ),
};

/** One step of a company's 开通进度 (src/domain/companySetup.ts). */
const setupStep = Type.Object({
  key: Type.String(),
  label: Type.String(),
  by: Type.Union([Type.Literal('operator'), Type.Literal('merchant')]),
  done: Type.Boolean(),
  text: Type.String(),
});

export const setupSchema = {
  summary: '企业开通进度：开通打款前各项设置的完成情况与已绑定的签约主体',
  params: Params({ id: IdParam('企业编号') }),
  querystring: Query({}),
  response: Answers(
    Type.Object({
      companyId: Type.Integer(),
      companyName: Type.String(),
      platformMark: Type.Integer(),
      remaining: Type.Integer(),
      steps: Type.Array(setupStep),
      enterprises: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          platformMark: Type.Integer(),
          status: Type.Integer(),
          signed: Type.Integer(),
        }),
      ),
    }),
  ),
};

// --- The operator's calls (companyOperations.routes.ts) ----------------------------------------------------------

/** The company a call changes, by its id (a number or its digits): the handlers read it from the body. */
const companyId = Id({ title: '公司编号', digits: true });
/** A form's text: trimmed, no control characters; its rules and messages are the handler's. */
const word = (title: string, max: number) => Type.Optional(Text({ title, max, numbers: true, blank: true }));
/** A short choice the handler checks (1/3, 0/1, a VIP level), sent as a number or its text. */
const choice = (title: string) =>
  Type.Optional(Integer({ title, digits: true, blank: true, minimum: -99, maximum: 99 }));
/** What a change answers: the company's id and its logged columns after the change (snake_case). */
const changed = Answers(Row({ id: Type.Integer() }));
const boundEnterprise = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  platformMark: Type.Integer(),
  status: Type.Integer(),
});

export const signedEnterprisesSchema = {
  summary: '企业已签约的签约主体（每个主体与版本一条）',
  params: companyParams,
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Fields({
        enterpriseId: 'integer',
        enterpriseName: 'string',
        platformMark: 'integer',
        signStatus: 'integer',
        endDate: 'string',
      }),
    ),
  ),
};

export const vipLevelsSchema = {
  summary: '企业可选的 VIP 等级',
  querystring: Query({ platformmark: Type.Optional(Text({ title: '平台版本', max: 8 })) }),
  response: Answers(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
};

export const createSchema = {
  summary: '新增企业（运营）',
  querystring: Query({}),
  body: OptionalBody({
    name: word('企业名称', 256),
    creditCode: word('统一社会信用代码', 32),
    platformMark: choice('版本'),
    legalPersonName: word('法人姓名', 64),
    linkmanName: word('联系人', 64),
    linkmanMobile: word('联系人手机', 20),
    // The reference check names each (请选择分公司, 分公司格式不正确); these bound the type only.
    subID: BlankableId('分公司'),
    serviceId: BlankableId('客服'),
    industryId: BlankableId('行业'),
    vipLevel: choice('VIP等级'),
  }),
  response: Answers(
    Row({ id: Type.Integer(), name: Type.String(), platformMark: Type.Integer(), vipLevel: Type.Integer() }),
  ),
};

export const managerSchema = {
  summary: '更换企业管理员（姓名、手机号、身份证号）',
  params: Params({ organizeThirdId: IdParam('公司编号') }),
  querystring: Query({}),
  body: OptionalBody({
    managerName: word('管理员姓名', 64),
    managerMobile: word('管理员手机号', 20),
    managerIdCard: word('管理员身份证号', 32),
  }),
  response: changed,
};

export const boundEnterprisesSchema = {
  summary: '企业绑定的签约主体',
  params: companyParams,
  querystring: Query({}),
  response: Answers(Type.Array(boundEnterprise)),
};

export const bindEnterprisesSchema = {
  summary: '绑定企业的签约主体（替换原有绑定，与企业同版本）',
  params: companyParams,
  querystring: Query({}),
  body: Body({
    enterpriseIds: Type.Array(Id({ title: '签约主体编号', digits: true }), { title: '签约主体', maxItems: 50 }),
  }),
  response: Answers(Type.Array(boundEnterprise)),
};

export const workSceneSchema = {
  summary: '修改企业的工作场景（2-200字）',
  querystring: Query({}),
  body: Body({ id: companyId, workScene: word('工作场景', 400) }),
  response: changed,
};

export const vipLevelSchema = {
  summary: '修改企业的 VIP 等级',
  querystring: Query({}),
  body: Body({ id: companyId, vipLevel: choice('VIP等级') }),
  response: changed,
};

export const verifySchema = {
  summary: '企业认证（一次，不可撤销）',
  querystring: Query({}),
  body: Body({ id: companyId }),
  response: changed,
};

export const baoguSchema = {
  summary: '企业的宝谷开关与宝谷账号',
  querystring: Query({}),
  body: Body({ id: companyId, enabled: choice('宝谷开关'), baoguAccount: word('宝谷账号', 64) }),
  response: changed,
};

export const serviceSchema = {
  summary: '为企业分配客服',
  querystring: Query({}),
  body: Body({ id: companyId, serviceId: BlankableId('客服') }),
  response: changed,
};

export const enterpriseTaxSchema = {
  summary: '签约主体的税务信息与调用方的费率（商户：本企业 VIP 等级的费率）',
  params: Params({ id: IdParam('主体编号') }),
  querystring: Query({}),
  response: Answers(
    Row({
      enterpriseId: Type.Integer(),
      enterpriseName: Type.String(),
      platformMark: Type.Integer(),
      taxOffice: Type.Union([Type.String(), Type.Null()]),
      invoiceCategories: Type.Union([Type.String(), Type.Null()]),
      vipLevel: Type.Union([Type.Integer(), Type.Null()]),
      rate: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      rates: Type.Optional(
        Type.Array(Type.Object({ level: Type.Integer(), levelName: Type.String(), rate: Type.Number() })),
      ),
    }),
  ),
};
