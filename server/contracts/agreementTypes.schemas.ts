import { Type } from '@sinclair/typebox';
import { Answers, Body, Choice, Id, Integer, Query, Row, Text } from '../http/schemas/formats';

/**
 * What the agreement-type calls beside the engine accept and answer (server/README.md, "Route schemas"); the
 * handler keeps its rules and messages (该协议类型已存在, 请填写要修改的内容).
 */
const agreementType = Row({
  id: Type.Integer(),
  name: Type.String(),
  sort: Type.Integer(),
  status: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
const choices = Answers(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })));

export const updateAgreementTypeSchema = {
  summary: '新增协议类型（不带 id）或修改其名称、排序、启用状态',
  querystring: Query({}),
  body: Body({
    id: Type.Optional(Id({ title: '类型编号', digits: true })),
    name: Type.Optional(Text({ title: '类型名称', max: 32, min: 1, requiredMessage: '请输入类型名称' })),
    sort: Type.Optional(Integer({ title: '排序', minimum: 0, maximum: 999_999 })),
    status: Type.Optional(Choice([0, 1], { title: '状态' })),
  }),
  response: Answers(agreementType),
};

export const agreementTypesOfEnterpriseSchema = {
  summary: '签约主体已配置模板的启用协议类型（商户可签的协议）',
  querystring: Query({ enterpriseId: Id({ title: '签约主体编号', digits: true }) }),
  response: choices,
};

export const agreementTypeChoicesSchema = {
  summary: '启用的协议类型（选择框）',
  querystring: Query({}),
  response: choices,
};
