import { Type } from '@sinclair/typebox';
import { recordSchema } from '../engine/schemas';
import { Answers, Id, IdParam, OptionalBody, Params, Query, Text } from '../http/schemas/formats';
import { agreementTemplatesBinding } from './agreementTemplates.binding';

/**
 * What the template routes beside the engine accept and answer (server/README.md, "Route schemas"): the template
 * as the engine reads it, and the handlers' own messages (模板编号格式不正确, 印章状态只能是0（作废）或1（正常）).
 */
const template = recordSchema([agreementTemplatesBinding]);
const templateParams = Params({ id: IdParam('模板编号') });

export const unboundTemplatesSchema = {
  summary: '未绑定签约主体的协议模板（q=platformmark:1|3）',
  querystring: Query({
    // Decoded by filtersOf from the address, which takes platformmark only.
    q: Type.Optional(Type.String({ maxLength: 4096, description: '查询条件 platformmark:1 或 platformmark:3' })),
    _: Type.Optional(Type.String({ maxLength: 32 })),
  }),
  response: Answers(Type.Array(template)),
};

export const toggleTemplateUseSchema = {
  summary: '协议模板启用 ↔ 停用',
  params: templateParams,
  querystring: Query({}),
  response: Answers(template),
};

const templateId = Type.Optional(Id({ title: '模板编号', digits: true }));
export const unbindTemplateSchema = {
  summary: '协议模板解绑签约主体（?agreementId=）',
  querystring: Query({ agreementId: templateId }),
  body: OptionalBody({ agreementId: templateId }),
  response: Answers(template),
};

export const deleteTemplateSchema = {
  summary: '删除协议模板（未使用且无正常印章）',
  params: templateParams,
  querystring: Query({}),
  response: Answers(Type.Null()),
};

export const sealStatusSchema = {
  summary: '印章状态：0 作废、1 恢复之外的状态（一律拒绝）',
  params: Params({ id: IdParam('印章编号'), status: Text({ title: '印章状态', max: 16 }) }),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Type.Null()),
};
