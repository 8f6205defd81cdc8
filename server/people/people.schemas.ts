import { Type } from '@sinclair/typebox';
import {
  Answers,
  BlankableId,
  Body,
  Fields,
  HandlerText,
  Id,
  IdParam,
  Integer,
  ListQuery,
  LongText,
  Nullable,
  OptionalBody,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';
import { MSG_DATA_SCOPE } from './roles.service';

/**
 * What the routes of the platform's own organisation accept and answer (server/README.md, "Route schemas"): roles,
 * staff accounts, partners and channels, departments. The schemas bound types, characters and lengths; the handlers
 * keep the rules and the spec's messages (请输入2-20位角色名称, the staff name and username rules, the mobile, the
 * role's kind, the partner category, privileges only going down), so a field a handler judges stays optional here.
 */
const word = HandlerText;
/** A choice the handler reads as a number and judges with its own message ('' and null read as none). */
const choice = (title: string) => Type.Optional(Integer({ title, digits: true, blank: true, minimum: 0 }));
/** Ids as a list or as comma-separated text, as the staff form and older callers send them. */
const ids = (title: string) =>
  Type.Optional(
    Type.Union(
      [Type.Array(Id({ title, digits: true }), { maxItems: 1000 }), Text({ title, max: 20_000 }), Type.Null()],
      {
        description: `${title}编号的列表（也收逗号分隔的文本）`,
      },
    ),
  );

// --- Roles (/adRoleSettings) --------------------------------------------------------------------------------------

const role = Fields({
  id: 'integer',
  name: 'string',
  kind: 'integer',
  kindName: 'string',
  remark: 'string',
  builtin: 'integer',
  createTime: 'string',
  updateTime: 'string',
  codes: Type.Optional(Type.Array(Type.String())),
  userCount: 'integer',
  dataScope: 'string',
  dataEditions: Type.Optional(Type.Array(Type.Integer())),
  dataScopeName: 'string',
});
const roleParams = Params({ id: IdParam('角色编号') });
const roleFields = {
  name: Type.Optional(Text({ title: '角色名称', max: 64, blank: true })),
  remark: Type.Optional(LongText({ title: '备注', max: 128, blank: true })),
  codes: Type.Optional(Nullable(Type.Array(Text({ title: '权限', max: 128 }), { maxItems: 2000 }))),
  dataScope: Type.Optional(Text({ title: '数据权限', max: 32, blank: true, message: MSG_DATA_SCOPE.choose })),
  dataEditions: Type.Optional(
    Nullable(
      Type.Array(Integer({ title: '可见版本', digits: true, message: MSG_DATA_SCOPE.editions }), {
        maxItems: 10,
        'x-message': MSG_DATA_SCOPE.editions,
      }),
    ),
  ),
};

export const rolesSchema = {
  summary: '角色列表（含权限；员工页的角色选择只列出调用者可授予的角色）',
  querystring: Query({ kind: choice('角色类型') }),
  response: Answers(Type.Array(role)),
};
export const roleSchema = {
  summary: '角色详情',
  params: roleParams,
  querystring: Query({}),
  response: Answers(role),
};
export const roleCreateSchema = {
  summary: '新增角色（客服、合伙人或财务；数据权限默认无）',
  querystring: Query({}),
  body: Body({ ...roleFields, kind: choice('角色类型') }),
  response: Answers(role),
};
export const roleUpdateSchema = {
  summary: '修改角色（名称、备注、权限、数据权限）',
  params: roleParams,
  querystring: Query({}),
  body: Body(roleFields),
  response: Answers(role),
};
export const roleDeleteSchema = {
  summary: '删除角色（无人使用的非内置角色）',
  params: roleParams,
  querystring: Query({}),
  response: Answers(Type.Null()),
};

// --- Staff accounts (客服 / 财务人员 / 合伙人) ------------------------------------------------------------------------

const staff = Fields({
  id: 'integer',
  username: 'string',
  displayName: 'string',
  mobile: 'string',
  status: 'integer',
  roleId: 'integer',
  roleName: 'string',
  platformmark: 'integer',
  createTime: 'string',
  departments: Type.Optional(Type.Array(Fields({ id: 'integer', name: 'string' }))),
  subsidiaries: Type.Optional(Type.Array(Fields({ id: 'integer', sname: 'string' }))),
  departmentNames: 'string',
  subsidiaryNames: 'string',
});
const view = Text({ title: '页面', max: 64 });
const staffParams = Params({ view, id: IdParam('账号编号') });
const staffFields = {
  displayName: word('姓名'),
  mobile: word('手机号', 32),
  roleId: choice('角色'),
  deptIds: ids('部门'),
  subIds: ids('分公司'),
};

export const staffListSchema = {
  summary: '员工账号列表（客服、财务人员、合伙人，按页面）',
  params: Params({ view }),
  querystring: ListQuery(),
  response: Answers(Page(staff)),
};
export const staffSchema = {
  summary: '员工账号详情',
  params: staffParams,
  querystring: Query({}),
  response: Answers(staff),
};
export const staffCreateSchema = {
  summary: '新增员工账号（初始密码以短信发送到手机）',
  params: Params({ view }),
  querystring: Query({}),
  body: Body({ username: word('用户名'), ...staffFields }),
  response: Answers(staff),
};
export const staffUpdateSchema = {
  summary: '修改员工账号（姓名、手机号、角色、部门、分公司）',
  params: staffParams,
  querystring: Query({}),
  body: Body(staffFields),
  response: Answers(staff),
};
export const staffStatusSchema = {
  summary: '启用或停用员工账号（停用后立即退出登录）',
  params: staffParams,
  querystring: Query({}),
  body: Body({ status: choice('状态') }),
  response: Answers(staff),
};
export const staffResetSchema = {
  summary: '重置员工账号的密码（新密码以短信发送到登记的手机）',
  params: staffParams,
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Type.Null()),
};

// --- Partners and channels ----------------------------------------------------------------------------------------

const money = 'number' as const;
const channel = Fields({
  id: 'integer',
  username: 'string',
  displayName: 'string',
  mobile: 'string',
  status: 'integer',
  csort: 'integer',
  channelName: 'string',
  remark: 'string',
  companyCount: 'integer',
  monthPayout: money,
  monthCharge: money,
});
const partnerParams = Params({ id: IdParam('合伙人编号') });
const performanceFields = { month: word('月份', 16), partnerId: BlankableId('合伙人编号') };
const performance = Fields({
  month: 'string',
  content: Type.Optional(
    Type.Array(
      Fields({
        partnerId: 'integer',
        partnerName: 'string',
        companyCount: 'integer',
        topupAmount: money,
        payoutAmount: money,
        chargeAmount: money,
        refundAmount: money,
      }),
    ),
  ),
});
const salePartner = Fields({ companyId: 'integer', partnerId: 'integer', partnerName: 'string' });
const companyId = (title: string) => Type.Optional(Id({ title, digits: true }));

export const channelListSchema = {
  summary: '渠道管理：合伙人列表（类别、渠道、企业数和本月业绩）',
  querystring: ListQuery(),
  response: Answers(Page(channel)),
};
export const channelSchema = {
  summary: '渠道管理：合伙人详情',
  params: partnerParams,
  querystring: Query({}),
  response: Answers(channel),
};
export const channelUpdateSchema = {
  summary: '修改合伙人的类别、渠道名称和备注',
  params: partnerParams,
  querystring: Query({}),
  body: OptionalBody({
    csort: choice('合伙人类别'),
    channelName: Type.Optional(Text({ title: '渠道名称', max: 64, blank: true })),
    remark: Type.Optional(LongText({ title: '备注', max: 200, blank: true })),
  }),
  response: Answers(channel),
};
export const performanceSchema = {
  summary: '合伙人业绩（某月带来的企业及其充值、打款、服务费）',
  querystring: Query(performanceFields),
  response: Answers(performance),
};
export const performanceSearchSchema = {
  summary: '合伙人业绩（条件在请求内容中）',
  querystring: Query({}),
  body: OptionalBody(performanceFields),
  response: Answers(performance),
};
export const salePartnerSchema = {
  summary: '企业的销售合伙人',
  querystring: Query({ coid: companyId('公司编号') }),
  response: Answers(salePartner),
};
export const salePartnerUpdateSchema = {
  summary: '设置或取消企业的销售合伙人',
  querystring: Query({ coid: companyId('公司编号') }),
  body: OptionalBody({
    coid: companyId('公司编号'),
    partnerId: BlankableId('合伙人编号'),
  }),
  response: Answers(salePartner),
};

// --- Departments --------------------------------------------------------------------------------------------------

export const departmentSearchSchema = {
  summary: '部门选择（按名称；部门范围的员工只看到自己的部门）',
  querystring: ListQuery(),
  response: Answers(Page(Fields({ id: 'integer', name: 'string' }))),
};
