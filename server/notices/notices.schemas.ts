import { Type } from '@sinclair/typebox';
import { adNotice } from '../../resources/notices';
import type { FieldDeclaration } from '../../resources/types';
import { declaredFormSchema } from '../http/declaredForm';
import {
  Answers,
  Fields,
  HandlerText,
  Id,
  IdParam,
  ListQuery,
  OptionalBody,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';

/**
 * What the notice routes accept and answer (server/README.md, "Route schemas"). The editor's body is the
 * declaration's form (declaredFormSchema over resources/notices.ts) plus the spec's other names for two of its
 * fields; the handlers keep the title's 2-128 rule, the uploads' checks, the sensitive words and who may read what.
 * A reader's read state is left as the handler answers it.
 */
const word = HandlerText;
/** The small-scale view's calls carry platformmark=3; the handler reads it as that view. */
const view = { platformmark: word('平台版本', 8) };
const noticeId = Type.Optional(Id({ title: '公告编号', digits: true }));

const FORM_FIELDS = adNotice.fields.filter((field) => field.form && !field.readOnly) as (FieldDeclaration & {
  source: string;
})[];
const form = declaredFormSchema(FORM_FIELDS);
const noticeBody = {
  ...form,
  properties: {
    ...form.properties,
    // The spec's savenotifications body names the image imageUrl and the edition platformMark.
    imageUrl: Type.Optional(Text({ title: '公告图片', max: 1000, numbers: true, blank: true })),
    platformMark: form.properties.platformmark,
  },
};

const notice = Fields({
  id: 'integer',
  title: 'string',
  body: 'string',
  url: 'string',
  annexUrl: 'string',
  annexName: 'string',
  publisher: 'string',
  releaseTime: 'string',
  platformmark: 'integer',
  status: 'integer',
  createTime: 'string',
});
const notices = Answers(Page(notice));

export const searchSchema = {
  summary: '公告管理：公告列表（标准版全部版本，小规模版 platformmark=3）',
  querystring: ListQuery(view),
  response: notices,
};
export const saveSchema = {
  summary: '新增公告（草稿）',
  querystring: Query(view),
  body: noticeBody,
  response: Answers(notice),
};
export const updateSchema = {
  summary: '修改公告',
  params: Params({ id: IdParam('公告编号') }),
  querystring: Query(view),
  body: noticeBody,
  response: Answers(notice),
};
export const publishSchema = {
  summary: '发布公告（编号在请求内容或查询参数 id）',
  querystring: Query({ ...view, id: noticeId }),
  body: OptionalBody({ id: noticeId }),
  response: Answers(notice),
};
export const deleteSchema = {
  summary: '删除公告',
  querystring: Query({ ...view, id: noticeId }),
  response: Answers(Type.Null()),
};
export const oneSchema = {
  summary: '公告详情（管理员任意公告；其他人本版本已发布的公告）',
  params: Params({ id: IdParam('公告编号') }),
  querystring: Query({}),
  response: Answers(notice),
};
export const inboxSchema = {
  summary: '本版本已发布的公告及本人的阅读状态',
  querystring: ListQuery({}, { maxSize: 10_000 }),
  response: notices,
};
export const shownSchema = {
  summary: '某版本已发布的公告（商户只看本版本）',
  params: Params({ mark: Text({ title: '平台版本', max: 8 }) }),
  querystring: ListQuery(),
  response: notices,
};
export const readSchema = {
  summary: '标记公告已读，答本人剩余的未读数',
  querystring: Query({ notificationId: noticeId }),
  body: OptionalBody({ notificationId: noticeId }),
  response: Answers(Type.Integer({ minimum: 0 })),
};
export const unreadRepliesSchema = {
  summary: '本企业未读的意见反馈回复数（员工为 0）',
  querystring: Query({}),
  response: Answers(Type.Integer({ minimum: 0 })),
};
