import { Type } from '@sinclair/typebox';
import { Answers, Fields, IdParam, OptionalBody, Params, Query, Row } from '../http/schemas/formats';

/** What 定时任务's hand-written routes accept and answer (server/README.md, "Route schemas"). */
const jobParams = Params({ id: IdParam('任务编号') });

export const runNowSchema = {
  summary: '立即执行一个定时任务',
  params: jobParams,
  querystring: Query({}),
  body: OptionalBody({}),
  // The job's own outcome (its fields differ by job) with the duration and the process it ran in.
  response: Answers(Row({ duration: Type.String(), host: Type.String() })),
};

export const recentRunsSchema = {
  summary: '定时任务最近的执行记录',
  params: jobParams,
  querystring: Query({}),
  response: Answers(Fields({ runs: Type.Array(Row({})) })),
};
