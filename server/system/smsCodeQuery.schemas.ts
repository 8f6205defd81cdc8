import { Type } from '@sinclair/typebox';
import { Answers, ListQuery, Page, Row } from '../http/schemas/formats';

/**
 * What 验证码查询 accepts and answers (server/README.md, "Route schemas"): q= (mobile, type) is checked by
 * listQuery.ts against the declaration's filters; a code that still works is answered masked.
 */
export const smsCodesSchema = {
  summary: '验证码查询（仍有效的验证码已打码）',
  querystring: ListQuery(),
  response: Answers(
    Page(
      Row({
        id: Type.Integer(),
        mobile: Type.String(),
        code: Type.String(),
        type: Type.Integer(),
        createTime: Type.String(),
        used: Type.Integer({ enum: [0, 1] }),
      }),
    ),
  ),
};
