import { Type } from '@sinclair/typebox';
import { Answers, IdParam, Nullable, OptionalBody, Params, Query, Row, Text } from '../http/schemas/formats';

/**
 * What 系统工具 accepts and answers (server/README.md, "Route schemas"). The tools take no body (the page posts
 * `{}`); the mobile number keeps the handler's message.
 */
export const SMS_MOBILE_MSG = '请输入正确的11位手机号';
const noBody = OptionalBody({});
const nullableText = Nullable(Type.String());

export const stuckPayoutsSchema = {
  summary: '超时未发出的待打款明细（最多 200 条）',
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Row({
        id: Type.Integer(),
        batchId: Type.Integer(),
        companyId: Type.Integer(),
        amount: Type.Integer(),
        companyName: Type.String(),
        bankCard: Type.String(),
      }),
    ),
  ),
};

export const rerunPayoutSchema = {
  summary: '立即重新处理一笔待打款明细',
  params: Params({ id: IdParam('打款明细编号') }),
  querystring: Query({}),
  body: noBody,
  response: Answers(Row({ id: Type.Integer(), ok: Type.Boolean(), status: Type.Integer(), reason: nullableText })),
};

export const smsLogSchema = {
  summary: '某手机号最近的短信（最多 20 条）',
  querystring: Query({ mobile: Type.Optional(Text({ title: '手机号', max: 20, message: SMS_MOBILE_MSG })) }),
  response: Answers(
    Type.Array(
      Row({
        id: Type.Integer(),
        mobile: Type.String(),
        type: Type.Integer(),
        typeName: Type.String(),
        template: Type.String(),
        status: Type.Integer(),
        statusName: Type.String(),
        reason: nullableText,
        createTime: Type.String(),
        resendable: Type.Boolean(),
      }),
    ),
  ),
};

export const resendSmsSchema = {
  summary: '向短信记录的手机号重新发送验证码（新验证码）',
  params: Params({ id: IdParam('短信记录编号') }),
  querystring: Query({}),
  body: noBody,
  response: Answers(Type.Null()),
};

export const ledgerCheckSchema = {
  summary: '核对账本：余额与流水之和不一致（或为负）的账户',
  querystring: Query({}),
  body: noBody,
  response: Answers(
    Row({
      checkedAccounts: Type.Integer(),
      checkTime: Type.String(),
      discrepancies: Type.Array(
        Row({
          companyId: Type.Integer(),
          platformMark: Type.Integer(),
          balance: Type.Number(),
          entrySum: Type.Number(),
          companyName: Type.String(),
          difference: Type.Number(),
        }),
      ),
    }),
  ),
};
