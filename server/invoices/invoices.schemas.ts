import { Type } from '@sinclair/typebox';
import {
  Answers,
  Fields,
  HandlerText,
  IdParam,
  IdParams,
  ListQuery,
  OptionalBody,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';

/**
 * What the invoice and tax-certificate routes accept and answer (server/README.md, "Route schemas"). The schemas
 * bound types, characters and lengths; the handlers keep the rules and the spec's messages by field (kind,
 * category, mailing details, invoice number, period).
 */
const word = HandlerText;
const lines = (title: string, max = 2000) =>
  Type.Optional(Text({ title, max, multiline: true, numbers: true, blank: true }));
const money = 'number' as const;
const idParams = IdParams;

/** batchIds: a list of batch ids, or their ids joined by commas (the handler refuses empty and repeated ones). */
const batchIds = Type.Optional(
  Type.Union([
    Type.Array(Type.Union([Type.Integer(), Text({ title: '打款批次编号', max: 20 })]), { maxItems: 10_000 }),
    Text({ title: '打款批次编号', max: 200_000 }),
  ]),
);

const batchLine = Fields({
  id: 'integer',
  batchNo: 'string',
  createTime: 'string',
  itemCount: 'integer',
  successCount: 'integer',
  successAmount: money,
  successCharge: money,
  invoiceable: money,
});
const invoice = Fields({
  id: 'integer',
  applyNo: 'string',
  companyId: 'integer',
  companyName: 'string',
  platformMark: 'integer',
  kind: 'integer',
  status: 'integer',
  categoryName: 'string',
  total: money,
  tax: money,
  invoiceNumber: 'string',
  trackingNo: 'string',
  remark: 'string',
  createTime: 'string',
  batches: Type.Array(batchLine),
});

const certificate = Fields({
  id: 'integer',
  companyId: 'integer',
  companyName: 'string',
  period: 'string',
  fileUrl: 'string',
  fileName: 'string',
  remark: 'string',
  createTime: 'string',
});

export const notInvoicedSchema = {
  summary: '公司是否还有可开票的打款批次',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({}),
  response: Answers(Type.Boolean()),
};
export const categoriesSchema = {
  summary: '本版本启用的发票类目',
  querystring: Query({}),
  response: Answers(Type.Array(Fields({ id: 'integer', name: 'string', taxCode: 'string' }))),
};
export const eligibleBatchesSchema = {
  summary: '可开票的打款批次',
  querystring: ListQuery(),
  response: Answers(Page(batchLine)),
};
export const previewSchema = {
  summary: '开票金额预览（所选批次；enterpriseName 为开票的服务主体）',
  querystring: Query({}),
  body: OptionalBody({ batchIds }),
  response: Answers(Fields({ enterpriseName: 'string' })),
};
export const applySchema = {
  summary: '申请开票',
  querystring: Query({}),
  body: OptionalBody({
    batchIds,
    kind: word('发票类型', 8),
    categoryId: word('发票类目', 20),
    remark: lines('备注'),
    recipient: word('收件人', 256),
    recipientPhone: word('收件人电话', 64),
    mailAddress: lines('邮寄地址', 1000),
  }),
  response: Answers(invoice),
};
export const invoiceSearchSchema = {
  summary: '开票申请列表',
  querystring: ListQuery({ platformmark: word('平台版本', 8) }),
  response: Answers(Page(invoice)),
};
export const invoiceSchema = {
  summary: '开票申请详情（含批次）',
  params: idParams('发票申请编号'),
  querystring: Query({}),
  response: Answers(invoice),
};
export const issueSchema = {
  summary: '开票（发票号码或发票文件）',
  params: idParams('发票申请编号'),
  querystring: Query({}),
  body: OptionalBody({ invoiceNumber: word('发票号码'), fileUrl: word('发票文件', 1000) }),
  response: Answers(invoice),
};
export const mailSchema = {
  summary: '纸质发票已邮寄（快递单号）',
  params: idParams('发票申请编号'),
  querystring: Query({}),
  body: OptionalBody({ trackingNo: word('快递单号') }),
  response: Answers(invoice),
};
export const rejectSchema = {
  summary: '驳回开票申请',
  params: idParams('发票申请编号'),
  querystring: Query({}),
  body: OptionalBody({ reason: lines('驳回原因') }),
  response: Answers(invoice),
};
export const ocrSchema = {
  summary: '识别发票文件（multipart，字段 file：PDF、OFD、XML、JPG、PNG）',
  querystring: Query({}),
  body: Type.Unsafe({ description: 'multipart/form-data，字段 file' }),
  consumes: ['multipart/form-data'],
  response: Answers(Fields({ source: 'string', fields: Fields({}), note: 'string' })),
};

// --- Tax payment certificates ---------------------------------------------------------------------------------

export const certificateSearchSchema = {
  summary: '完税证明列表',
  querystring: ListQuery(),
  response: Answers(Page(certificate)),
};
export const certificateSchema = {
  summary: '完税证明详情',
  params: idParams('完税证明编号'),
  querystring: Query({}),
  response: Answers(certificate),
};
export const certificateCreateSchema = {
  summary: '上传完税证明',
  querystring: Query({}),
  body: OptionalBody({
    coid: word('企业编号', 20),
    coname: word('企业名称', 256),
    period: word('所属期', 32),
    fileUrl: word('完税证明文件', 1000),
    fileName: word('文件名', 512),
    remark: lines('备注'),
  }),
  response: Answers(certificate),
};
export const certificateDeleteSchema = {
  summary: '删除完税证明',
  params: idParams('完税证明编号'),
  querystring: Query({}),
  response: Answers(certificate),
};

// --- Invoice categories of an edition other than 1 and 3 -------------------------------------------------------

const markParams = Params({ mark: Text({ title: '版本', max: 16, numbers: true }) });
export const categoriesOfEditionSchema = {
  summary: '发票类目列表（版本只能是 1 或 3）',
  params: markParams,
  querystring: ListQuery(),
  response: Answers(Page(Fields({ id: 'integer', name: 'string' }))),
};
export const categoryOfEditionSchema = {
  summary: '新增发票类目（版本只能是 1 或 3）',
  params: markParams,
  querystring: Query({}),
  body: OptionalBody({ name: word('类目名称', 256) }),
  response: Answers(Fields({ id: 'integer', name: 'string' })),
};
