import { Type } from '@sinclair/typebox';
import { Answers, OptionalBody, Query, Row } from '../http/schemas/formats';

/** What 重建统计汇总 accepts (nothing) and answers (server/README.md, "Route schemas"). */
const totals = Row({ rows: Type.Integer(), entries: Type.Integer(), net: Type.Number(), invoiced: Type.Number() });

export const rebuildSchema = {
  summary: '重建统计汇总（按账本重算，报告前后差异）',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(
    Row({
      rebuildTime: Type.String(),
      durationMs: Type.Integer(),
      ledger: Row({ entries: Type.Integer(), net: Type.Number() }),
      tables: Type.Array(Row({ key: Type.String(), table: Type.String(), before: totals, after: totals })),
      changed: Type.Array(Type.String()),
      consistent: Type.Boolean(),
    }),
  ),
};
