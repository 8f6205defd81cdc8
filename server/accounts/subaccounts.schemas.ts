import { Type } from '@sinclair/typebox';
import { Answers, Body, IdParam, ListQuery, Page, Params, Query, Row, Scalar, Text } from '../http/schemas/formats';

/**
 * The company owner's sub-accounts (server/README.md, "Route schemas"). The handlers keep the spec's words for a
 * missing or wrong value (请输入用户名, 请输入正确的手机号, 状态只能是 0（停用）或 1（启用）) and which codes may be
 * granted; the schemas bound the types, the characters and the lengths.
 */
const account = Row({
  id: Type.Integer(),
  username: Type.String(),
  mobile: Type.String(),
  status: Type.Integer({ description: '1 启用，0 停用' }),
  createTime: Type.String(),
  authorities: Type.Array(Type.String()),
  authorityNames: Type.String(),
});
const accounts = Answers(Type.Array(account));
const idParams = Params({ id: IdParam('子账号编号') });

/** The codes to grant: a list, or their text separated by commas. */
const authorities = Type.Optional(
  Type.Union([
    Type.Array(Text({ title: '权限', max: 64, numbers: true }), { title: '权限', maxItems: 1000 }),
    Text({ title: '权限', max: 10_000 }),
  ]),
);

export const overviewSchema = {
  summary: '主账号可授予的权限与全部子账号',
  querystring: Query({}),
  response: Answers(Type.Object({ permissions: Type.Array(Type.String()), accounts: Type.Array(account) })),
};

export const searchSchema = {
  summary: '子账号列表',
  querystring: ListQuery(),
  response: Answers(Page(account)),
};

export const readSchema = {
  summary: '子账号详情',
  params: idParams,
  querystring: Query({}),
  response: Answers(account),
};

export const createSchema = {
  summary: '添加子账号',
  querystring: Query({}),
  body: Body({
    username: Type.Optional(Text({ title: '用户名', max: 64 })),
    mobile: Type.Optional(Text({ title: '手机号', max: 20 })),
    password: Type.Optional(Text({ title: '密码', max: 128 })),
    authorities,
  }),
  response: accounts,
};

export const updateSchema = {
  summary: '停用、启用子账号或修改其权限',
  params: idParams,
  querystring: Query({}),
  body: Body({ status: Type.Optional(Scalar({ title: '状态', max: 8 })), authorities }),
  response: accounts,
};
