import { Type } from '@sinclair/typebox';
import { Answers, Nullable, Query, Row } from '../http/schemas/formats';

/** What the current session may do (server/README.md, "Route schemas"); `platformmark` is an edition, 1 or 3. */
export const permissionLoginSchema = {
  summary: '当前会话的权限（按现在的授权重新读取）',
  querystring: Query({ platformmark: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('3')])) }),
  response: Answers(
    Row({
      userId: Type.Integer(),
      rid: Type.Integer(),
      cid: Nullable(Type.Integer()),
      platformMark: Type.Integer(),
      authorities: Type.Array(Type.Object({ authority: Type.String() })),
    }),
  ),
};
