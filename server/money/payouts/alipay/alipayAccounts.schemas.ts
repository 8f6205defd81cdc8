import { Type } from '@sinclair/typebox';
import { Answers, Body, IdParams, Nullable, Query, Row, Text } from '../../../http/schemas/formats';

/** What the signing entities' Alipay account routes accept and answer (server/README.md, "Route schemas"). */
const AccountView = Row({
  enterpriseId: Type.Integer(),
  own: Type.Boolean({ description: '是否为本主体自己的支付宝账户（否：使用平台默认账户）' }),
  account: Type.String({ description: '本主体账户 / 平台默认账户' }),
  appId: Nullable(Type.String()),
  privateKey: Type.String({ description: '已设置 / 未设置（密钥不回传）' }),
  alipayPublicKey: Type.String({ description: '已设置 / 未设置' }),
  gateway: Nullable(Type.String()),
  balance: Nullable(Type.Integer({ description: '可用余额（1/10000 元），查询失败为 null' })),
  balanceNote: Type.String(),
});

export const alipayAccountSchema = {
  summary: '主体的支付宝账户（密钥只显示是否已设置）与可用余额',
  params: IdParams('主体编号'),
  querystring: Query({}),
  response: Answers(AccountView),
};

export const saveAlipayAccountSchema = {
  summary: '设置主体自己的支付宝账户（APPID、应用私钥、支付宝公钥、网关）',
  params: IdParams('主体编号'),
  querystring: Query({}),
  body: Body({
    appId: Text({ title: 'APPID', max: 32, numbers: true }),
    privateKey: Type.Optional(Text({ title: '应用私钥', max: 8000, multiline: true, blank: true })),
    alipayPublicKey: Type.Optional(Text({ title: '支付宝公钥', max: 4000, multiline: true, blank: true })),
    gateway: Type.Optional(Text({ title: '网关地址', max: 255, blank: true })),
  }),
  response: Answers(AccountView),
};

export const removeAlipayAccountSchema = {
  summary: '删除主体自己的支付宝账户（之后使用平台默认账户）',
  params: IdParams('主体编号'),
  querystring: Query({}),
  response: Answers(Type.Null()),
};
