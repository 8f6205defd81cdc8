import { Type } from '@sinclair/typebox';
import { Answers, Query, Row, Text } from '../http/schemas/formats';

/** What the public version history accepts and answers (server/README.md, "Route schemas"). */
export const publicVersionsSchema = {
  summary: '版本更新记录（公开，最新在前，最多 100 条）',
  // Anything but 3 reads the standard edition's history, as before.
  querystring: Query({ platformmark: Type.Optional(Text({ title: '版本', max: 8 })) }),
  response: Answers(Type.Array(Row({ id: Type.Integer() }))),
};
