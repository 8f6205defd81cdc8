import { Type } from '@sinclair/typebox';
import { REFERENCE_KINDS } from '../../src/domain/references';
import {
  Answers,
  Id,
  IdParam,
  ListQuery,
  LongText,
  OptionalBody,
  Page,
  Params,
  Query,
  Row,
  Text,
} from '../http/schemas/formats';
import { formBody, formText } from './publicSchemas';

/**
 * Self-service registration and its activation by staff (server/README.md, "Route schemas"). The registration
 * form's rules (credit code, place, names, the SMS code) stay with the handlers and their messages; the schemas
 * bound every field's type, characters and length.
 */
const MOBILE = formText(20);
const SMALL_NUMBER = formText(8);

/** A registration as findRegistration reads it: the fields every page shows declared, the others passed on. */
export const registration = Row({
  id: Type.Integer(),
  name: Type.String(),
  platformmark: Type.Integer(),
  status: Type.Integer({ description: '0 待激活，1 已激活，2 已驳回' }),
  createTime: Type.String(),
});

const registrationParams = Params({ id: IdParam('注册编号') });

/** A picked record (REFERENCE_KINDS): blank or absent gets the reference check's 请选择…. */
const picked = (kind: keyof typeof REFERENCE_KINDS) =>
  Type.Optional(Id({ title: REFERENCE_KINDS[kind].label, digits: true, blank: true }));

export const industriesSchema = {
  summary: '注册时可选的行业',
  querystring: Query({}),
  response: Answers(Type.Array(Type.Object({ id: Type.Integer(), nm: Type.Union([Type.String(), Type.Null()]) }))),
};

export const lookupSchema = {
  summary: '按名称联想工商登记的企业（注册用，从 4 个字起）',
  // The form's field has no limit of its own: the handler looks up the first 64 characters of what it holds.
  querystring: Query({ name: formText(1000) }),
  response: Answers(Type.Array(Row({ name: Type.String() }))),
};

export const duplicateSchema = {
  summary: '公司名称或手机号是否已注册',
  querystring: Query({ name: formText(256), mobile: MOBILE }),
  response: Answers(Type.Null()),
};

export const uploadSchema = {
  summary: '上传注册材料图片（multipart，字段 file：营业执照或学生证）',
  querystring: Query({}),
  body: Type.Unsafe({ description: 'multipart/form-data，字段 file：JPG 或 PNG 图片' }),
  consumes: ['multipart/form-data'],
  response: Answers(
    Type.Object({
      id: Type.Integer(),
      url: Type.String({ description: '下载地址，带本次注册的上传凭据 rk' }),
      name: Type.String(),
    }),
  ),
};

export const registerSchema = {
  summary: '提交企业注册',
  querystring: Query({}),
  body: formBody({
    mobile: MOBILE,
    code: formText(16),
    password: formText(128),
    name: formText(256),
    companyNature: formText(32),
    industryId: formText(20),
    companySize: formText(32),
    businessLicense: formText(32),
    invoiceTaxNumber: formText(32),
    province: formText(32),
    city: formText(32),
    district: formText(32),
    legalPersonName: formText(64),
    linkmanName: formText(64),
    licenseUrl: formText(500),
    studentCardUrl: formText(500),
    platformMark: SMALL_NUMBER,
    platformmark: SMALL_NUMBER,
  }),
  response: Answers(Type.Object({ id: Type.Integer() })),
};

export const searchSchema = {
  summary: '待激活的注册信息列表',
  querystring: ListQuery(),
  response: Answers(Page(registration)),
};

/** The same list by POST: its criteria are the query string's, the body is not read. */
export const searchByPostSchema = {
  ...searchSchema,
  summary: '待激活的注册信息列表（POST，条件同查询参数）',
  body: OptionalBody({}),
};

export const activateSchema = {
  summary: '激活注册信息（创建公司与商户账号）',
  params: registrationParams,
  querystring: Query({}),
  body: OptionalBody({ subID: picked('subsidiary'), serviceId: picked('service') }),
  response: Answers(registration),
};

export const rejectSchema = {
  summary: '驳回注册信息',
  params: registrationParams,
  querystring: Query({}),
  body: OptionalBody({ reason: Type.Optional(LongText({ title: '驳回原因', max: 200, numbers: true, blank: true })) }),
  response: Answers(registration),
};

// --- Edits beside the activation (registrationEdits.routes.ts) ----------------------------------------------

const option = Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]) });
const field = (title: string, max: number) => Type.Optional(Text({ title, max, numbers: true, blank: true }));

export const serviceOptionsSchema = {
  summary: '注册信息可分配的客服账号',
  querystring: Query({}),
  response: Answers(Type.Array(option)),
};

export const agencyOptionsSchema = {
  summary: '注册信息可分配的代理账号',
  querystring: Query({}),
  response: Answers(Type.Array(option)),
};

export const assignServiceSchema = {
  summary: '为待激活的注册信息分配客服',
  querystring: Query({}),
  body: Type.Object(
    {
      id: Id({ title: '注册编号', digits: true }),
      serviceId: Id({ title: REFERENCE_KINDS.service.label, digits: true }),
    },
    { additionalProperties: true },
  ),
  response: Answers(registration),
};

export const verifySchema = {
  summary: '校验注册信息（名称、信用代码、手机号，不注册）',
  querystring: Query({}),
  body: formBody({
    name: field('公司名称', 256),
    businessLicense: field('统一社会信用代码', 32),
    mobile: field('手机号', 20),
  }),
  response: Answers(Type.Null()),
};

export const readSchema = {
  summary: '注册信息详情',
  params: registrationParams,
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(registration),
};

export const modificationSchema = {
  summary: '修改待激活的注册信息',
  // The edition's own message (版本只能是 1（标准版）或 3（小规模版）) is the handler's.
  params: Params({ mark: Type.String({ maxLength: 2, description: '版本：1 标准版，3 小规模版' }) }),
  querystring: Query({}),
  body: Type.Object(
    {
      id: Id({ title: '注册编号', digits: true }),
      name: field('公司名称', 256),
      legalPersonName: field('法人姓名', 64),
      linkmanName: field('联系人姓名', 64),
      companyNature: field('公司性质', 32),
      companySize: field('公司规模', 32),
      businessLicense: field('统一社会信用代码', 32),
      industryId: picked('industry'),
      province: field('省', 32),
      city: field('市', 32),
      district: field('区', 32),
    },
    { additionalProperties: true },
  ),
  response: Answers(registration),
};
