import { Type } from '@sinclair/typebox';
import { Answers, FileAnswer, ListQuery, Nullable, Page, Params, Query, Row, Text } from '../http/schemas/formats';

/**
 * What the statistics reports accept and answer (server/README.md, "Route schemas"). The period, edition and
 * filters keep their rules and messages in the handlers (periodQuery.ts, editionParam, listQuery.ts); the schemas
 * bound the types, lengths and characters. A report's rows and totals carry the declaration's own columns, so they
 * pass as they are.
 */
export const REPORT_MSG = '没有这张报表';
const word = (title: string, max = 16) => Type.Optional(Text({ title, max }));

/** The period and edition of a statistics request (periodQuery.ts periodOf, editionParam). */
export const periodQuery = {
  platformmark: word('版本', 8),
  period: word('统计周期'),
  day: word('日期'),
  month: word('月份'),
  from: word('开始日期'),
  to: word('结束日期'),
};
export const XLSX = FileAnswer(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], 'xlsx 表格');
const reportParams = Params({ report: Text({ title: '报表', max: 64, message: REPORT_MSG }) });
const pageProperties = Page(Row({})).properties;

export const reportSchema = {
  summary: '统计报表：一页行、整个区间的合计和图表',
  params: reportParams,
  querystring: ListQuery(periodQuery),
  response: Answers(
    Row({
      ...pageProperties,
      period: Row({ type: Type.String(), from: Type.String(), to: Type.String() }),
      platformMark: Type.Integer(),
    }),
  ),
};

export const reportExportSchema = {
  summary: '导出统计报表（xlsx，含合计行）',
  params: reportParams,
  querystring: ListQuery(periodQuery),
  response: XLSX,
};

const option = Row({ id: Type.Integer(), name: Nullable(Type.String()) });
export const optionsSchema = {
  summary: '统计报表的筛选项：部门和合伙人（调用者范围内）',
  querystring: Query({}),
  response: Answers(Row({ departments: Type.Array(option), partners: Type.Array(option) })),
};
