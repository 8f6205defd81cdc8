import { Type } from '@sinclair/typebox';
import {
  Answers,
  Body,
  ChinaDate,
  Fields,
  Id,
  IdParam,
  Integer,
  ListQuery,
  OptionalBody,
  Page,
  Params,
  Query,
  Row,
  Text,
} from '../http/schemas/formats';

/**
 * What the contract list and the offline contract accept and answer (server/README.md, "Route schemas"). The handlers keep their rules and the spec's messages
 * (请指定要作废的合同, 合同ID格式不正确, the enterpriseIds list, 印章状态只能是0或1); the schemas bound types,
 * characters and lengths.
 */

/** A contract as contracts.repository.ts reads it (ContractRecord); other fields pass. */
const contract = Fields({
  id: 'integer',
  contractNo: 'string',
  nm: 'string',
  companyId: 'integer',
  companyName: 'string',
  csort: 'integer',
  contractStatus: 'integer',
  signStatus: 'integer',
  dataStatus: 'integer',
  signNm: 'string',
  startDate: 'string',
  endDate: 'string',
  signTime: 'string',
  platformMark: 'integer',
  enterpriseId: 'integer',
  enterpriseName: 'string',
  agreementType: 'integer',
  signMode: 'integer',
  fileId: 'integer',
  industryId: 'integer',
  createTime: 'string',
  updateTime: 'string',
});

// --- contracts.routes.ts ---------------------------------------------------------------------------------------

export const contractListSchema = {
  summary: '合同列表（商户：本企业；平台人员：数据范围内）',
  querystring: ListQuery({
    // parseListQuery reads size with its own words: 「size 参数必须是非负整数」 for what is not a number at all.
    size: Type.Optional(Text({ max: 16, blank: true, numbers: true, description: '每页条数，默认 10，最多 1000' })),
  }),
  response: Answers(Page(contract)),
};

export const contractSchema = {
  summary: '合同详情',
  params: Params({ id: IdParam('合同ID') }),
  querystring: Query({}),
  response: Answers(contract),
};

/** The id of the contract to void, in the body or as ?id=; a blank one gets 「请指定要作废的合同」 from the handler. */
const cancelId = Type.Optional(Id({ title: '合同ID', digits: true, blank: true }));
export const cancelSchema = {
  summary: '作废合同（平台人员）',
  querystring: Query({ id: cancelId }),
  body: OptionalBody({ id: cancelId }),
  response: Answers(contract),
};

export const willExpireSchema = {
  summary: '企业 30 天内到期的已签合同（enterpriseIds 按服务主体收窄）',
  params: Params({ companyId: IdParam('公司编号') }),
  // A repeated key arrives as a list, which the handler refuses with its own words (只能出现一次).
  querystring: Query({
    enterpriseIds: Type.Optional(
      Type.Union([
        Text({ title: '服务主体编号', max: 4096 }),
        Type.Array(Text({ title: '服务主体编号', max: 4096 }), { maxItems: 100 }),
      ]),
    ),
  }),
  response: Answers(Type.Array(contract)),
};

// --- uploadSaveContract.routes.ts ------------------------------------------------------------------------------

export const uploadSaveSchema = {
  summary: '登记线下签署的合同（附已上传的合同文件）',
  querystring: Query({}),
  body: Body({
    companyId: Id({ title: '公司编号' }),
    nm: Text({ title: '合同名称', max: 64, min: 1 }),
    fileUrl: Text({ title: '合同文件', max: 255, min: 1, requiredMessage: '请先上传合同文件' }),
    startDate: ChinaDate({ title: '生效日期' }),
    endDate: ChinaDate({ title: '到期日期' }),
    signNm: Text({ title: '签署人', max: 32, min: 1 }),
    csort: Type.Optional(Integer({ title: '合同分类', minimum: 1, maximum: 10 })),
    enterpriseId: Type.Optional(Id({ title: '服务主体编号' })),
    industryId: Type.Optional(Id({ title: '行业编号' })),
    agreementType: Type.Optional(Id({ title: '协议类型' })),
  }),
  response: Answers(Row({ id: Type.Integer() })),
};
