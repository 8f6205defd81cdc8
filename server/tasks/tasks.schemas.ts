import { Type } from '@sinclair/typebox';
import { TASK_MSG } from '../../src/domain/tasks';
import { Answers, Body, Id, IdParam, Params, Query, Row, Text } from '../http/schemas/formats';

/**
 * What the task routes beside the engine accept and answer (server/README.md, "Route schemas"). The handlers keep
 * their own rules with the spec's messages (pick at least one worker, at most 200 at once, signed workers only);
 * the schemas bound the types and the characters.
 */
const taskParams = Params({ id: IdParam('任务编号') });
const pickerName = Query({ name: Type.Optional(Text({ title: '姓名或手机号', max: 64, numbers: true })) });
const money = Type.Unsafe<number | null>({ type: ['number', 'null'], description: '金额，单位为万分之一元' });
const nullableText = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export const industriesSchema = {
  summary: '任务的行业选择（按名称，最多 20 条）',
  querystring: Query({ name: Type.Optional(Text({ title: '行业名称', max: 64, numbers: true })) }),
  response: Answers(Type.Array(Type.Object({ id: Type.Integer(), name: nullableText }))),
};

export const overviewSchema = {
  summary: '任务概览：各状态数量、金额和最近的任务',
  querystring: Query({}),
  response: Answers(
    Row({
      statusCounts: Type.Array(Type.Object({ status: Type.Integer(), name: Type.String(), count: Type.Integer() })),
      taskCount: Type.Integer(),
      workerCount: Type.Integer(),
      settledAmount: money,
      paidAmount: money,
      paidCount: Type.Integer(),
      recent: Type.Array(
        Row({
          id: Type.Integer(),
          taskNo: nullableText,
          title: nullableText,
          status: Type.Integer(),
          headcount: Type.Integer(),
          assignedCount: Type.Integer(),
          companyName: nullableText,
        }),
      ),
    }),
  ),
};

export const membersSchema = {
  summary: '任务已分配的人员',
  params: taskParams,
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Row({
        id: Type.Integer(),
        workerId: Type.Integer(),
        name: nullableText,
        idMasked: nullableText,
        mobile: nullableText,
        signStatus: Type.Integer(),
        amount: money,
      }),
    ),
  ),
};

export const candidatesSchema = {
  summary: '可分配到任务的已签署人员（按姓名或手机号，最多 20 条）',
  params: taskParams,
  querystring: pickerName,
  response: Answers(
    Type.Array(Row({ id: Type.Integer(), name: nullableText, idMasked: nullableText, mobile: nullableText })),
  ),
};

export const assignSchema = {
  summary: '分配人员到任务',
  params: taskParams,
  querystring: Query({}),
  body: Body({
    workerIds: Type.Optional(
      Type.Array(Id({ title: '人员编号', digits: true }), { maxItems: 10_000, 'x-message': TASK_MSG.pickWorkers }),
    ),
  }),
  response: Answers(Type.Object({ added: Type.Integer() })),
};

export const removeMemberSchema = {
  summary: '从任务移除人员',
  params: Params({ id: IdParam('任务编号'), workerId: IdParam('人员编号') }),
  querystring: Query({}),
  response: Answers(Type.Null()),
};
