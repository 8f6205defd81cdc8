import { Type } from '@sinclair/typebox';
import { Answers, IdParam, ListQuery, Page, Params, Query, Row, Text } from '../http/schemas/formats';

/**
 * What the reference pickers accept and answer (server/README.md, "Route schemas"). The kind is checked by the
 * handler against the declared kinds, with its own message; q= (name, platformmark, usable) by listQuery.ts.
 */
export const KIND_MSG = '不支持的引用类型';
const kind = Text({ title: '引用类型', max: 32, message: KIND_MSG });
const option = Row({ id: Type.Integer(), name: Type.String(), status: Type.Integer({ enum: [0, 1] }) });

export const searchSchema = {
  summary: '引用选择：按名称查找某类记录（调用者范围内）',
  params: Params({ kind }),
  querystring: ListQuery({}, { maxSize: 100 }),
  response: Answers(Page(option)),
};

export const oneSchema = {
  summary: '引用选择：某类记录的一条（编号、名称、状态）',
  params: Params({ kind, id: IdParam('记录编号') }),
  querystring: Query({}),
  response: Answers(option),
};
