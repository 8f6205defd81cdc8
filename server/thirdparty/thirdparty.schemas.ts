import { Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import {
  Answers,
  Fields,
  HandlerText,
  IdParam,
  Nullable,
  OptionalBody,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';

/**
 * What the open-API key and webhook routes accept and answer (server/README.md, "Route schemas"). The webhook's
 * body is the raw text its signature covers, checked by webhooks.ts; an enterprise id that names nothing is still
 * logged as a refused call, so the path keeps any short text.
 */
const word = HandlerText;

/** Typed loosely: the webhook answers 200, 401, 409 or 429 with its own envelope (webhooks.ts). */
export const webhookSchema: FastifySchema = {
  summary: '服务主体的回调（签名的 JSON，原文验签）',
  params: Params({ enterpriseId: Text({ title: '服务主体编号', max: 32 }) }),
  querystring: Query({}),
  body: Type.Unsafe({ description: '服务主体签名的 JSON 原文（验签见请求头）' }),
  response: Answers(Nullable(Fields({}))),
};
export const replaySchema = {
  summary: '重放服务主体发来的回调',
  params: Params({ id: IdParam('调用记录编号') }),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ callId: 'integer', httpStatus: 'integer', outcome: 'integer' })),
};
export const companyOptionsSchema = {
  summary: '授权表单的商户选择（按名称）',
  querystring: Query({ name: word('商户名称', 128) }),
  response: Answers(Type.Array(Fields({ id: 'integer', name: 'string' }))),
};
export const grantSchema = {
  summary: '为商户生成开放接口密钥',
  querystring: Query({}),
  body: OptionalBody({
    companyId: word('商户编号', 20),
    caller: word('调用方平台名称', 256),
    remark: Type.Optional(Text({ title: '备注', max: 2000, multiline: true, numbers: true, blank: true })),
    scopes: Type.Optional(
      Type.Array(Type.String({ maxLength: 16 }), { maxItems: 8, description: '权限：read、workers、pay、invoices' }),
    ),
    expireTime: Type.Optional(
      Type.Union([Type.String({ maxLength: 19, description: '有效期至（北京时间）' }), Type.Null()]),
    ),
  }),
  response: Answers(
    Fields({
      id: 'integer',
      companyId: 'integer',
      companyName: 'string',
      caller: 'string',
      key: 'string',
      keyId: 'string',
      signingSecret: 'string',
    }),
  ),
};
export const resetKeySchema = {
  summary: '重置开放接口密钥（签名密钥轮换，旧签名密钥在重叠期内仍可用）',
  params: Params({ id: IdParam('授权编号') }),
  querystring: Query({}),
  body: OptionalBody({
    overlapHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 720, description: '旧签名密钥继续有效的小时数' })),
  }),
  response: Answers(
    Fields({
      id: 'integer',
      caller: 'string',
      key: 'string',
      keyId: 'string',
      signingSecret: 'string',
      previousValidUntil: 'string',
    }),
  ),
};
export const keySettingsSchema = {
  summary: '修改开放接口密钥的权限、有效期与每分钟调用次数',
  params: Params({ id: IdParam('授权编号') }),
  querystring: Query({}),
  body: OptionalBody({
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 8 })),
    expireTime: Type.Optional(Type.Union([Type.String({ maxLength: 19 }), Type.Null()])),
    callsPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 6000 })),
  }),
  response: Answers(Fields({ id: 'integer', scopes: 'string', expireTime: 'string', callsPerMinute: 'integer' })),
};
export const verifyKeySchema = {
  summary: '校验开放接口密钥（公开；密钥放在请求头 secretkey，放在地址中会被拒绝）',
  querystring: Query({}),
  response: Answers(
    Nullable(Fields({ companyId: 'integer', companyName: 'string', platformMark: 'integer', caller: 'string' })),
  ),
};
