import { Type } from '@sinclair/typebox';
import { Answers, Choice, Fields, IdParams, Nullable, OptionalBody, Query, Text } from '../http/schemas/formats';

/** What the 消息推送 routes accept and answer (server/README.md, "Route schemas"). */
const url = (title: string) => Type.Optional(Text({ title, max: 512, blank: true }));
const settings = Fields({
  payoutUrl: 'string',
  signingUrl: 'string',
  invoiceUrl: 'string',
  hasSecret: 'boolean',
  secretPrefix: 'string',
  secretTime: 'string',
  updateTime: 'string',
});
const attempt = Fields({ delivered: 'boolean', httpStatus: 'integer', error: 'string', durationMs: 'integer' });

export const readSettingsSchema = {
  summary: '消息推送设置（推送地址；签名密钥只显示前几位）',
  querystring: Query({}),
  response: Answers(settings),
};
export const saveSettingsSchema = {
  summary: '保存消息推送地址（指向本机、内网的地址被拒绝）',
  querystring: Query({}),
  body: OptionalBody({
    payoutUrl: url('打款结果推送地址'),
    signingUrl: url('签约结果推送地址'),
    invoiceUrl: url('发票开具推送地址'),
  }),
  response: Answers(settings),
};
export const secretSchema = {
  summary: '生成或重新生成签名密钥（只在此时显示一次）',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ secret: 'string', secretPrefix: 'string' })),
};
export const testSchema = {
  summary: '向某类消息的推送地址发送一条测试消息',
  querystring: Query({}),
  body: OptionalBody({ kind: Choice([1, 2, 3], { title: '消息类型', digits: true }) }),
  response: Answers(Fields({ deliveryId: 'integer', result: attempt })),
};
export const resendSchema = {
  summary: '重新推送一条消息',
  params: IdParams('推送记录编号'),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(attempt),
};
export const attemptsSchema = {
  summary: '一条消息的每次推送（状态、耗时、请求与应答摘录）',
  params: IdParams('推送记录编号'),
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Fields({
        id: 'integer',
        trigger: 'integer',
        operator: 'string',
        url: 'string',
        httpStatus: 'integer',
        outcome: 'integer',
        error: 'string',
        durationMs: 'integer',
        requestExcerpt: 'string',
        responseExcerpt: 'string',
        createTime: 'string',
      }),
    ),
  ),
};
export const nullableSettings = Nullable(settings);
