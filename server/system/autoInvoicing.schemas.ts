import { Type } from '@sinclair/typebox';
import { Answers, Body, IdParam, Nullable, OptionalBody, Params, Query, Row, Scalar } from '../http/schemas/formats';

/**
 * What automatic invoicing beside the engine's list accepts and answers (server/README.md, "Route schemas"). The
 * setting's fields are read as numbers by the handler, which answers each wrong one with its own message in
 * `content.errors` (请选择开票时机, 请选择每月1-28日中的一天…); the schema only bounds their types and characters.
 */
const companyParams = Params({ id: IdParam('企业编号') });
const choice = (title: string) => Type.Optional(Scalar({ title, max: 16, blank: true }));

export const saveSettingSchema = {
  summary: '保存企业的自动开票设置',
  params: companyParams,
  querystring: Query({}),
  body: Body({
    enabled: choice('是否开启'),
    mode: choice('开票时机'),
    monthDay: choice('每月开票日'),
    categoryId: choice('默认开票类目'),
  }),
  response: Answers(
    Row({
      companyId: Type.Integer(),
      enabled: Type.Integer(),
      mode: Type.Integer(),
      monthDay: Nullable(Type.Integer()),
      categoryId: Type.Integer(),
      enabledTime: Nullable(Type.String()),
    }),
  ),
};

export const runsSchema = {
  summary: '企业最近 50 次自动开票的执行记录',
  params: companyParams,
  querystring: Query({}),
  response: Answers(Type.Array(Row({ id: Type.Integer(), total: Type.Number(), applyNo: Nullable(Type.String()) }))),
};

export const runNowSchema = {
  summary: '立即执行一次自动开票',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Row({ applied: Type.Integer(), failed: Type.Integer() })),
};
