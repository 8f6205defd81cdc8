import { Type } from '@sinclair/typebox';
import { Answers, Choice, Fields, Query } from '../http/schemas/formats';

/** 近30天趋势 of the home pages (server/README.md, "Route schemas"). */
export const homeTrendSchema = {
  summary: '首页近30天的充值、打款与服务费趋势',
  querystring: Query({ platformmark: Type.Optional(Choice([1, 3], { title: '版本', digits: true, blank: true })) }),
  response: Answers(
    Type.Array(Fields({ day: 'string', topupAmount: 'integer', payoutAmount: 'integer', chargeAmount: 'integer' })),
  ),
};
