import { Type } from '@sinclair/typebox';
import {
  Answers,
  Fields,
  FileAnswer,
  Id,
  IdParam,
  Integer,
  Nullable,
  OptionalBody,
  Params,
  Query,
  Row,
  Scalar,
  Text,
} from '../http/schemas/formats';

/**
 * What the agreement routes accept and answer (server/README.md, "Route schemas"). The handlers keep the signing
 * rules and their messages (合同编号格式不正确, 请先上传纸质合同扫描件, 请选择1-200份合同); the schemas bound types,
 * characters and lengths.
 */
export const withdrawSchema = {
  summary: '商户撤回尚未签署的协议',
  params: Params({ id: IdParam('合同编号') }),
  querystring: Query({}),
  body: OptionalBody({}),
  // The agreement's signing state, as 查看 shows it.
  response: Answers(Row({})),
};

/** An agreement's signing state (agreementRecords.ts signingState); other fields pass. */
const signingState = Fields({
  id: 'integer',
  nm: 'string',
  contractNo: 'string',
  agreementType: 'integer',
  enterpriseId: 'integer',
  signStatus: 'integer',
  signMode: 'integer',
  signTime: 'string',
  sha256: 'string',
  startDate: 'string',
  endDate: 'string',
  signUrl: 'string',
});
const agreementParams = Params({ id: IdParam('合同编号') });
/** 确认风险: only `true` confirms (assertRiskConfirmed); anything else is read as not confirmed. */
const confirmRisk = Type.Optional(Scalar({ title: '确认风险', blank: true }));

export const startSigningSchema = {
  summary: '商户与签约主体生成协议（或返回未签的协议），风险主体须确认',
  params: Params({ coid: IdParam('公司编号'), enterpriseId: IdParam('主体编号') }),
  querystring: Query({}),
  body: OptionalBody({
    type: Type.Optional(
      Integer({ title: '协议类型', digits: true, blank: true, message: '协议类型不正确或已停用', minimum: 0 }),
    ),
    confirmRisk,
  }),
  response: Answers(signingState),
};

export const signingStateSchema = {
  summary: '协议的签署状态',
  params: agreementParams,
  querystring: Query({}),
  response: Answers(signingState),
};

export const signingLinkSchema = {
  summary: '协议的签署地址（?id= 合同编号）',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({ id: Type.Optional(Id({ title: '合同编号', digits: true })) }),
  response: Answers(Fields({ url: 'string', expiresAt: 'string' })),
};

export const consentSchema = {
  summary: '签署页：协议、双方与主体的风险提示',
  params: agreementParams,
  querystring: Query({}),
  response: Answers(
    Row({
      ...signingState.properties,
      companyName: Type.Optional(Nullable(Type.String())),
      enterpriseName: Type.Optional(Nullable(Type.String())),
      enterpriseStatus: Type.Optional(Nullable(Type.Integer())),
      riskText: Type.Optional(Nullable(Type.String())),
      lockedText: Type.Optional(Nullable(Type.String())),
      notBoundText: Type.Optional(Nullable(Type.String())),
      withdrawable: Type.Boolean(),
      hasDocument: Type.Boolean(),
    }),
  ),
};

export const signSchema = {
  summary: '商户签署协议（e签宝时答签署页地址 esignUrl）',
  params: agreementParams,
  querystring: Query({}),
  body: OptionalBody({ confirmRisk }),
  response: Answers(Row({ ...signingState.properties, esignUrl: Type.Optional(Type.String()) })),
};

export const uploadPaperSchema = {
  summary: '商户上传已签的纸质合同扫描件（?id=&paperUrl=）',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({
    id: Type.Optional(Id({ title: '合同编号', digits: true })),
    paperUrl: Type.Optional(Text({ title: '纸质合同扫描件', max: 2048 })),
    confirmRisk: Type.Optional(Text({ title: '确认风险', max: 8 })),
  }),
  body: OptionalBody({ id: Type.Optional(Id({ title: '合同编号', digits: true })), confirmRisk }),
  response: Answers(signingState),
};

const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const documentSchema = {
  summary: '合同文件（download=1 作为附件，否则在线预览）',
  params: agreementParams,
  querystring: Query({ download: Type.Optional(Text({ title: '下载', max: 8 })) }),
  response: FileAnswer(DOCUMENT_TYPES, '合同文件（PDF，纸质合同为扫描件）'),
};

export const documentLinkSchema = {
  summary: '合同文件的下载地址（有时限）',
  querystring: Query({}),
  body: OptionalBody({ id: Type.Optional(Id({ title: '合同编号', digits: true })) }),
  response: Answers(Fields({ url: 'string', expireTime: 'string' })),
};

export const documentsZipSchema = {
  summary: '批量下载合同文件（zip，1-200 份）',
  querystring: Query({}),
  body: OptionalBody({
    ids: Type.Optional(Type.Array(Id({ title: '合同编号', digits: true }), { title: '合同', maxItems: 10_000 })),
  }),
  response: FileAnswer(['application/zip'], '合同压缩包'),
};
