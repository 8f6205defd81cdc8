import { Type } from '@sinclair/typebox';
import { Answers, Body, Id, IdParam, Integer, Nullable, Params, Query, Row, Text } from '../http/schemas/formats';

/**
 * What the hand-written enterprise routes accept and answer (server/README.md, "Route schemas"). The handlers keep
 * their rules with their own messages (a VIP level, an edition, 1–500 ranks, a merchant's bound enterprises); the
 * schemas bound the types, lengths and characters and name every answer field whose type the handler fixes.
 */
export const LEVEL_MSG = 'VIP等级不正确（1 普通用户、2 优选VIP、3 尊享VIP）';
export const MARK_MSG = '版本只能是 1（标准版）或 3（小规模版）';
export const RANKS_MSG = '请提供1-500个主体的排序';
export const RANK_MSG = '排序必须是0-99999之间的整数';

const text = Type.String();
const nullableText = Nullable(Type.String());

/** enterprises.service.ts summaryOf: every field is set, statusReason may be null. */
const summary = {
  id: Type.Integer(),
  name: text,
  shortName: text,
  platformMark: Type.Integer(),
  status: Type.Integer(),
  statusReason: nullableText,
  uploadEnabled: Type.Integer(),
  reportsPayouts: Type.Integer(),
};
const levelRate = Row({ enterpriseId: Type.Integer(), level: Type.Integer(), levelName: text, rate: Type.Number() });
const industryRow = Row({
  id: Type.Integer(),
  enterpriseId: Type.Integer(),
  industryId: Type.Integer(),
  industryName: nullableText,
  scope: nullableText,
  createTime: nullableText,
});
const enterpriseParams = Params({ id: IdParam('主体编号') });

export const optionsSchema = {
  summary: '可选的服务主体（商户：已绑定本企业的；员工：所辖版本的，未锁定）',
  querystring: Query({ platformmark: Type.Optional(Text({ title: '平台版本', max: 8, message: MARK_MSG })) }),
  response: Answers(Type.Array(Row(summary))),
};

export const allSchema = {
  summary: '全部服务主体及其状态（员工）',
  querystring: Query({}),
  response: Answers(Type.Array(Row(summary))),
};

export const byLevelSchema = {
  summary: '服务主体及其某 VIP 等级的费率',
  params: Params({
    companytype: Text({ title: 'VIP等级', max: 8, message: LEVEL_MSG }),
    enterpriseid: IdParam('主体编号'),
    mark: Text({ title: '平台版本', max: 8, message: MARK_MSG }),
  }),
  querystring: Query({}),
  response: Answers(Row({ ...summary, level: Type.Integer(), levelName: text, rate: Type.Number() })),
};

export const levelRatesSchema = {
  summary: '服务主体各 VIP 等级的费率（万分之）',
  querystring: Query({}),
  body: Body({
    // Optional: a missing id is refused by the handler with the same words as a wrong one.
    enterpriseId: Type.Optional(Id({ title: '主体编号', digits: true })),
    level: Type.Optional(Integer({ title: 'VIP等级', digits: true, blank: true, message: LEVEL_MSG })),
  }),
  response: Answers(Type.Array(levelRate)),
};

export const rankSchema = {
  summary: '保存服务主体的显示顺序',
  querystring: Query({}),
  body: Body({
    items: Type.Optional(
      Type.Array(
        Row({
          id: Type.Optional(Id({ title: '主体编号', digits: true })),
          rank: Type.Optional(Integer({ minimum: 0, maximum: 99999, digits: true, message: RANK_MSG })),
        }),
        { maxItems: 500, 'x-message': RANKS_MSG },
      ),
    ),
  }),
  response: Answers(Type.Null()),
};

export const industriesSchema = {
  summary: '服务主体可承接的行业',
  params: enterpriseParams,
  querystring: Query({}),
  response: Answers(Type.Array(industryRow)),
};

export const industryDetailSchema = {
  summary: '服务主体的某一行业',
  params: enterpriseParams,
  querystring: Query({ industryId: Type.Optional(Id({ title: '行业编号', digits: true })) }),
  response: Answers(industryRow),
};

export const addIndustrySchema = {
  summary: '为服务主体添加行业',
  params: enterpriseParams,
  querystring: Query({}),
  body: Body({
    industryId: Type.Optional(Id({ title: '行业编号', digits: true })),
    scope: Type.Optional(Text({ title: '经营范围', max: 255, numbers: true, blank: true })),
  }),
  response: Answers(industryRow),
};

export const removeIndustrySchema = {
  summary: '移除服务主体的行业',
  params: Params({ id: IdParam('主体编号'), industryId: IdParam('行业编号') }),
  querystring: Query({}),
  response: Answers(Type.Null()),
};

export const riskSchema = {
  summary: '服务主体的风险信息（状态、原因和商户须确认的提示）',
  params: enterpriseParams,
  querystring: Query({}),
  response: Answers(
    Row({
      id: Type.Integer(),
      name: text,
      status: Type.Integer(),
      statusReason: nullableText,
      statusBy: nullableText,
      statusTime: nullableText,
      needsConfirm: Type.Boolean(),
      confirmText: nullableText,
      locked: Type.Boolean(),
    }),
  ),
};

export const lockSchema = {
  summary: '锁定服务主体（主体编号在请求内容中）',
  querystring: Query({}),
  body: Body({
    id: Id({ title: '主体编号', digits: true }),
    reason: Type.Optional(Text({ title: '锁定原因', max: 400 })),
  }),
  // The engine's lock action answers; its answer is passed on as it was written.
  response: Answers(Row({ id: Type.Integer(), status: Type.Integer() })),
};
