import { Type } from '@sinclair/typebox';
import { HELP_LIMITS } from '../../src/domain/help';
import { Answers, Body, LongText, Query, Row } from '../http/schemas/formats';

/** What the help center beside the engine accepts and answers (server/README.md, "Route schemas"). */
export const BODY_REQUIRED_MSG = '请输入正文';

export const categoryOptionsSchema = {
  summary: '帮助分类选项（按排序）',
  querystring: Query({}),
  response: Answers(Type.Array(Row({ id: Type.Integer(), name: Type.String() }))),
};

export const previewSchema = {
  summary: '预览帮助文章正文（与保存时相同的渲染和净化）',
  querystring: Query({}),
  body: Body({
    // Optional: a missing body gets the handler's 请输入正文.
    body: Type.Optional(LongText({ title: '正文', max: HELP_LIMITS.body, requiredMessage: BODY_REQUIRED_MSG })),
  }),
  response: Answers(Row({ html: Type.String() })),
};
