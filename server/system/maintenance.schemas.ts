import { Type } from '@sinclair/typebox';
import { Answers, Nullable, Query, Row } from '../http/schemas/formats';

/** What the public maintenance status answers (server/README.md, "Route schemas"). */
const when = Nullable(Type.String());

export const maintenanceStatusSchema = {
  summary: '系统维护状态（是否维护中、标题和起止时间）',
  querystring: Query({}),
  response: Answers(Row({ active: Type.Boolean(), title: when, startTime: when, endTime: when })),
};
